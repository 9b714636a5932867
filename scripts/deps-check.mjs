#!/usr/bin/env node
// `npm run deps:check`: fails (exit 1) when the installed tree holds a known-vulnerable package.
// Two sources: npm's advisory database through `npm audit` when the registry serves it (high and
// critical findings fail), and scripts/known-vulnerable.json checked against package-lock.json,
// which works where the registry does not (this machine's answers 405). `--offline` skips npm audit.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = process.env.DEPS_CHECK_LOCKFILE ?? join(ROOT, 'package-lock.json');
const known = JSON.parse(readFileSync(join(ROOT, 'scripts', 'known-vulnerable.json'), 'utf8')).packages;

/** a < b for plain x.y.z versions (pre-release tags ignored). */
function below(a, b) {
  const [x, y] = [a, b].map((v) => v.split('-')[0].split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

const findings = [];
const { packages } = JSON.parse(readFileSync(lockPath, 'utf8'));
for (const [path, entry] of Object.entries(packages)) {
  if (!path.includes('node_modules/') || !entry.version) continue;
  // An alias (`xmldom` → npm:@xmldom/xmldom) records the real package's name.
  const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  for (const rule of known) {
    if (rule.name === name && below(entry.version, rule.below))
      findings.push(`${name}@${entry.version} (${path}): ${rule.advisory}`);
  }
}

if (!process.argv.includes('--offline')) {
  try {
    const out = execFileSync('npm', ['audit', '--json', '--omit=dev'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    report(JSON.parse(out));
  } catch (err) {
    // npm audit exits 1 when it finds something, with the report on stdout; an unavailable endpoint has none.
    const body = err.stdout ? JSON.parse(err.stdout) : {};
    if (body.vulnerabilities) report(body);
    else
      console.log(
        `[deps] npm audit unavailable here (${body.message ?? body.error?.summary ?? String(err.message).split('\n')[0]}); checked the lockfile only`,
      );
  }
}

function report(audit) {
  for (const [name, v] of Object.entries(audit.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical') findings.push(`${name}: ${v.severity} (npm audit)`);
  }
}

if (findings.length) {
  console.log(`[deps] ${findings.length} known-vulnerable or banned package(s):\n  ${findings.join('\n  ')}`);
  process.exit(1);
}
console.log(`[deps] no known-vulnerable package among ${Object.keys(packages).length - 1} installed`);
