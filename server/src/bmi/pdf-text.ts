import { constants, inflateSync } from 'node:zlib';

import { ActivitySource, ReadDeadline } from '../activities/readers/read-limits';
import { UPLOAD_PURPOSES } from '../contract';
import { JobRefusal } from '../queue/job-errors';

/** What a body-scan report is: a few pages of text. Past these a PDF is refused, not read. */
export const PDF_READ_LIMITS = {
  timeMs: 20_000,
  maxPages: 50,
  maxTextChars: 200_000,
  /** All its compressed streams inflated; a report's are a few MB, a bomb's gigabytes. */
  maxInflatedBytes: 64 * 1024 * 1024,
} as const;

export const reportUnreadable = (message: string) =>
  new JobRefusal('BMI_REPORT_UNREADABLE', message, 'Analysis Failed');

/**
 * The text of a PDF, read in a reader thread (reader-pool.ts' pdfTextInThread, which runs this) by
 * unpdf, a serverless build of pdf.js (pdf-parse brought its own pdf.js and a native canvas, about
 * 70 MB, to do the same). Before pdf.js sees the file every compressed stream is inflated against
 * one budget (a bomb stops there); then the page count is checked, and the text is streamed page
 * by page with the deadline and the text cap checked on each chunk.
 */
export async function pdfText(source: ActivitySource, deadline: ReadDeadline): Promise<string> {
  if (source.size > UPLOAD_PURPOSES.bmi_report.maxBytes) throw reportUnreadable('This PDF is larger than a report');
  const bytes = await bytesOf(source, deadline);
  if (inflatedBytes(bytes) > PDF_READ_LIMITS.maxInflatedBytes)
    throw reportUnreadable(
      `This PDF inflates to over ${PDF_READ_LIMITS.maxInflatedBytes / 2 ** 20} MB: it is not a report`,
    );
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)).catch(
    (err: unknown) => {
      throw notAPdf(err);
    },
  );
  try {
    if (pdf.numPages > PDF_READ_LIMITS.maxPages)
      throw reportUnreadable(`This PDF has ${pdf.numPages} pages; a report has at most ${PDF_READ_LIMITS.maxPages}`);
    const pages: string[] = [];
    let before = 0; // characters on the pages read so far
    for (let n = 1; n <= pdf.numPages; n++) {
      const reader = (await pdf.getPage(n)).streamTextContent().getReader();
      let page = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        for (const item of chunk.value.items) if ('str' in item) page += item.str + (item.hasEOL ? '\n' : '');
        const refusal =
          before + page.length > PDF_READ_LIMITS.maxTextChars
            ? tooMuchText()
            : Date.now() >= deadline.endsAt
              ? tooSlow()
              : null;
        if (refusal) {
          await reader.cancel(refusal);
          throw refusal;
        }
      }
      pages.push(page);
      before += page.length;
    }
    // As unpdf's extractText joins and tidies merged pages.
    return pages
      .join('\n')
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
  } catch (err) {
    throw notAPdf(err);
  } finally {
    // unpdf 1.8's document has no destroy of its own: its loading task frees the worker's side too.
    await pdf.loadingTask.destroy();
  }
}

/** pdf.js' failure (nesting past its stack, a broken structure) as a refusal: the thread stays for the next read. */
const notAPdf = (err: unknown) =>
  err instanceof JobRefusal ? err : reportUnreadable('This PDF could not be read. Upload the original report file.');

const tooMuchText = () =>
  reportUnreadable(`This PDF holds over ${PDF_READ_LIMITS.maxTextChars} characters of text; a report has a few pages`);
const tooSlow = () =>
  reportUnreadable(`Reading this PDF took over ${PDF_READ_LIMITS.timeMs / 1000} s: upload the original report file`);

async function bytesOf(source: ActivitySource, deadline: ReadDeadline): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of deadline.watch(await source.open())) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes every `stream … endstream` inflates to, counted up to just past the budget (other filters count 0). */
function inflatedBytes(pdf: Buffer): number {
  let total = 0;
  for (
    let at = pdf.indexOf('stream');
    at >= 0 && total <= PDF_READ_LIMITS.maxInflatedBytes;
    at = pdf.indexOf('stream', at + 6)
  ) {
    if (pdf[at - 1] === 0x64) continue; // the "stream" of "endstream"
    const start = at + (pdf[at + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', start);
    if (end < 0) break;
    try {
      const budget = PDF_READ_LIMITS.maxInflatedBytes - total + 1;
      total += inflateSync(pdf.subarray(start, end), {
        maxOutputLength: budget,
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return Infinity;
    }
    at = end;
  }
  return total;
}
