#!/usr/bin/env node
// `npm start [-- --rebuild]`: the whole app on this machine at http://localhost:${PORT:-3000}.
// Installs dependencies if missing, starts the local MongoDB stand-in and Redis unless MONGODB_URI
// and REDIS_URL point elsewhere, builds server and client when stale, runs the API with the BullMQ
// worker inline, and on Ctrl-C/SIGTERM stops the API and the services it started (nothing else).
import {
  API_PROCESS,
  build,
  cleanupAndExit,
  ensureDependencies,
  ensureNodeRuntime,
  ensureServices,
  exitOnSignals,
  failAndExit,
  isExiting,
  onCleanup,
  portOpen,
  say,
  serviceEnv,
  spawnNode,
  stopChild,
} from './lib.mjs';

ensureNodeRuntime();

const port = process.env.PORT || '3000';
const force = process.argv.includes('--rebuild');
let api = null;

async function main() {
  // Cleanups run newest first: the API stops before the services it uses.
  exitOnSignals();

  if (await portOpen(port)) {
    say(`port ${port} is already in use (another npm start?). Stop it or choose another one: PORT=3001 npm start`);
    process.exit(1);
  }
  await ensureDependencies();
  await ensureServices();
  for (const target of ['server', 'client']) {
    const code = await build(target, { force });
    if (code !== 0) await cleanupAndExit(code);
  }
  await runApi();
}

async function runApi() {
  const env = { ...process.env, ...serviceEnv(), WORKER_INLINE: process.env.WORKER_INLINE ?? '1' };
  // Detached (own process group) so Ctrl-C reaches it once, through us: a second signal during
  // Nest's graceful shutdown would kill it mid-way.
  api = spawnNode(API_PROCESS, env);
  onCleanup(() => stopChild(api, 'SIGTERM'));
  // An API that dies on its own takes the services we started down with it (ignored while we stop it).
  api.on('exit', (code, signal) => {
    if (isExiting()) return;
    say(`API exited (${signal ?? `code ${code}`})`);
    cleanupAndExit(code ?? 1);
  });
  if (await waitForPort(port, 120_000)) {
    console.log(`\nSweat Credits is running at http://localhost:${port}  (API under /api, Ctrl-C to stop)\n`);
  } else if (api.exitCode === null) {
    say(`the API has not opened port ${port} after 2 minutes; still waiting (Ctrl-C to stop)`);
  }
}

async function waitForPort(portNumber, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && api.exitCode === null) {
    if (await portOpen(portNumber)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

main().catch(failAndExit);
