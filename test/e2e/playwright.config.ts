/**
 * End-to-end: Playwright driving Debian's Chromium against the real built server (global-setup.ts).
 * Run all of it with `npm test -- e2e` (scripts/test.mjs picks the reporters), or directly:
 *   npx playwright test -c test/e2e/playwright.config.ts [spec-file] [--headed]
 * Specs: test/e2e/<domain>.spec.ts, importing `test`/`expect` and helpers from ./fixtures.
 * Artifacts (git-ignored): test/artifacts/screenshots/<name>.png (explicit, see fixtures `screenshot`),
 * test/artifacts/playwright/ (failure screenshots and traces), test/artifacts/e2e-server.log.
 */
import { join } from 'node:path';

import { defineConfig } from '@playwright/test';

import { ARTIFACTS, serverUrl } from './server';

export default defineConfig({
  testDir: __dirname,
  testMatch: '*.spec.ts',
  globalSetup: join(__dirname, 'global-setup.ts'),
  outputDir: join(ARTIFACTS, 'playwright'),
  // One server for the run; each test signs in with its own fresh wallet, so files run side by side.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    // Set by global setup before the workers start (they read this config again).
    baseURL: serverUrl(),
    headless: true,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
