import { pathToFileURL } from 'node:url';

import { runIsolated } from '../common/isolated-script';

/**
 * The text of a PDF, read by unpdf (a serverless build of pdf.js, 2 MB; pdf-parse brought its own
 * pdf.js and a native canvas, about 70 MB, to do the same) in a thread with its own heap cap and
 * time limit (runIsolated), so a hostile PDF cannot stall or bloat the job worker.
 */
const EXTRACT_TEXT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { extractText, getDocumentProxy } = await import(workerData.unpdf);
  let pdf;
  try {
    pdf = await getDocumentProxy(workerData.bytes);
    const { text } = await extractText(pdf, { mergePages: true });
    parentPort.postMessage({ result: text });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  } finally {
    if (pdf) await pdf.destroy();
  }
})();
`;

const LIMITS = { timeoutMs: 20_000, maxHeapMb: 256 } as const;

export function pdfText(bytes: Buffer): Promise<string> {
  return runIsolated<string>(
    EXTRACT_TEXT,
    { bytes: new Uint8Array(bytes), unpdf: pathToFileURL(require.resolve('unpdf')).href },
    LIMITS,
  );
}
