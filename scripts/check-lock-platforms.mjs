#!/usr/bin/env node
// Fails (exit 1) unless package-lock.json installs on every platform the project supports: Linux
// (glibc and musl), macOS and Windows, on x64 and arm64. A lock written over an installed tree can
// keep only that machine's native bindings (rollup, rolldown, unrs-resolver, lightningcss...), and
// `npm ci` elsewhere then builds and tests nothing. Two proofs, neither downloads a package:
// - every optional dependency a locked package declares is locked too;
// - `npm ci --dry-run --os --cpu --libc` for each platform, from the lock alone, adds a binding of
//   each native package that has one for that platform.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = process.env.DEPS_CHECK_LOCKFILE ?? join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const { packages } = lock;

export const PLATFORMS = [
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'linux', cpu: 'x64', libc: 'musl' },
  { os: 'linux', cpu: 'arm64', libc: 'musl' },
  { os: 'darwin', cpu: 'x64' },
  { os: 'darwin', cpu: 'arm64' },
  { os: 'win32', cpu: 'x64' },
  { os: 'win32', cpu: 'arm64' },
];

/** The lock entry path a dependency `name` of the package at `from` resolves to, as Node walks up. */
function resolveIn(from, name) {
  for (let dir = from; ;) {
    const path = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[path]) return path;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('/node_modules/');
    // A workspace folder ('server') walks up to the root.
    dir = cut === -1 ? '' : dir.slice(0, cut);
  }
}

/** Whether a lock entry's os/cpu/libc fields allow the platform (npm's rule: a `!x` entry excludes). */
function allows(entry, platform) {
  const fits = (list, value) =>
    !list || value === undefined
      ? true
      : list.some((v) => v === value) || (list.every((v) => v.startsWith('!')) && !list.includes(`!${value}`));
  return fits(entry.os, platform.os) && fits(entry.cpu, platform.cpu) && fits(entry.libc, platform.libc);
}

const missing = [];
/** Per native package: the lock paths of its platform-specific optional dependencies. */
const families = new Map();
for (const [path, entry] of Object.entries(packages)) {
  if (!path) continue;
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    const target = resolveIn(path, name);
    if (!target) {
      missing.push(`${name} (optional dependency of ${path})`);
      continue;
    }
    const dep = packages[target];
    if (dep.os || dep.cpu || dep.libc) families.set(path, [...(families.get(path) ?? []), target]);
  }
}

/** The package paths `npm ci --dry-run` would add on a platform, starting from no node_modules. */
async function dryRun(platform) {
  const dir = mkdtempSync(join(tmpdir(), 'lock-platforms-'));
  try {
    const manifests = [
      'package.json',
      ...(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces ?? []).map((w) =>
        join(w, 'package.json'),
      ),
    ];
    for (const file of manifests) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(join(ROOT, file), join(dir, file));
    }
    copyFileSync(lockPath, join(dir, 'package-lock.json'));
    const flags = Object.entries(platform).map(([k, v]) => `--${k}=${v}`);
    const { stdout } = await promisify(execFile)(
      'npm',
      ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', ...flags],
      { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    ).catch((err) => {
      const why = String(err.stderr)
        .split('\n')
        .filter((l) => /Invalid|Missing|ERR|error code/.test(l))
        .slice(0, 5);
      throw new Error(`npm ci refuses the lock on ${Object.values(platform).join('-')}:\n  ${why.join('\n  ')}`);
    });
    return new Set(stdout.split('\n').flatMap((line) => (line.startsWith('add ') ? [line.split(' ')[1]] : [])));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const failures = missing.map((m) => `not in the lock: ${m}`);
if (failures.length) fail();
const results = await Promise.all(PLATFORMS.map(async (platform) => ({ platform, added: await dryRun(platform) })));
for (const { platform, added } of results) {
  const label = Object.values(platform).join('-');
  for (const [parent, bindings] of families) {
    const fitting = bindings.filter((b) => allows(packages[b], platform));
    const name = (p) => p.slice(p.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (fitting.length && !fitting.some((b) => added.has(name(b))))
      failures.push(`${label}: npm ci would install none of ${parent}'s bindings (${fitting.map(name).join(', ')})`);
  }
}

if (failures.length) fail();

function fail() {
  console.log(`[deps] the lockfile does not install everywhere:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `[deps] the lockfile installs on ${PLATFORMS.map((p) => Object.values(p).join('-')).join(', ')}: ` +
    `${families.size} native packages each get their binding`,
);
