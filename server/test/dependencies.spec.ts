import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const LOCK = join(ROOT, 'package-lock.json');

/** A check script (`npm run deps:check --offline` by default) on a lockfile: its exit code and output. */
function depsCheck(
  lockfile: string,
  script = 'deps-check.mjs',
  env: NodeJS.ProcessEnv = {},
): { code: number; out: string } {
  try {
    const out = execFileSync('node', [join(ROOT, 'scripts', script), '--offline'], {
      env: { ...process.env, DEPS_CHECK_LOCKFILE: lockfile, ...env },
      encoding: 'utf8',
    });
    return { code: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string };
    return { code: e.status, out: e.stdout };
  }
}

describe('dependency hygiene', () => {
  it('passes on the installed tree', () => {
    expect(depsCheck(LOCK)).toMatchObject({ code: 0, out: expect.stringMatching(/no known-vulnerable package/) });
  });

  it('installs on Linux (glibc and musl), macOS and Windows, x64 and arm64: npm ci finds each native binding in the lock', () => {
    expect(depsCheck(LOCK, 'check-lock-platforms.mjs')).toMatchObject({
      code: 0,
      out: expect.stringContaining(
        'linux-x64-musl, linux-arm64-musl, darwin-x64, darwin-arm64, win32-x64, win32-arm64',
      ),
    });
  }, 180_000);

  it('fails on a lockfile that lost a platform’s native binding (one written over an installed tree)', () => {
    const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
    const binding = Object.keys(lock.packages).find((path) => path.endsWith('/binding-darwin-arm64'));
    expect(binding).toBeDefined();
    delete lock.packages[binding!];
    const doctored = join(mkdtempSync(join(tmpdir(), 'deps-')), 'package-lock.json');
    writeFileSync(doctored, JSON.stringify(lock));
    const { code, out } = depsCheck(doctored, 'check-lock-platforms.mjs');
    expect(code).toBe(1);
    expect(out).toContain(`not in the lock: ${binding!.slice(binding!.lastIndexOf('node_modules/') + 13)}`);
  });

  it('runs no install-time analytics: Scarf, which swagger-ui-dist requires, is an empty package', () => {
    const { packages } = JSON.parse(readFileSync(LOCK, 'utf8')) as {
      packages: Record<string, { name?: string; hasInstallScript?: boolean }>;
    };
    const scarf = Object.entries(packages).filter(([path]) => path.endsWith('node_modules/@scarf/scarf'));
    expect(scarf).toEqual([['node_modules/@scarf/scarf', expect.objectContaining({ name: 'empty-npm-package' })]]);
    expect(scarf[0][1].hasInstallScript).toBeUndefined();
    const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules', '@scarf', 'scarf', 'package.json'), 'utf8'));
    expect(installed).toMatchObject({ name: 'empty-npm-package' });
    expect(Object.keys(installed.scripts ?? {})).not.toContain('postinstall');
  });

  it('fails when the unmaintained xmldom (passport-twitter → xtraverse) comes back', () => {
    const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
    lock.packages['node_modules/xtraverse/node_modules/xmldom'] = { version: '0.1.31' };
    const doctored = join(mkdtempSync(join(tmpdir(), 'deps-')), 'package-lock.json');
    writeFileSync(doctored, JSON.stringify(lock));
    const { code, out } = depsCheck(doctored);
    expect(code).toBe(1);
    expect(out).toContain('xmldom@0.1.31 (node_modules/xtraverse/node_modules/xmldom)');
  });

  it('fails on a deprecated direct dependency, read from its installed package.json', () => {
    const root = mkdtempSync(join(tmpdir(), 'deps-'));
    const write = (path: string, body: object) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), JSON.stringify(body));
    };
    write('package.json', { name: 'app', dependencies: { kept: '^1.0.0', left: '^2.0.0' } });
    write('package-lock.json', { packages: { '': {}, 'node_modules/kept': { version: '1.0.0' } } });
    write('node_modules/kept/package.json', { name: 'kept', version: '1.0.0' });
    write('node_modules/left/package.json', { name: 'left', version: '2.0.0', deprecated: 'use kept' });
    const { code, out } = depsCheck(join(root, 'package-lock.json'), 'deps-check.mjs', { DEPS_CHECK_ROOT: root });
    expect(code).toBe(1);
    expect(out).toContain('left@2.0.0 is deprecated: use kept');
    expect(out).not.toContain('kept@1.0.0 is');
  });

  it('gives passport-twitter the maintained XML parser, under the name it requires', () => {
    const xtraverse = require.resolve('xtraverse', { paths: [require.resolve('passport-twitter')] });
    const parser = JSON.parse(readFileSync(require.resolve('xmldom/package.json', { paths: [xtraverse] }), 'utf8'));
    expect(parser.name).toBe('@xmldom/xmldom');
  });

  it('installs one MongoDB driver (mongoose\u2019s) and no second PDF engine', () => {
    const { packages } = JSON.parse(readFileSync(LOCK, 'utf8')) as { packages: Record<string, { version?: string }> };
    expect(Object.keys(packages).filter((path) => path.endsWith('node_modules/mongodb'))).toHaveLength(1);
    expect(Object.keys(packages).some((path) => /node_modules\/(pdf-parse|pdfjs-dist)$/.test(path))).toBe(false);
  });

  it('installs one bs58 (the 4.x @solana/web3.js and borsh require), which the server and client share', () => {
    const { packages } = JSON.parse(readFileSync(LOCK, 'utf8')) as { packages: Record<string, { version?: string }> };
    const copies = Object.keys(packages).filter((path) => path.endsWith('node_modules/bs58'));
    expect(copies).toEqual(['node_modules/bs58']);
    expect(packages['node_modules/bs58'].version).toMatch(/^4\./);
  });
});
