/**
 * Playwright global setup: builds server and client if stale (scripts/test.mjs already did when it
 * runs us), starts the fakes of internet services, then the real built server pointed at them.
 * The function it returns is the global teardown: server stopped, its database dropped, fakes closed.
 */
import { startFakes } from './fakes';
import { scriptsLib, startServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The same mtime-based rebuild as `npm start` / `npm test`.
  const { build } = await scriptsLib();
  for (const target of ['server', 'client'] as const) {
    if ((await build(target)) !== 0) throw new Error(`the ${target} build failed (see above)`);
  }
  const fakes = await startFakes();
  const server = await startServer(fakes.env).catch(async (err: unknown) => {
    await fakes.close();
    throw err;
  });
  return async () => {
    await server.stop();
    await fakes.close();
  };
}
