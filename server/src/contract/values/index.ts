// Plain values and pure rules of the contract: no zod and no imports from outside this folder, so
// the client imports them at run time ('@contract/values') without pulling the schemas in.
export * from './jobs';
export * from './users';
export * from './workouts';
export * from './credits';
export * from './ledger';
export * from './goals';
export * from './uploads';
export * from './bmi';
export * from './proofs';
export * from './activities';
export * from './profile';
export * from './time-zones';
export * from './evidence';
