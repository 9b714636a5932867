import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The text of a PDF, read by unpdf (a serverless build of pdf.js, 2 MB; pdf-parse brought its own
 * pdf.js and a native canvas, about 70 MB, to do the same) in a worker thread. The file is
 * untrusted: the thread has its own heap cap and a time limit, so a hostile PDF cannot stall or
 * bloat the job worker. (It also lets pdf.js load as ESM, which it cannot inside Jest's sandbox.)
 */
const EXTRACT_TEXT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { extractText, getDocumentProxy } = await import(workerData.unpdf);
  let pdf;
  try {
    pdf = await getDocumentProxy(workerData.bytes);
    const { text } = await extractText(pdf, { mergePages: true });
    parentPort.postMessage({ text });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  } finally {
    if (pdf) await pdf.destroy();
  }
})();
`;

const LIMITS = { timeoutMs: 20_000, maxHeapMb: 256 } as const;

export async function pdfText(bytes: Buffer): Promise<string> {
  const worker = new Worker(EXTRACT_TEXT, {
    eval: true,
    workerData: { bytes: new Uint8Array(bytes), unpdf: pathToFileURL(require.resolve('unpdf')).href },
    resourceLimits: { maxOldGenerationSizeMb: LIMITS.maxHeapMb },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await new Promise<{ text?: string; error?: string }>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`PDF text extraction took over ${LIMITS.timeoutMs} ms`)), LIMITS.timeoutMs);
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`PDF reader exited with code ${code}`)));
    });
    if (answer.text === undefined) throw new Error(answer.error ?? 'no text');
    return answer.text;
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
}
