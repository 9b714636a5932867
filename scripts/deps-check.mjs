#!/usr/bin/env node
// `npm run deps:check`: fails (exit 1) when the installed tree holds a known-vulnerable package or
// a direct dependency is deprecated. Vulnerable: npm's advisory database through `npm audit` when
// the registry serves it (high and critical findings fail), and scripts/known-vulnerable.json
// checked against package-lock.json, which works where the registry does not (this machine's
// answers 405). Deprecated: a `deprecated` field in the installed package.json, and the registry's
// word on the installed version (`npm view`), since the lock and the tarballs do not record it.
// `--offline` skips npm audit and the registry.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..');
// The tree checked: this repository, or another one (the tests' doctored trees).
const ROOT = process.env.DEPS_CHECK_ROOT ?? REPO;
const lockPath = process.env.DEPS_CHECK_LOCKFILE ?? join(ROOT, 'package-lock.json');
const offline = process.argv.includes('--offline');
const known = JSON.parse(readFileSync(join(REPO, 'scripts', 'known-vulnerable.json'), 'utf8')).packages;

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

if (!offline) {
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

findings.push(...(await deprecatedDirectDependencies()));

/** The direct dependencies (root and workspaces) whose installed version is deprecated. */
async function deprecatedDirectDependencies() {
  const root = readJson(join(ROOT, 'package.json'));
  const direct = [ROOT, ...(root.workspaces ?? []).map((w) => join(ROOT, w))].flatMap((dir) => {
    const manifest = readJson(join(dir, 'package.json'));
    return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).map((name) => ({ dir, name }));
  });
  const found = [];
  const queue = [...direct];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const installed = installedManifest(next.dir, next.name);
      if (!installed) continue;
      // An alias (`x: npm:@scope/y`) is installed under its alias and asked of the registry by its real name.
      const notice = installed.deprecated ?? (offline ? undefined : await registryDeprecation(installed));
      if (notice) found.push(`${next.name}@${installed.version} is deprecated: ${notice}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return found;
}

function installedManifest(dir, name) {
  for (const base of [dir, ROOT]) {
    const path = join(base, 'node_modules', name, 'package.json');
    if (existsSync(path)) return readJson(path);
  }
  return undefined;
}

async function registryDeprecation({ name, version }) {
  try {
    const { stdout } = await promisify(execFile)('npm', ['view', `${name}@${version}`, 'deprecated', '--json'], {
      encoding: 'utf8',
    });
    return stdout.trim() ? JSON.parse(stdout) : undefined;
  } catch {
    return undefined; // a registry that does not answer cannot say; the installed metadata still did
  }
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

if (findings.length) {
  console.log(
    `[deps] ${findings.length} known-vulnerable, banned or deprecated package(s):\n  ${findings.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `[deps] no known-vulnerable package among ${Object.keys(packages).length - 1} installed, no deprecated direct dependency`,
);
