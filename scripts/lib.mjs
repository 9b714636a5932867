// Shared steps of `npm start`, `npm test` and `npm run cli`: install dependencies, bring up the
// local MongoDB stand-in and Redis (scripts/services.sh), rebuild what is stale, run child processes.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const SERVICES = join(ROOT, 'scripts', 'services.sh');

/** The project's runtime: Node.js 24 LTS (.nvmrc, `engines`). */
const NODE_MAJOR = 24;

/**
 * Runs this script again under Node 24 when started by an older Node (the machine's own), with
 * Node 24's folder first on PATH so every child (npm, npx, the app) runs on it too; the Node 24 comes
 * from scripts/node-runtime.sh (installed once from the npm registry). Returns only on Node 24+.
 */
export function ensureNodeRuntime() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return;
  let bin;
  try {
    bin = execFileSync('bash', [join(ROOT, 'scripts', 'node-runtime.sh')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
  } catch {
    say(
      `Node ${process.versions.node} is older than the project's Node ${NODE_MAJOR}, and Node ${NODE_MAJOR} could not be installed`,
    );
    process.exit(1);
  }
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` };
  const again = spawnSync(join(bin, 'node'), process.argv.slice(1), { stdio: 'inherit', env });
  process.exit(again.status ?? 1);
}

/** Script messages go to stderr so a CLI command's stdout stays clean for pipes. */
export function say(message) {
  process.stderr.write(`[sweat] ${message}\n`);
}

/**
 * Runs a command to completion and resolves with its exit code (a signal counts as failure).
 * `stdout: 'stderr'` sends the child's stdout to our stderr (builds under the CLI).
 * `detached` puts it in its own process group: the terminal's Ctrl-C no longer reaches it, so it is
 * stopped by our cleanup instead, and `timeoutMs` can kill it with all its children (test workers, browsers).
 */
export function run(command, args, { env = process.env, stdout = 'inherit', detached = false, timeoutMs = 0 } = {}) {
  const out = stdout === 'stderr' ? process.stderr : stdout;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', out, 'inherit'], detached });
    if (detached) onCleanup(() => stopChild(child, 'SIGTERM', 5000));
    const timer = timeoutMs
      ? setTimeout(() => {
          say(`${command} ${args[0] ?? ''} still running after ${Math.round(timeoutMs / 60000)} min: stopping it`);
          stopChild(child, 'SIGTERM', 5000);
        }, timeoutMs)
      : null;
    child.on('error', (err) => {
      say(`${command}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** A step that failed and already said why: callers exit with `code` (no stack trace needed). */
export class StepFailed extends Error {
  constructor(message, code = 1) {
    super(message);
    this.code = code;
  }
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// ---------------------------------------------------------------------------------------------
// Cleanup on exit: every step that starts something registers how to undo it.

const cleanups = [];
let exiting = false;
/** The cleanup run in progress: a second caller waits for it instead of exiting under it. */
let cleaning = null;

export function onCleanup(fn) {
  cleanups.push(fn);
}

/**
 * Undoes everything registered so far, newest first (the API before the services it uses). Callers
 * at the same time share one run: a Ctrl-C also fails the step in flight, whose error path cleans
 * up too, and with two runs popping from one list the first to finish exited the process while
 * the other was still dropping a bench database.
 */
export function runCleanups() {
  cleaning ??= (async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()();
      } catch (err) {
        say(`cleanup failed: ${err.message}`);
      }
    }
    cleaning = null;
  })();
  return cleaning;
}

/** Runs the cleanups, then exits. A second call (a signal during cleanup, a child exiting) is ignored. */
export async function cleanupAndExit(code) {
  if (exiting) return;
  exiting = true;
  await runCleanups();
  process.exit(code);
}

/** The end of a script's main(): report a failed step (or an unexpected error) and undo what was started. */
export async function failAndExit(err) {
  say(err instanceof StepFailed ? err.message : (err.stack ?? String(err)));
  await cleanupAndExit(err instanceof StepFailed ? err.code : 1);
}

