import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { JobsService } from '../src/queue/jobs.service';
import { WorkersService } from '../src/queue/workers.service';
import { JobName } from '../src/queue/job-registry';
import { UploadsService } from '../src/uploads/uploads.service';
import { signUpload, uploadSigningKey } from '../src/uploads/uploads.rules';
import { TestApp, signIn, startTestApp } from './harness';
import { openSocket, rawBytes } from './support/raw-http';
import { newReportUrl, pathOf, pdfWithLines, pngBytes, putAfterHangUp, uploadReport } from './support/uploads';

const TEN_MB = 10 * 1024 * 1024;

describe('uploads over HTTP (disk driver)', () => {
  let t: TestApp;
  const uploadsDir = () => join(t.env.DATA_DIR, 'uploads');
  const filesLeft = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);
  const idOf = (uploadURL: string) => new URL(uploadURL).pathname.split('/').pop()!;

  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
  });
  afterAll(() => t.close());

  it('stores a PUT file with its real type, size and sha256, once', async () => {
    const me = await signIn(t);
    const uploadURL = await newReportUrl(t, me);
    expect(uploadURL).toMatch(/^http:\/\/localhost:3999\/api\/uploads\/[a-f0-9]{24}\?sig=\d{13}\.[\w-]{43}$/);
    const pdf = await pdfWithLines(['BMI 22.0']);
    const res = await t.http.put(pathOf(uploadURL)).set('Content-Type', 'application/octet-stream').send(pdf).expect(200);
    expect(res.body).toEqual({
      id: idOf(uploadURL),
      size: pdf.length,
      mime: 'application/pdf',
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
    expect(filesLeft()).toContain(idOf(uploadURL));
    const again = await t.http.put(pathOf(uploadURL)).set('Content-Type', 'application/pdf').send(pdf).expect(403);
    expect(again.body.message).toBe('This upload URL has already been used');
  });

  it('answers 413 to 10 MB + 1 byte (announced or not) and leaves no file', async () => {
    const me = await signIn(t);
    const body = Buffer.concat([pngBytes(), Buffer.alloc(TEN_MB + 1 - 64)]);
    const announced = await newReportUrl(t, me);
    const before = filesLeft();
    const res = await t.http.put(pathOf(announced)).set('Content-Type', 'image/png').send(body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, code: 'UPLOAD_TOO_LARGE', message: 'The file is larger than 10 MB', error: 'File Too Large' });

    // Chunked, no Content-Length: the stream is cut off once past the limit.
    const streamed = await newReportUrl(t, me);
    const status = await putChunked(`${t.url}${pathOf(streamed)}`, body, 'image/png');
    expect(status).toBe(413);
    expect(filesLeft()).toEqual(before);
    expect(filesLeft().some((f) => f.startsWith(idOf(streamed)))).toBe(false);
  });

  /** This process's open descriptors on files under the uploads folder (the app runs in it). */
  const uploadFds = () =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(uploadsDir());
      } catch {
        return false; // closed while we looked
      }
    });

  it('removes the partial file when the client hangs up mid-upload (PUT and multipart), and the URL takes the file again', async () => {
    const me = await signIn(t);
    const [put, form] = [await newReportUrl(t, me), await newReportUrl(t, me)];
    const file = Buffer.concat([pngBytes(), Buffer.alloc(2 * 1024 * 1024)]);
    await abortAfter(`${t.url}${pathOf(put)}`, file);
    const partHeader = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n');
    await abortAfter(`${t.url}${pathOf(form)}`, Buffer.concat([partHeader, file]), 'POST', 'multipart/form-data; boundary=b');
    await waitFor(() => !filesLeft().some((f) => f.startsWith(idOf(put)) || f.startsWith(idOf(form))) && uploadFds().length === 0);
    for (const uploadURL of [put, form]) expect(await putAfterHangUp(t, uploadURL)).toBe(200);
  });

  it('releases everything when the client hangs up within milliseconds of starting (PUT and multipart, 3 times each)', async () => {
    const me = await signIn(t);
    const urls: string[] = [];
    for (const contentType of ['image/png', 'multipart/form-data; boundary=b']) {
      for (let i = 0; i < 3; i++) {
        const uploadURL = await newReportUrl(t, me);
        urls.push(uploadURL);
        const socket = await openSocket(t.url);
        const method = contentType === 'image/png' ? 'PUT' : 'POST';
        const start = contentType === 'image/png' ? pngBytes(16) : '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';
        socket.write(rawBytes({ method, target: pathOf(uploadURL), headers: [['Content-Type', contentType], ['Content-Length', '5000000']], body: start }));
        socket.destroy();
      }
    }
    await waitFor(() => uploadFds().length === 0 && !filesLeft().some((f) => urls.some((u) => f.startsWith(idOf(u)))), 5000);
    // No file was received, so no URL was used up: each takes its file.
    for (const uploadURL of urls) expect(await putAfterHangUp(t, uploadURL)).toBe(200);
    expect(uploadFds()).toEqual([]);
  });

  it('takes exactly 10 MB', async () => {
    const me = await signIn(t);
    const uploadURL = await newReportUrl(t, me);
    const res = await t.http.put(pathOf(uploadURL)).set('Content-Type', 'image/png').send(Buffer.concat([pngBytes(), Buffer.alloc(TEN_MB - 64)]));
    expect(res.status).toBe(200);
    expect(res.body.size).toBe(TEN_MB);
  });

  it('answers 415 to a text file sent as image/png, and to a JSON body', async () => {
    const me = await signIn(t);
    const text = await newReportUrl(t, me);
    const res = await t.http.put(pathOf(text)).set('Content-Type', 'image/png').send(Buffer.from('just some text, honestly a PNG'));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Only PDF, JPEG or PNG files are accepted');
    expect(filesLeft().some((f) => f.startsWith(idOf(text)))).toBe(false);

    const json = await newReportUrl(t, me);
    await t.http.put(pathOf(json)).set('Content-Type', 'application/json').send({ file: 'x' }).expect(415);
  });

  it('refuses expired and forged signatures with 403, and unknown ids with 404', async () => {
    const me = await signIn(t);
    const uploadURL = await newReportUrl(t, me);
    const id = idOf(uploadURL);
    const key = uploadSigningKey(t.env.JWT_SECRET);
    const expired = signUpload(key, id, Date.now() - 1000);
    const res = await t.http.put(`/api/uploads/${id}?sig=${expired}`).set('Content-Type', 'image/png').send(pngBytes()).expect(403);
    expect(res.body.message).toBe('This upload URL has expired');
    const forged = signUpload(uploadSigningKey('someone-elses-secret-at-least-32-chars'), id, Date.now() + 60_000);
    await t.http.put(`/api/uploads/${id}?sig=${forged}`).set('Content-Type', 'image/png').send(pngBytes()).expect(403);
    const otherId = '65f0c0ffee0000000000beef';
    await t.http.put(`/api/uploads/${otherId}?sig=${signUpload(key, otherId, Date.now() + 60_000)}`).send(pngBytes()).expect(404);
    await t.http.put(`/api/uploads/${id}`).send(pngBytes()).expect(400);
    // The genuine URL still works after the refused attempts.
    await t.http.put(pathOf(uploadURL)).set('Content-Type', 'image/png').send(pngBytes()).expect(200);
  });

  it('lets exactly one of several simultaneous PUTs of one URL through', async () => {
    const me = await signIn(t);
    const uploadURL = await newReportUrl(t, me);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => t.http.put(pathOf(uploadURL)).set('Content-Type', 'image/png').send(pngBytes(4096)).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
  });

  it('takes the multipart variant with the same checks', async () => {
    const me = await signIn(t);
    const ok = await newReportUrl(t, me);
    const res = await t.http.post(pathOf(ok)).attach('file', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' }).expect(200);
    expect(res.body).toMatchObject({ id: idOf(ok), size: 100, mime: 'image/png' });
    const bad = await newReportUrl(t, me);
    await t.http.post(pathOf(bad)).attach('file', Buffer.from('plain text'), { filename: 'scan.png', contentType: 'image/png' }).expect(415);
    expect(filesLeft().some((f) => f.startsWith(idOf(bad)))).toBe(false);
  });

  it('gives the URL back when a form carries no file (none, or under another name): the corrected form is taken', async () => {
    const me = await signIn(t);
    const url = await newReportUrl(t, me);
    const empty = await t.http.post(pathOf(url)).type('form').send('note=hello');
    expect([400, 415]).toContain(empty.status);
    const misnamed = await t.http.post(pathOf(url)).attach('upload', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' });
    expect(misnamed.status).toBe(400);
    const res = await t.http.post(pathOf(url)).attach('file', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' }).expect(200);
    expect(res.body).toMatchObject({ id: idOf(url), size: 100 });
    await t.http.post(pathOf(url)).attach('file', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' }).expect(403);
  });

  it('refuses to analyse someone else’s upload, an outside URL or an unfinished upload', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const fileUrl = await uploadReport(t, owner, await pdfWithLines(['BMI 22.0']), 'application/pdf');
    await t.http.post('/api/bmi/analyze').set(intruder.auth).send({ fileUrl, reportType: 'bmi' }).expect(404);
    const outside = await t.http.post('/api/bmi/analyze').set(owner.auth).send({ fileUrl: 'http://169.254.169.254/latest/meta-data', reportType: 'bmi' });
    expect(outside.status).toBe(403);
    const lookalike = fileUrl.replace('localhost:3999', 'evil.example');
    await t.http.post('/api/bmi/analyze').set(owner.auth).send({ fileUrl: lookalike, reportType: 'bmi' }).expect(403);
    const unfinished = await newReportUrl(t, owner);
    await t.http.post('/api/bmi/analyze').set(owner.auth).send({ fileUrl: unfinished, reportType: 'bmi' }).expect(404);
  });

  it('sweeps pending uploads long past their expiry, with their files, and keeps finished ones', async () => {
    const me = await signIn(t);
    const pending = await newReportUrl(t, me);
    const finished = await uploadReport(t, me, pngBytes(), 'image/png');
    writeFileSync(join(uploadsDir(), `${idOf(pending)}.part`), 'bytes of an upload cut off mid-way');
    const service = t.app.get(UploadsService);
    expect(await service.sweepExpired(new Date())).toBe(0);
    expect(await service.sweepExpired(new Date(Date.now() + 3 * 3600_000))).toBeGreaterThanOrEqual(1);
    // The swept record is gone: its URL now names no upload.
    await t.http.put(pathOf(pending)).set('Content-Type', 'image/png').send(pngBytes()).expect(404);
    expect(filesLeft()).toContain(idOf(finished));
    expect(filesLeft().some((f) => f.startsWith(idOf(pending)))).toBe(false);
  });

  it('schedules the sweep as a repeatable maintenance job once the process consumes jobs', async () => {
    const queue = t.app.get(JobsService).queue('maintenance');
    const scheduled = async () => (await queue.getJobSchedulers()).some((s) => s.key === JobName.UploadsSweep);
    // This app runs no workers (like an operator's CLI): it leaves the schedules alone.
    expect(await scheduled()).toBe(false);
    t.app.get(WorkersService).start(1);
    const deadline = Date.now() + 10_000;
    while (!(await scheduled()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await scheduled()).toBe(true);
  });
});

/** PUT with Transfer-Encoding: chunked (no Content-Length); answers the status, tolerating the server closing early. */
function putChunked(url: string, body: Buffer, contentType: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { 'Content-Type': contentType, 'Transfer-Encoding': 'chunked' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    const chunk = 256 * 1024;
    (async () => {
      for (let offset = 0; offset < body.length; offset += chunk) {
        if (!req.write(body.subarray(offset, offset + chunk))) await new Promise((r) => req.once('drain', r));
        if (req.destroyed) return;
      }
      req.end();
    })().catch(reject);
  });
}

/** Sends part of a chunked body, then destroys the socket. */
async function abortAfter(url: string, part: Buffer, method = 'PUT', contentType = 'image/png'): Promise<void> {
  const req = http.request(url, { method, headers: { 'Content-Type': contentType, 'Transfer-Encoding': 'chunked' } });
  req.on('error', () => undefined);
  req.write(part);
  await new Promise((resolve) => setTimeout(resolve, 300));
  req.destroy();
}

async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition still false after ' + timeoutMs + ' ms');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
