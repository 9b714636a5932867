#!/usr/bin/env node
// `npm run lint [-- --no-cache]`: ESLint over the tree, then Prettier's check; exits 1 on a finding
// of either. Both keep a cache in .data/ (eslint-cache, prettier-cache), keyed by file content; a
// type-aware finding in one file can come from a change in another, which ESLint's cache does not
// see, so `--no-cache` checks every file again (CI starts without a cache).
// With `--report FILE` it also writes {"passed": 1, "failed": 0} (or the reverse) for scripts/test.mjs.
import { writeFileSync } from 'node:fs';

import { ensureDependencies, ensureNodeRuntime, run, say } from './lib.mjs';

ensureNodeRuntime();
// A fresh clone has no ESLint or Prettier yet: without this, npx refuses and lint reports findings.
await ensureDependencies();

const args = process.argv.slice(2);
const reportAt = args.includes('--report') ? args[args.indexOf('--report') + 1] : null;
const cache = (tool) =>
  args.includes('--no-cache')
    ? []
    : ['--cache', '--cache-location', `.data/${tool}-cache`, '--cache-strategy', 'content'];

const started = Date.now();
const eslint = await run('npx', ['eslint', ...cache('eslint'), '.']);
const prettier = await run('npx', ['prettier', '--check', ...cache('prettier'), '--log-level', 'warn', '.']);
const failed = [eslint !== 0 && 'ESLint', prettier !== 0 && 'Prettier (`npm run format` fixes it)'].filter(Boolean);
const clean = failed.length === 0;
say(
  `lint: ${clean ? 'clean' : `findings from ${failed.join(' and ')}`} in ${Math.round((Date.now() - started) / 1000)} s`,
);
if (reportAt) writeFileSync(reportAt, JSON.stringify({ passed: clean ? 1 : 0, failed: clean ? 0 : 1 }));
process.exit(clean ? 0 : 1);