/** Ctrl-C / SIGTERM at any point (install, build, run) still stops what we started. */
export function exitOnSignals() {
  const exitCodes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 }; // 128 + signal number, as shells report
  for (const [signal, code] of Object.entries(exitCodes)) {
    process.on(signal, () => {
      if (exiting) return;
      say(`${signal}: stopping`);
      cleanupAndExit(code);
    });
  }
}

/** True once cleanup has begun (a child exiting now is one we are stopping). */
export const isExiting = () => exiting;

// ---------------------------------------------------------------------------------------------
// Dependencies

/** A fresh clone has no node_modules: install exactly the lock file (npm ci), or resolve if there is none. */
export async function ensureDependencies() {
  if (existsSync(join(ROOT, 'node_modules', '.bin', 'tsc'))) return;
  const hasLock = existsSync(join(ROOT, 'package-lock.json'));
  say(`installing npm dependencies (${hasLock ? 'npm ci' : 'npm install'})`);
  const code = await run('npm', [hasLock ? 'ci' : 'install', '--no-audit', '--no-fund'], { stdout: 'stderr' });
  if (code !== 0) throw new StepFailed('npm could not install the dependencies (see above)', code);
}

// ---------------------------------------------------------------------------------------------
// Local services

const mongoPort = () => process.env.LOCAL_MONGO_PORT || '27027';
const redisPort = () => process.env.LOCAL_REDIS_PORT || '6389';

/**
 * The connection env every child gets. Given MONGODB_URI/REDIS_URL win, then TEST_MONGODB_URI/
 * TEST_REDIS_URL (the servers a test run is pointed at, e.g. a MongoDB 7 in CI); otherwise the local
 * services' ports (which LOCAL_MONGO_PORT/LOCAL_REDIS_PORT may move, so we cannot rely on the config
 * defaults). TEST_* are what the test harnesses read (a server address without a database name).
 */
export function serviceEnv() {
  const testMongo = process.env.TEST_MONGODB_URI?.replace(/\/+$/, '');
  const mongodbUri =
    process.env.MONGODB_URI || (testMongo ? `${testMongo}/sweat` : `mongodb://127.0.0.1:${mongoPort()}/sweat`);
  const redisUrl = process.env.REDIS_URL || process.env.TEST_REDIS_URL || `redis://127.0.0.1:${redisPort()}`;
  return {
    MONGODB_URI: mongodbUri,
    REDIS_URL: redisUrl,
    TEST_MONGODB_URI: testMongo || mongodbUri.replace(/^(mongodb(?:\+srv)?:\/\/[^/?]+).*$/, '$1'),
    TEST_REDIS_URL: process.env.TEST_REDIS_URL || redisUrl,
  };
}

/** A database or Redis the caller named (for the app or for the tests), which we must not start ourselves. */
const mongoGiven = () => Boolean(process.env.MONGODB_URI || process.env.TEST_MONGODB_URI);
const redisGiven = () => Boolean(process.env.REDIS_URL || process.env.TEST_REDIS_URL);

/**
 * Starts the local FerretDB and Redis that are needed (not given by MONGODB_URI/REDIS_URL or their TEST_ forms, and not
 * already running) and registers a cleanup that stops only those: services another session or an
 * earlier `npm start` runs are shared and must survive us. A FerretDB already running is reused
 * only as scripts/services.sh allows (this build with these settings; an older one it started is
 * restarted).
 */
export async function ensureServices() {
  const wanted = [];
  if (!mongoGiven()) wanted.push({ name: 'mongo', port: mongoPort() });
  if (!redisGiven()) wanted.push({ name: 'redis', port: redisPort() });
  if (wanted.length === 0) return;

  const toStart = [];
  for (const service of wanted) if (!(await portOpen(service.port))) toStart.push(service);
  if (wanted.some((s) => s.name === 'mongo') && !toStart.some((s) => s.name === 'mongo')) {
    const code = await run('bash', [SERVICES, 'start-mongo'], { stdout: 'stderr' });
    if (code !== 0) throw new StepFailed(`the FerretDB on 127.0.0.1:${mongoPort()} cannot be used (see above)`, code);
  }
  if (toStart.length === 0) return;

  // Stopped with the environment they were started with: the script finds them by DATA_DIR, which
  // the bench's in-process app changes in process.env meanwhile.
  const env = { ...process.env };
  onCleanup(() => stopServices(toStart, env));
  // Own process group: a Ctrl-C in the terminal must not reach the services directly; we stop them
  // ourselves, and only the ones we started.
  const code = await run('bash', [SERVICES, 'start'], { env, stdout: 'stderr', detached: true });
  const stillDown = [];
  for (const service of toStart) if (!(await portOpen(service.port))) stillDown.push(service.name);
  if (code !== 0 || stillDown.length) {
    explainMissingServices(stillDown);
    throw new StepFailed('local services are not available', code || 1);
  }
}

