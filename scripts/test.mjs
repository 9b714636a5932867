#!/usr/bin/env node
// `npm test [-- lint|server|client|fuzz|faults|workflows|local-store|e2e ...]`: every suite (or the ones named), against the real local
// database and Redis, which it starts unless MONGODB_URI/REDIS_URL are given (and stops again if it
// started them). Each suite streams its own output; its machine-readable report gives the counts.
// The last line printed is always `tests: N passed, N failed`; the exit code is 1 if anything failed.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  build,
  ensureDependencies,
  ensureNodeRuntime,
  ensureServices,
  exitOnSignals,
  onCleanup,
  ROOT,
  run,
  runCleanups,
  say,
  serviceEnv,
  StepFailed,
} from './lib.mjs';

ensureNodeRuntime();

const E2E_CONFIG = 'test/e2e/playwright.config.ts';
const SUITE_TIMEOUT_MS = 25 * 60_000; // a hung suite must fail, not eat the CI budget (the server suite takes 10-15 min)
const reports = mkdtempSync(join(tmpdir(), 'sweat-tests-'));
// Jest loads the ES-module packages (NestJS 12) through Node's require(esm) only with VM modules on.
const env = {
  ...process.env,
  ...serviceEnv(),
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
};

/**
 * Each suite: what it builds, how to run it, and how to read its report file into counts. A suite
 * without tests yet answers 0/0 (the runners are told to pass with no tests). Builds are checks
 * too (tsc type-checks the server; Vite bundles the client), and so is the type check of each with
 * its tests (typecheckAll): a failed one counts one failure. Only `requiresBuild` suites are
 * skipped when their build failed.
 */
