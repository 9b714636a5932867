// The repository-level suites that need the real app in-process (server/test/harness.ts) but are
// not unit or integration tests of one domain: API fuzzing (fuzz/), mixed load (load/) and fault
// injection (faults/). scripts/test.mjs runs each folder as its own suite.
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{fuzz,load,faults}/**/*.spec.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/../server/jest.transform.js' },
  testTimeout: 240_000,
  maxWorkers: 1,
};
