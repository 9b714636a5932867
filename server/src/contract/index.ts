// Request/response schemas shared by the server (validation, OpenAPI) and the client (types), and the
// plain values and pure rules both sides use (values/, which the client imports at run time).
export * from './values';
export * from './common';
export * from './errors';
export * from './text';
export * from './user';
export * from './profile';
export * from './auth';
export * from './system';
export * from './ledger';
export * from './credits';
export * from './goals';
export * from './wallet';
export * from './workouts';
export * from './achievements';
export * from './uploads';
export * from './bmi';
export * from './proofs';
export * from './activities';