async function stopServices(services, env) {
  for (const { name } of services) {
    say(`stopping local ${name} (started by this run)`);
    await run('bash', [SERVICES, `stop-${name}`], { env, stdout: 'stderr' });
  }
}

function explainMissingServices(down) {
  const lines = ['', 'Could not start the local services this app needs:'];
  if (down.includes('mongo'))
    lines.push('  - MongoDB stand-in: FerretDB 1.24.2 (built with Go) is missing or failed to start');
  if (down.includes('redis')) lines.push("  - Redis: Debian's redis-server is missing or failed to start");
  if (down.length === 0) lines.push('  - scripts/services.sh failed (see the messages above)');
  lines.push(
    '',
    'Install them (bash scripts/services.sh install, needs apt and Go), or point the app at servers you already have:',
    '  MONGODB_URI=mongodb://HOST:27017/sweat REDIS_URL=redis://HOST:6379 npm start',
    '',
  );
  process.stderr.write(lines.join('\n'));
}

// ---------------------------------------------------------------------------------------------
// Builds: rebuild when an output is missing or older than the newest source file (mtime check).

const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'coverage']);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (!SKIP_DIRS.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function oldestOutput(outputs) {
  let oldest = Infinity;
  for (const output of outputs) oldest = existsSync(output) ? Math.min(oldest, statSync(output).mtimeMs) : 0;
  return oldest;
}

const TARGETS = {
  server: {
    sources: [
      'server/src',
      'server/tsconfig.json',
      'server/tsconfig.build.json',
      'server/package.json',
      'tsconfig.json',
    ],
    outputs: ['server/dist/main.js', 'server/dist/worker.js', 'server/dist/cli.js'],
  },
  client: {
    // The client imports the request/response contract from the server's sources.
    sources: ['client', 'server/src/contract', 'tsconfig.json'],
    outputs: ['client/dist/index.html'],
  },
};

export function isStale(name) {
  const { sources, outputs } = TARGETS[name];
  const abs = (p) => join(ROOT, p);
  return Math.max(...sources.map((p) => newestMtime(abs(p)))) > oldestOutput(outputs.map(abs));
}

/** Builds `name` (server | client) when stale or forced; resolves with the build's exit code. */
export async function build(name, { force = false, stdout = 'inherit' } = {}) {
  if (!force && !isStale(name)) return 0;
  say(`building ${name}`);
  const code = await run('npm', ['run', 'build', '-w', name], { stdout });
  if (code !== 0) say(`${name} build failed (exit ${code})`);
  return code;
}

/**
 * How the API process is started, here, in the e2e tests and the bench (docker/server.Dockerfile's
 * CMD says the same). V8 keeps an old generation of at least 128 MB: after a burst of requests and a
 * quiet spell it had cut the heap's limit to just above the ~52 MB in use, and then every ~30 MB of
 * an upload's spent socket buffers set off a full mark-compact where a scavenge had done
 * (`--trace-gc`), so a 50 MB upload cost the server 2–3 times the CPU (240–300 ms against 90–120).
 */
export const API_PROCESS = ['--initial-old-space-size=128', 'server/dist/main.js'];

/** `node` as a detached child we can signal as a whole group. */
export function spawnNode(args, env) {
  return spawn(process.execPath, args, { cwd: ROOT, env, stdio: 'inherit', detached: true });
}

/** Sends `signal` to a detached child's group, then SIGKILL if it has not exited after `graceMs`. */
export function stopChild(child, signal = 'SIGTERM', graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    killGroup(child, signal);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
