import { Worker } from 'node:worker_threads';

export interface IsolationLimits {
  timeoutMs: number;
  maxHeapMb: number;
}

/** The script ran past its time limit; its thread was stopped. */
export class IsolatedScriptTimeout extends Error {}

/**
 * Runs `script` (CommonJS; it reads `workerData` and answers `parentPort.postMessage({ result })`
 * or `({ error })`) in a thread of its own, for untrusted files: the thread has its own heap cap
 * and a time limit, so a hostile file cannot stall or bloat the job worker. It also lets ESM-only
 * packages load by `import()`, which they cannot inside Jest's sandbox.
 */
export async function runIsolated<T>(script: string, workerData: unknown, limits: IsolationLimits): Promise<T> {
  const worker = new Worker(script, {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await new Promise<{ result?: T; error?: string }>((resolve, reject) => {
      timer = setTimeout(() => reject(new IsolatedScriptTimeout(`took over ${limits.timeoutMs} ms`)), limits.timeoutMs);
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`exited with code ${code}`)));
    });
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.result as T;
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
