#!/usr/bin/env node
// `npm run cli -- <command> [arguments]`: operator commands (server/src/cli.ts) against the same
// database and Redis as `npm start`. Starts the local services if they are down (and stops those
// again afterwards), rebuilds the server when stale, then exits with the command's exit code.
// Everything but the command's own output goes to stderr, so stdout can be piped.
import {
  build,
  cleanupAndExit,
  ensureDependencies,
  ensureNodeRuntime,
  ensureServices,
  exitOnSignals,
  failAndExit,
  onCleanup,
  serviceEnv,
  spawnNode,
  stopChild,
} from './lib.mjs';

ensureNodeRuntime();

async function main() {
  exitOnSignals();
  await ensureDependencies();
  await ensureServices();
  const built = await build('server', { stdout: 'stderr' });
  if (built !== 0) await cleanupAndExit(built);

  const command = spawnNode(['server/dist/cli.js', ...process.argv.slice(2)], { ...process.env, ...serviceEnv() });
  onCleanup(() => stopChild(command, 'SIGTERM'));
  command.on('exit', (code, signal) => cleanupAndExit(code ?? (signal ? 1 : 0)));
}

main().catch(failAndExit);
