// Server suites: pure rules (src/, *.spec.ts) and HTTP integration against the real local database and Redis (test/).
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: { '^.+\\.ts$': '<rootDir>/jest.transform.js' },
  testTimeout: 60000,
  maxWorkers: 2,
};
