import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/** The production worker entry (src/worker.ts) in its own process, resolved once it consumes the queues. */
export function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['-r', join(__dirname, 'ts-register.js'), join(__dirname, '..', '..', 'src', 'worker.ts')],
    {
      // At info, whatever the tests' LOG_LEVEL: its "worker started" line (JSON) says it is ready.
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker started')) resolve(child);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting:\n${output}`)));
  });
}

/** Resolves with how the process ended (at once if it already has). */
export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

export function kill(child: ChildProcess): Promise<void> {
  const ended = exited(child);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  return ended.then(() => undefined);
}