const SUITES = {
  // ESLint and Prettier over the tree (scripts/lint.mjs): one count, failed on any finding.
  lint: {
    builds: [],
    command: (out) => ['node', ['scripts/lint.mjs', '--report', out]],
    count: (r) => ({ passed: r.passed, failed: r.failed }),
  },
  server: {
    builds: ['server'],
    // Test files use their own database and Redis prefix, so two workers are safe. --forceExit:
    // a socket a test forgot to close must not hang CI after the results are in.
    command: (out) => [
      'npx',
      [
        'jest',
        '-c',
        'server/jest.config.js',
        '--maxWorkers=2',
        '--passWithNoTests',
        '--forceExit',
        '--json',
        `--outputFile=${out}`,
      ],
    ],
    count: (r) => ({ passed: r.numPassedTests, failed: jestFailures(r) }),
  },
  client: {
    builds: ['client'],
    command: (out) => [
      'npx',
      [
        'vitest',
        'run',
        '--root',
        'client',
        '--passWithNoTests',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${out}`,
      ],
    ],
    count: (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }),
  },
  // Schemathesis over the OpenAPI document (test/fuzz): one count per operation, from the summary the spec writes.
  fuzz: {
    builds: [],
    command: (out) => {
      env.FUZZ_SUMMARY = out;
      return ['npx', ['jest', '-c', 'test/jest.config.js', '--forceExit', 'test/fuzz/']];
    },
    count: (r) => ({ passed: r.passed, failed: r.failed }),
  },
  // Mixed load and fault injection (test/load, test/faults): the real app in-process, private Redis and FerretDB.
  faults: {
    builds: [],
    command: (out) => [
      'npx',
      [
        'jest',
        '-c',
        'test/jest.config.js',
        '--passWithNoTests',
        '--forceExit',
        '--json',
        `--outputFile=${out}`,
        'test/load/',
        'test/faults/',
      ],
    ],
    count: (r) => ({ passed: r.numPassedTests, failed: jestFailures(r) }),
  },
  // The hosted CI's workflow (.github/workflows), checked by actionlint: one count per workflow file.
  workflows: {
    builds: [],
    command: (out) => ['bash', ['scripts/actionlint.sh', out]],
    count: (r) => ({ passed: r.passed, failed: r.failed }),
  },
  // The local store's Go tests (local-store/test.sh): FerretDB's own for the packages our patches
  // change, and one file per patch of ours; counts from the summary it writes.
  'local-store': {
    builds: [],
    command: (out) => ['bash', ['local-store/test.sh', '--summary', out]],
    count: (r) => ({ passed: r.passed, failed: r.failed }),
  },
  e2e: {
    builds: ['server', 'client'],
    requiresBuild: true,
    skip: () => (existsSync(join(ROOT, E2E_CONFIG)) ? null : `no ${E2E_CONFIG} yet`),
    command: (out) => {
      env.PLAYWRIGHT_JSON_OUTPUT_NAME = out;
      return ['npx', ['playwright', 'test', '-c', E2E_CONFIG, '--reporter=list,json']];
    },
    count: (r) => ({ passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0), failed: r.stats?.unexpected ?? 0 }),
  },
};

/** Failed tests, plus one for each file that failed without a failed test (did not compile, crashed in a hook). */
function jestFailures(report) {
  let failed = 0;
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed').length;
    failed += failedTests || (file.status === 'failed' ? 1 : 0);
  }
  return Math.max(failed, report.numFailedTests ?? 0);
}

function selectedSuites() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const unknown = asked.filter((name) => !SUITES[name]);
  if (unknown.length) {
    say(`unknown suite(s): ${unknown.join(', ')} (choose from ${Object.keys(SUITES).join(', ')})`);
    process.exit(2);
  }
  return asked.length ? asked : Object.keys(SUITES);
}

/** Builds every target the chosen suites need (each once); answers the ones that failed. */
async function buildAll(names) {
  const targets = [...new Set(names.flatMap((name) => SUITES[name].builds))];
  const failed = new Set();
  for (const target of targets) if ((await build(target)) !== 0) failed.add(target);
  return failed;
}

/**
 * Type-checks those targets with their tests (`npm run typecheck -w …`): the builds compile the
 * sources alone (the Docker images build without the tests), and Jest's and Vitest's transforms
 * only strip types. Answers how many failed; a failure skips no suite.
 */
async function typecheckAll(names) {
  const targets = [...new Set(names.flatMap((name) => SUITES[name].builds))];
  let failed = 0;
  for (const target of targets) {
    say(`type-checking ${target} with its tests`);
    if ((await run('npm', ['run', 'typecheck', '-w', target], { env })) !== 0) failed++;
  }
  return failed;
}

async function runSuite(name, failedBuilds) {
  const suite = SUITES[name];
  const skipped =
    suite.skip?.() ??
    (suite.requiresBuild && suite.builds.some((t) => failedBuilds.has(t)) ? 'its build failed' : null);
  if (skipped) {
    say(`${name}: skipped (${skipped})`);
    return { passed: 0, failed: 0 };
  }
  say(`${name}: running`);
  const out = join(reports, `${name}.json`);
  const [command, args] = suite.command(out);
  const code = await runWithTimeout(command, args);
  return readCounts(name, suite, out, code);
}

/** Own process group, so a timeout or Ctrl-C stops the runner together with its workers and browsers. */
function runWithTimeout(command, args) {
  return run(command, args, { env, detached: true, timeoutMs: SUITE_TIMEOUT_MS });
}

/** The report's counts; a suite that crashed (non-zero exit, no failures reported) counts one failure. */
function readCounts(name, suite, out, code) {
  let counts = { passed: 0, failed: 0 };
  try {
    counts = suite.count(JSON.parse(readFileSync(out, 'utf8')));
  } catch {
    if (code === 0) say(`${name}: no report at ${out}; counting 0 tests`);
  }
  if (code !== 0 && counts.failed === 0) {
    say(`${name}: exited with code ${code} without reporting a failed test; counting it as 1 failure`);
    counts.failed = 1;
  }
  say(`${name}: ${counts.passed} passed, ${counts.failed} failed`);
  return counts;
}

async function main() {
  exitOnSignals();
  onCleanup(() => rmSync(reports, { recursive: true, force: true }));
  const names = selectedSuites();
  await ensureDependencies();
  await ensureServices();
  const failedBuilds = await buildAll(names);
  const total = { passed: 0, failed: failedBuilds.size + (await typecheckAll(names)) };
  for (const name of names) {
    const counts = await runSuite(name, failedBuilds);
    total.passed += counts.passed;
    total.failed += counts.failed;
  }
  // Printed last, after everything else (services stop first), so CI can read it as the final line.
  await runCleanups();
  console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
  process.exit(total.failed > 0 ? 1 : 0);
}

// Even when setup fails (no dependencies, no services), the run ends with the tests line.
main().catch(async (err) => {
  say(err instanceof StepFailed ? err.message : (err.stack ?? String(err)));
  await runCleanups();
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
});
