// Request/response schemas shared by the server (validation, OpenAPI) and the client (types), and the
// plain values and pure rules both sides use (values/, which the client imports at run time).
export * from './achievements';
export * from './activities';
export * from './auth';
export * from './bmi';
export * from './common';
export * from './credits';
export * from './errors';
export * from './goals';
export * from './ledger';
export * from './profile';
export * from './proofs';
export * from './system';
export * from './text';
export * from './training-log';
export * from './uploads';
export * from './user';
export * from './values';
export * from './wallet';
export * from './workouts';
