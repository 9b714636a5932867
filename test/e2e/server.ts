/**
 * The real built server for the end-to-end run, and what specs use to reach it.
 *
 * In the runner (global-setup.ts):
 *   const server = await startServer(fakes.env);   // { url, env, stop() }; publishes url + env to the workers
 * In a spec (workers):
 *   serverEnv()                                     // the exact env the server runs with (database, Redis, fakes)
 *   await runCli(['credits:grant', address, '50'])  // node server/dist/cli.js with that env → { code, stdout, stderr }
 *
 * The server gets a database and Redis prefix of its own on the local services, a temp DATA_DIR, a
 * free port, the inline worker, a sign-in rate limit high enough for tests, and a clock the specs
 * move (TEST_CLOCK=1; fixtures `moveServerClock`): one for the run, so it only ever moves forward. Its log goes to
 * test/artifacts/e2e-server.log. `stop()` ends it and drops its database and its Redis keys.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import Redis from 'ioredis';
import { mongo } from 'mongoose';

export const ROOT = resolve(__dirname, '..', '..');
export const ARTIFACTS = join(ROOT, 'test', 'artifacts');
const SERVER_LOG = join(ARTIFACTS, 'e2e-server.log');
const START_TIMEOUT_MS = 60_000;

/** How the runner hands the server to the test workers (they inherit the runner's environment). */
const URL_VAR = 'E2E_BASE_URL';
const ENV_VAR = 'E2E_SERVER_ENV';

/** scripts/lib.mjs: the build and process helpers of `npm start` / `npm test` (ESM without type declarations). */
interface ScriptsLib {
  API_PROCESS: string[];
  build(target: 'server' | 'client'): Promise<number>;
  stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void>;
}
const SCRIPTS_LIB = '../../scripts/lib.mjs'; // in a variable, so TypeScript does not look for declarations
export const scriptsLib = () => import(SCRIPTS_LIB) as Promise<ScriptsLib>;

export interface RunningServer {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startServer(extraEnv: Record<string, string>): Promise<RunningServer> {
  const id = randomBytes(4).toString('hex');
  const port = await freePort();
  const mongoBase = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27027';
  const dataDir = mkdtempSync(join(tmpdir(), 'sweat-e2e-'));
  const url = `http://localhost:${port}`;
  const env: Record<string, string> = {
    // A clean environment: nothing from the developer's shell (API keys, URLs) may reach the internet.
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'test',
    MONGODB_URI: `${mongoBase}/sweat_e2e_${id}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6389',
    REDIS_PREFIX: `e2e-${id}`,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: url,
    WORKER_INLINE: '1',
    // Specs move the server's clock (POST /api/test/clock) as they move the browser's (page.clock).
    TEST_CLOCK: '1',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };

  mkdirSync(ARTIFACTS, { recursive: true });
  const log = openSync(SERVER_LOG, 'w');
  // Own process group, so stopping it also stops anything it spawned.
  const child = spawn(process.execPath, (await scriptsLib()).API_PROCESS, {
    cwd: ROOT,
    env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log); // the child holds its own copy
  const stop = async () => {
    const { stopChild } = await scriptsLib();
    await stopChild(child, 'SIGTERM', 10_000);
    await dropDatabase(env.MONGODB_URI);
    await deleteRedisKeys(env.REDIS_URL, env.REDIS_PREFIX);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (err) {
    await stop();
    throw err;
  }
  process.env[URL_VAR] = url;
  process.env[ENV_VAR] = JSON.stringify(env);
  return { url, env, stop };
}

/** The running server's address (set by global setup; undefined while the config is first read). */
export function serverUrl(): string | undefined {
  return process.env[URL_VAR];
}

/** The env the server runs with: same database, Redis prefix and fakes. */
export function serverEnv(): Record<string, string> {
  const json = process.env[ENV_VAR];
  if (!json) throw new Error(`${ENV_VAR} is not set: run the specs through test/e2e/playwright.config.ts`);
  return JSON.parse(json) as Record<string, string>;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs an operator command against the e2e server's database, as `npm run cli -- ...args` would. */
export function runCli(args: string[]): Promise<CliResult> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['server/dist/cli.js', ...args],
      { cwd: ROOT, env: serverEnv(), timeout: 60_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the e2e server exited during start:\n${logTail()}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the e2e server did not answer /api/health within ${START_TIMEOUT_MS / 1000}s:\n${logTail()}`);
}

function logTail(): string {
  return readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-30).join('\n');
}

async function dropDatabase(uri: string): Promise<void> {
  const client = new mongo.MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    await client.db().dropDatabase();
  } catch (err) {
    console.warn(`could not drop the e2e database: ${(err as Error).message}`);
  } finally {
    await client.close();
  }
}

/** Queues and counters live under `<prefix>:` (REDIS_PREFIX); the shared Redis keeps nothing of ours. */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } catch (err) {
    console.warn(`could not delete the e2e Redis keys: ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
}
