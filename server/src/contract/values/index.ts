// Plain values and pure rules of the contract: no zod and no imports from outside this folder, so
// the client imports them at run time ('@contract/values') without pulling the schemas in.
export * from './activities';
export * from './bmi';
export * from './credits';
export * from './evidence';
export * from './goals';
export * from './jobs';
export * from './ledger';
export * from './profile';
export * from './proofs';
export * from './time-zones';
export * from './training-log';
export * from './uploads';
export * from './users';
export * from './workouts';
