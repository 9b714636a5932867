#!/usr/bin/env node
// `go test -json … | node local-store/go-test-report.mjs SUMMARY`: prints what a reader of
// `go test` would see (each package's result, the output of a test that failed) and writes
// {"passed": N, "failed": N} to SUMMARY for `npm test`. Counted are the tests without subtests
// (a table-driven test counts each case); a package that failed without a failed test (it did
// not compile, it panicked) counts as one failure. Exits 1 if anything failed.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const summaryFile = process.argv[2];
const results = new Map(); // "package test" → pass | fail | skip
const outputs = new Map(); // "package test" → its output lines
const failedPackages = new Set();

for await (const line of createInterface({ input: process.stdin })) {
  let event;
  try {
    event = JSON.parse(line);
  } catch {
    console.log(line); // go's own messages (a build error before any test ran)
    continue;
  }
  const key = `${event.Package} ${event.Test ?? ''}`;
  if (event.Action === 'output') {
    if (event.Test) outputs.set(key, [...(outputs.get(key) ?? []), event.Output]);
    else process.stdout.write(event.Output); // the package's own lines: ok, FAIL, build errors
  } else if (['pass', 'fail', 'skip'].includes(event.Action)) {
    if (event.Test) results.set(key, event.Action);
    else if (event.Action === 'fail') failedPackages.add(event.Package);
  }
}

const keys = [...results.keys()];
const leaves = keys.filter((key) => !keys.some((other) => other.startsWith(`${key}/`)));
const count = (action) => leaves.filter((key) => results.get(key) === action).length;
for (const key of leaves.filter((k) => results.get(k) === 'fail'))
  process.stdout.write(outputs.get(key)?.join('') ?? `--- FAIL: ${key}\n`);

const failedTestPackages = new Set(leaves.filter((k) => results.get(k) === 'fail').map((k) => k.split(' ')[0]));
const passed = count('pass');
const failed = count('fail') + [...failedPackages].filter((p) => !failedTestPackages.has(p)).length;
console.log(`local-store: ${passed} passed, ${failed} failed, ${count('skip')} skipped`);
writeFileSync(summaryFile, JSON.stringify({ passed, failed }));
process.exit(failed > 0 ? 1 : 0);
