import PDFDocument from 'pdfkit';

import type { SignedIn, TestApp } from '../harness';

/** A real PDF whose text is these lines, as pdfkit writes it. */
export function pdfWithLines(lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const line of lines) doc.fontSize(12).text(line);
  doc.end();
  return done;
}

/** The first bytes of a PNG followed by filler: enough for the type check. */
export function pngBytes(size = 64): Buffer {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

/** Path and query of an issued upload URL, to call it on the test app. */
export function pathOf(uploadURL: string): string {
  const url = new URL(uploadURL);
  return url.pathname + url.search;
}

export async function newReportUrl(t: TestApp, who: SignedIn): Promise<string> {
  const res = await t.http.post('/api/bmi/upload-url').set(who.auth).expect(200);
  return res.body.uploadURL as string;
}

/** Upload-url, then PUT the bytes; answers the uploadURL (the fileUrl for analyze). */
export async function uploadReport(t: TestApp, who: SignedIn, bytes: Buffer, contentType: string): Promise<string> {
  const uploadURL = await newReportUrl(t, who);
  await t.http.put(pathOf(uploadURL)).set('Content-Type', contentType).send(bytes).expect(200);
  return uploadURL;
}

/** An analysed body-scan report stating this weight (and 180 cm): what weight goals are judged on. */
export async function analyseWeightReport(t: TestApp, who: SignedIn, weight: number): Promise<void> {
  const lines = ['BODY SCAN', 'Height: 180 cm', `Weight: ${weight} kg`, `BMI: ${(weight / 3.24).toFixed(1)}`];
  const fileUrl = await uploadReport(t, who, await pdfWithLines(lines), 'application/pdf');
  await t.http.post('/api/bmi/analyze').set(who.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
}

/**
 * PUTs a small PNG to an upload URL whose last client hung up, and answers the status. The server
 * gives the URL back once it has cleaned up the cut-off write (a few ms after the hang-up), so a
 * 403 'already used' is retried for up to 3 s.
 */
export async function putAfterHangUp(t: TestApp, uploadURL: string): Promise<number> {
  const deadline = Date.now() + 3000;
  for (;;) {
    const res = await t.http.put(pathOf(uploadURL)).set('Content-Type', 'image/png').send(pngBytes());
    if (res.status !== 403 || Date.now() > deadline) return res.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
