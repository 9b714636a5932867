// Shared pieces of `npm run bench`: the built server as a child process on its own database and
// Redis prefix, the real Phantom sign-in, autocannon runs, and the statistics every bench reports.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';

import { API_PROCESS, ROOT, stopChild } from '../scripts/lib.mjs';

export const require = createRequire(join(ROOT, 'server', 'package.json'));
/** A module of the built server (server/dist), e.g. dist('ledger/ledger.rules.js'). */
export const dist = (path) => require(join(ROOT, 'server', 'dist', path));

/** A TypeScript module shared with the tests (e.g. test/load/scenario.ts), compiled on load as Jest compiles it. */
export function typescript(path) {
  require(join(ROOT, 'server', 'test', 'support', 'ts-register.js'));
  return require(join(ROOT, path));
}

/** The evidence samples the tests upload (server/test/support/evidence-samples.ts): genuine selfies, videos, screenshots. */
export const evidenceSamples = () => typescript('server/test/support/evidence-samples.ts');
const bs58 = require('bs58');
const nacl = require('tweetnacl');
const { MongoClient } = require('mongoose').mongo;
const Redis = require('ioredis');

const MONGO_BASE = (process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27027').replace(
  /^(mongodb(?:\+srv)?:\/\/[^/?]+).*$/,
  '$1',
);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6389';

/**
 * Autocannon settings shared by every HTTP comparison, so both sides see the same load. Five
 * alternating rounds a side: with three, one busy moment of this shared machine moved the median.
 */
export const LOAD = { connections: 20, duration: 5, rounds: 5 };

/**
 * Env of a bench app: own database and Redis prefix, temp DATA_DIR, quiet logs, no sign-in limit.
 * `name` goes into the database's name, so a bench's leftovers can be told apart.
 */
export function benchEnv(extra = {}, name = 'bench') {
  const id = randomBytes(4).toString('hex');
  return {
    NODE_ENV: 'production',
    MONGODB_URI: `${MONGO_BASE}/sweat_${name}_${id}`,
    REDIS_URL,
    REDIS_PREFIX: `${name}-${id}`,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sweat-bench-')),
    JWT_SECRET: 'bench-secret-that-is-at-least-32-characters-long',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    // The app's default, named here so the bare baseline (bench/api.mjs) opens the same pool.
    MONGODB_MAX_POOL_SIZE: process.env.MONGODB_MAX_POOL_SIZE ?? '10',
    ...extra,
  };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** With BENCH_CPU_PROFILE_DIR set, each bench server writes V8 CPU profiles of its threads there (open them in Chrome's DevTools). */
const cpuProfileArgs = () =>
  process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : [];

/** The API process (scripts/lib.mjs API_PROCESS) with the inline worker; resolves once /api/health answers 200. */
export async function startServer(extra = {}, name = undefined) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = benchEnv({ PORT: String(port), PUBLIC_URL: url, WORKER_INLINE: '1', ...extra }, name);
  const child = spawn(process.execPath, [...cpuProfileArgs(), ...API_PROCESS], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 60 s');
    await sleep(200);
  }
  return {
    url,
    env,
    pid: child.pid,
    async stop() {
      await stopChild(child, 'SIGTERM', 10_000);
      await dropBenchData(env);
    },
  };
}

/** Runs `node args` on `env` (the server's), `input` on stdin → { code, stdout }. */
export async function runNode(args, env, input = '') {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(input);
  const [stdout, code] = await Promise.all([
    text(child.stdout),
    new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1))),
  ]);
  return { code, stdout };
}

/** Drops the bench database, its Redis keys and DATA_DIR. */
export async function dropBenchData(env) {
  const client = await new MongoClient(env.MONGODB_URI).connect();
  await client
    .db()
    .dropDatabase()
    .catch(() => undefined);
  await client.close();
  const redis = new Redis(env.REDIS_URL, { lazyConnect: true });
  await redis.connect();
  const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  rmSync(env.DATA_DIR, { recursive: true, force: true });
}

/** The Phantom sign-in over HTTP with a fresh ed25519 keypair → { token, user }. */
export async function signIn(url) {
  const keypair = nacl.sign.keyPair();
  const walletAddress = bs58.encode(keypair.publicKey);
  const challenge = await (await fetch(`${url}/api/auth/phantom/challenge?walletAddress=${walletAddress}`)).json();
  const signature = bs58.encode(nacl.sign.detached(new TextEncoder().encode(challenge.message), keypair.secretKey));
  const res = await fetch(`${url}/api/auth/phantom`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress, nonce: challenge.nonce, signature }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/** One autocannon run → requests/s (average over the run) and non-2xx count. */
export async function autocannon(url, headers) {
  const run = require('autocannon');
  const result = await run({ url, headers, connections: LOAD.connections, duration: LOAD.duration });
  return {
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Runs `task` with at most `concurrency` in flight; answers each call's latency in ms. */
export async function timedPool(count, concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  async function lane() {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await task(i);
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** One table row: what was measured, the figure, its side-by-side baseline, the ratio and the target. */
export function row(bench, measure, value, baseline, ratio, target, ok) {
  return {
    bench,
    measure,
    value,
    baseline,
    ratio: ratio === null ? '' : ratio.toFixed(2),
    target,
    ok: ok === null ? '' : ok ? 'yes' : 'NO',
  };
}

export const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
