import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';

import { JobName } from '../src/queue/job-registry';
import { JobsService } from '../src/queue/jobs.service';
import { WorkersService } from '../src/queue/workers.service';
import { signUpload, uploadSigningKey } from '../src/uploads/uploads.rules';
import { UploadsService } from '../src/uploads/uploads.service';
import { UploadsSweep } from '../src/uploads/uploads-sweep';
import { signIn, startTestApp, TestApp } from './harness';
import { fieldSchema, operations } from './openapi';
import { mp4Video } from './support/proof-files';
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
    const res = await t.http
      .put(pathOf(uploadURL))
      .set('Content-Type', 'application/octet-stream')
      .send(pdf)
      .expect(200);
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

  it('issues URLs without the file size (optional with the disk driver), which the document says S3 requires', async () => {
    const me = await signIn(t);
    const report = await t.http.post('/api/bmi/upload-url').set(me.auth).send({}).expect(200);
    expect(report.body).toEqual({
      uploadURL: expect.stringMatching(/\/api\/uploads\/[a-f0-9]{24}\?sig=/),
    });
    await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie' }).expect(200);
    const documented = operations((await t.http.get('/api/docs-json').expect(200)).body);
    for (const id of ['POST /api/bmi/upload-url', 'POST /api/proof/upload-url']) {
      const body = documented.find((op) => op.id === id)?.jsonBody;
      expect(body?.required ?? []).not.toContain('size');
      expect(fieldSchema(body, ['size'])?.description).toMatch(
        /^The file's size in bytes\. Required when the server stores uploads in S3 \(STORAGE_DRIVER=s3\).*400 UPLOAD_SIZE_REQUIRED\. Optional with the disk driver/,
      );
    }
  });

  it('answers 413 to 10 MB + 1 byte (announced or not) and leaves no file', async () => {
    const me = await signIn(t);
    const body = Buffer.concat([pngBytes(), Buffer.alloc(TEN_MB + 1 - 64)]);
    const announced = await newReportUrl(t, me);
    const before = filesLeft();
    const res = await t.http.put(pathOf(announced)).set('Content-Type', 'image/png').send(body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      statusCode: 413,
      code: 'UPLOAD_TOO_LARGE',
      message: 'The file is larger than 10 MB',
      error: 'File Too Large',
    });

    // Chunked, no Content-Length: the stream is cut off once past the limit.
    const streamed = await newReportUrl(t, me);
    const status = await putChunked(`${t.url}${pathOf(streamed)}`, body, 'image/png');
    expect(status).toBe(413);
    expect(filesLeft()).toEqual(before);
    expect(filesLeft().some((f) => f.startsWith(idOf(streamed)))).toBe(false);
  });

  it('holds an upload to the size announced: a longer body is cut off with 413 (PUT, chunked, parts, form), a shorter one refused, the stored size is the announced one', async () => {
    const me = await signIn(t);
    const announcedUrl = async (size: number) =>
      (await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size }).expect(200)).body.uploadURL as string;
    const longer = Buffer.concat([pngBytes(), Buffer.alloc(5011 - 64)]);
    const tooLarge = {
      statusCode: 413,
      code: 'UPLOAD_TOO_LARGE',
      message: 'The file is larger than 50 bytes',
      error: 'File Too Large',
    };
    const before = filesLeft();

    const put = await announcedUrl(50);
    expect((await t.http.put(pathOf(put)).set('Content-Type', 'image/png').send(longer).expect(413)).body).toEqual(
      tooLarge,
    );
    // Chunked, no Content-Length: cut off past the 50 bytes.
    expect(await putChunked(`${t.url}${pathOf(await announcedUrl(50))}`, longer, 'image/png')).toBe(413);
    const parts = await announcedUrl(50);
    expect(
      (
        await t.http
          .patch(pathOf(parts))
          .set('Content-Range', `bytes 0-99/${longer.length}`)
          .set('Content-Type', 'application/octet-stream')
          .send(longer.subarray(0, 100))
          .expect(413)
      ).body,
    ).toEqual(tooLarge);
    const form = await announcedUrl(50);
    expect((await t.http.post(pathOf(form)).attach('file', longer, 'scan.png').expect(413)).body).toEqual(tooLarge);
    expect(filesLeft()).toEqual(before);

    const shorter = await announcedUrl(longer.length + 1);
    const refused = await t.http.put(pathOf(shorter)).set('Content-Type', 'image/png').send(longer).expect(400);
    expect(refused.body).toMatchObject({
      code: 'UPLOAD_MALFORMED',
      message: `The file has ${longer.length} bytes, not the ${longer.length + 1} announced for this upload`,
    });
    expect(filesLeft()).toEqual(before);

    // The URL takes the right file afterwards, and the stored size is the announced one.
    const exact = await t.http
      .put(pathOf(shorter))
      .set('Content-Type', 'image/png')
      .send(Buffer.concat([longer, Buffer.alloc(1)]))
      .expect(200);
    expect(exact.body.size).toBe(longer.length + 1);
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
    const partHeader = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    );
    await abortAfter(
      `${t.url}${pathOf(form)}`,
      Buffer.concat([partHeader, file]),
      'POST',
      'multipart/form-data; boundary=b',
    );
    await waitFor(
      () => !filesLeft().some((f) => f.startsWith(idOf(put)) || f.startsWith(idOf(form))) && uploadFds().length === 0,
    );
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
        const start =
          contentType === 'image/png'
            ? pngBytes(16)
            : '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n';
        socket.write(
          rawBytes({
            method,
            target: pathOf(uploadURL),
            headers: [
              ['Content-Type', contentType],
              ['Content-Length', '5000000'],
            ],
            body: start,
          }),
        );
        socket.destroy();
      }
    }
    await waitFor(
      () => uploadFds().length === 0 && !filesLeft().some((f) => urls.some((u) => f.startsWith(idOf(u)))),
      5000,
    );
    // No file was received, so no URL was used up: each takes its file.
    for (const uploadURL of urls) expect(await putAfterHangUp(t, uploadURL)).toBe(200);
    expect(uploadFds()).toEqual([]);
  });

  it('takes exactly 10 MB', async () => {
    const me = await signIn(t);
    const uploadURL = await newReportUrl(t, me);
    const res = await t.http
      .put(pathOf(uploadURL))
      .set('Content-Type', 'image/png')
      .send(Buffer.concat([pngBytes(), Buffer.alloc(TEN_MB - 64)]));
    expect(res.status).toBe(200);
    expect(res.body.size).toBe(TEN_MB);
  });

  it('answers 415 to a text file sent as image/png, and to a JSON body', async () => {
    const me = await signIn(t);
    const text = await newReportUrl(t, me);
    const res = await t.http
      .put(pathOf(text))
      .set('Content-Type', 'image/png')
      .send(Buffer.from('just some text, honestly a PNG'));
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
    const res = await t.http
      .put(`/api/uploads/${id}?sig=${expired}`)
      .set('Content-Type', 'image/png')
      .send(pngBytes())
      .expect(403);
    expect(res.body.message).toBe('This upload URL has expired');
    const forged = signUpload(uploadSigningKey('someone-elses-secret-at-least-32-chars'), id, Date.now() + 60_000);
    await t.http.put(`/api/uploads/${id}?sig=${forged}`).set('Content-Type', 'image/png').send(pngBytes()).expect(403);
    const otherId = '65f0c0ffee0000000000beef';
    await t.http
      .put(`/api/uploads/${otherId}?sig=${signUpload(key, otherId, Date.now() + 60_000)}`)
      .send(pngBytes())
      .expect(404);
    await t.http.put(`/api/uploads/${id}`).send(pngBytes()).expect(400);
    // The genuine URL still works after the refused attempts.
    await t.http.put(pathOf(uploadURL)).set('Content-Type', 'image/png').send(pngBytes()).expect(200);
  });

  it('lets exactly one of several simultaneous PUTs of one URL through', async () => {
    const me = await signIn(t);
    const uploadURL = await newReportUrl(t, me);
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.http
          .put(pathOf(uploadURL))
          .set('Content-Type', 'image/png')
          .send(pngBytes(4096))
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
  });

  it('takes the multipart variant with the same checks', async () => {
    const me = await signIn(t);
    const ok = await newReportUrl(t, me);
    const res = await t.http
      .post(pathOf(ok))
      .attach('file', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' })
      .expect(200);
    expect(res.body).toMatchObject({ id: idOf(ok), size: 100, mime: 'image/png' });
    const bad = await newReportUrl(t, me);
    await t.http
      .post(pathOf(bad))
      .attach('file', Buffer.from('plain text'), { filename: 'scan.png', contentType: 'image/png' })
      .expect(415);
    expect(filesLeft().some((f) => f.startsWith(idOf(bad)))).toBe(false);
  });

  it('gives the URL back when a form carries no file (none, or under another name): the corrected form is taken', async () => {
    const me = await signIn(t);
    const url = await newReportUrl(t, me);
    const empty = await t.http.post(pathOf(url)).type('form').send('note=hello');
    expect([400, 415]).toContain(empty.status);
    const misnamed = await t.http
      .post(pathOf(url))
      .attach('upload', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' });
    expect(misnamed.status).toBe(400);
    const res = await t.http
      .post(pathOf(url))
      .attach('file', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' })
      .expect(200);
    expect(res.body).toMatchObject({ id: idOf(url), size: 100 });
    await t.http
      .post(pathOf(url))
      .attach('file', pngBytes(100), { filename: 'scan.png', contentType: 'image/png' })
      .expect(403);
  });

  it('refuses to analyse someone else’s upload, an outside URL or an unfinished upload', async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const fileUrl = await uploadReport(t, owner, await pdfWithLines(['BMI 22.0']), 'application/pdf');
    await t.http.post('/api/bmi/analyze').set(intruder.auth).send({ fileUrl, reportType: 'bmi' }).expect(404);
    const outside = await t.http
      .post('/api/bmi/analyze')
      .set(owner.auth)
      .send({ fileUrl: 'http://169.254.169.254/latest/meta-data', reportType: 'bmi' });
    expect(outside.status).toBe(403);
    const lookalike = fileUrl.replace('localhost:3999', 'evil.example');
    await t.http.post('/api/bmi/analyze').set(owner.auth).send({ fileUrl: lookalike, reportType: 'bmi' }).expect(403);
    const unfinished = await newReportUrl(t, owner);
    await t.http.post('/api/bmi/analyze').set(owner.auth).send({ fileUrl: unfinished, reportType: 'bmi' }).expect(404);
  });

  describe('resumable (PATCH parts, GET where it stands)', () => {
    const MB = 1024 * 1024;
    const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const partialOf = (uploadURL: string) => join(uploadsDir(), `${idOf(uploadURL)}.part`);

    /** A workout video URL (50 MB limit) and a 12 MB MP4 (real header, random body) for it. */
    async function newVideo(me: Awaited<ReturnType<typeof signIn>>, size = 12 * MB) {
      const file = Buffer.concat([mp4Video(Date.now() % 1000), randomBytes(size)]).subarray(0, size);
      const { body } = await t.http
        .post('/api/proof/upload-url')
        .set(me.auth)
        .send({ kind: 'workout_video', size })
        .expect(200);
      // The parts come here: no part URLs elsewhere.
      expect(body.parts).toBeUndefined();
      return { file, uploadURL: body.uploadURL as string };
    }

    const patch = (uploadURL: string, file: Buffer, first: number, last = file.length - 1) =>
      t.http
        .patch(pathOf(uploadURL))
        .set('Content-Type', 'application/offset+octet-stream')
        .set('Content-Range', `bytes ${first}-${last}/${file.length}`)
        .send(file.subarray(first, last + 1));
    const progress = async (uploadURL: string) => (await t.http.get(pathOf(uploadURL)).expect(200)).body;

    /** Opens a PATCH of bytes `first`… of `file`, sends `sent` of them and keeps the connection open. */
    async function openPart(uploadURL: string, file: Buffer, first: number, sent: number) {
      const socket = await openSocket(t.url);
      socket.on('error', () => undefined);
      const headers: Array<[string, string]> = [
        ['Content-Type', 'application/offset+octet-stream'],
        ['Content-Range', `bytes ${first}-${file.length - 1}/${file.length}`],
        ['Content-Length', String(file.length - first)],
      ];
      socket.write(rawBytes({ method: 'PATCH', target: pathOf(uploadURL), headers }));
      socket.write(file.subarray(first, first + sent));
      return socket;
    }

    it('continues a part cut off mid-body from the bytes the server kept, and ends with the exact file and hash', async () => {
      const me = await signIn(t);
      const { file, uploadURL } = await newVideo(me);
      const socket = await openPart(uploadURL, file, 0, 5 * MB);
      // Cut once some of it is on disk: the phone lost its network mid-body.
      await waitFor(() => existsSync(partialOf(uploadURL)) && readFileSync(partialOf(uploadURL)).length >= MB, 5000);
      socket.destroy();
      await waitFor(() => uploadFds().length === 0);

      const held = await progress(uploadURL);
      expect(held).toEqual({ received: expect.any(Number), finished: false, sha256: null });
      expect(held.received).toBeGreaterThanOrEqual(MB);
      expect(held.received).toBeLessThanOrEqual(5 * MB);
      // What was kept is exactly the file's first bytes, nothing else.
      expect(readFileSync(partialOf(uploadURL)).equals(file.subarray(0, held.received))).toBe(true);

      const rest = await patch(uploadURL, file, held.received).expect(200);
      expect(rest.body).toEqual({ received: file.length, finished: true, sha256: sha256(file) });
      expect(readFileSync(join(uploadsDir(), idOf(uploadURL))).equals(file)).toBe(true);
      expect(filesLeft()).not.toContain(`${idOf(uploadURL)}.part`);
      expect(await progress(uploadURL)).toEqual({ received: file.length, finished: true, sha256: sha256(file) });
      expect(uploadFds()).toEqual([]);
    });

    it('takes parts in order, a resent part again (its answer was lost), and no byte once finished', async () => {
      const me = await signIn(t);
      const { file, uploadURL } = await newVideo(me, 3 * MB + 17);
      expect(await progress(uploadURL)).toEqual({ received: 0, finished: false, sha256: null });
      expect((await patch(uploadURL, file, 0, MB - 1).expect(200)).body).toEqual({
        received: MB,
        finished: false,
        sha256: null,
      });
      expect((await patch(uploadURL, file, MB, 2 * MB - 1).expect(200)).body.received).toBe(2 * MB);
      // The client never saw that answer and sends the same part again: it replaces those bytes.
      expect((await patch(uploadURL, file, MB, 2 * MB - 1).expect(200)).body.received).toBe(2 * MB);
      expect(await progress(uploadURL)).toMatchObject({ received: 2 * MB, finished: false });
      const last = await patch(uploadURL, file, 2 * MB).expect(200);
      expect(last.body).toEqual({ received: file.length, finished: true, sha256: sha256(file) });
      expect(readFileSync(join(uploadsDir(), idOf(uploadURL))).equals(file)).toBe(true);

      // Finished is final: no part, no whole PUT changes the checked bytes.
      expect((await patch(uploadURL, file, 0, MB - 1).expect(403)).body.code).toBe('UPLOAD_URL_USED');
      await t.http.put(pathOf(uploadURL)).set('Content-Type', 'video/mp4').send(file).expect(403);
      expect(readFileSync(join(uploadsDir(), idOf(uploadURL))).equals(file)).toBe(true);
      const proof = await t.app.get(UploadsService).requireFinished(me.user.id, uploadURL, 'proof:workout_video');
      expect(proof).toMatchObject({ status: 'finished', size: file.length, mime: 'video/mp4', sha256: sha256(file) });
    });

    it('refuses a gap, a missing or wrong Content-Range or Content-Length, a file over the limit and a wrong type, keeping nothing of a refused file', async () => {
      const me = await signIn(t);
      const { file, uploadURL } = await newVideo(me, 2 * MB);
      await patch(uploadURL, file, 0, MB - 1).expect(200);
      const gap = await patch(uploadURL, file, MB + 10).expect(409);
      expect(gap.body).toMatchObject({
        code: 'UPLOAD_OFFSET_MISMATCH',
        message: `This upload holds ${MB} bytes: continue from byte ${MB}`,
      });
      const noRange = await t.http
        .patch(pathOf(uploadURL))
        .set('Content-Type', 'application/offset+octet-stream')
        .send(file.subarray(MB))
        .expect(400);
      expect(noRange.body.message).toBe('Send the part with Content-Range: bytes <first>-<last>/<total>');
      const short = await t.http
        .patch(pathOf(uploadURL))
        .set('Content-Type', 'application/offset+octet-stream')
        .set('Content-Range', `bytes ${MB}-${2 * MB - 1}/${2 * MB}`)
        .send(file.subarray(MB, MB + 10))
        .expect(400);
      expect(short.body.message).toBe('Send the part with a Content-Length equal to its Content-Range');
      const over = 50 * MB + 1;
      const tooLarge = await t.http
        .patch(pathOf(uploadURL))
        .set('Content-Type', 'application/offset+octet-stream')
        .set('Content-Range', `bytes ${MB}-${MB + 9}/${over}`)
        .send(file.subarray(MB, MB + 10))
        .expect(413);
      // The limit is the size announced for this upload (2 MB), under the purpose's 50 MB.
      expect(tooLarge.body.message).toBe('The file is larger than 2 MB');
      // None of those refusals touched what was held.
      expect(await progress(uploadURL)).toMatchObject({ received: MB, finished: false });

      const text = Buffer.from('not a video at all, just some words'.repeat(100));
      // Announced as the file it takes afterwards: an upload stores exactly the size asked for.
      const { uploadURL: other } = await newVideo(me, file.length);
      const refused = await patch(other, text, 0).expect(415);
      expect(refused.body.message).toBe('Only MP4, MOV or WEBM files are accepted');
      expect(filesLeft().some((f) => f.startsWith(idOf(other)))).toBe(false);
      // The URL takes the right file afterwards.
      await patch(other, file, 0).expect(200);
    });

    it('checks the type of a file whose first part is too short to show it once the whole file is in', async () => {
      const me = await signIn(t);
      const selfieUrl = async () =>
        (await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie', size: 2000 }).expect(200))
          .body.uploadURL as string;
      // A WebP shows its type in its first 12 bytes; the first part has 8 of them.
      const webp = Buffer.concat([
        Buffer.from('RIFF'),
        Buffer.from([0xc8, 0x07, 0, 0]),
        Buffer.from('WEBPVP8 '),
        randomBytes(2000 - 16),
      ]);
      const good = await selfieUrl();
      await patch(good, webp, 0, 7).expect(200);
      expect((await patch(good, webp, 8).expect(200)).body).toEqual({
        received: 2000,
        finished: true,
        sha256: sha256(webp),
      });
      const junk = Buffer.concat([Buffer.from('RIFF'), randomBytes(1996)]);
      const bad = await selfieUrl();
      await patch(bad, junk, 0, 3).expect(200);
      expect((await patch(bad, junk, 4).expect(415)).body.message).toBe('Only JPEG, PNG or WEBP files are accepted');
      expect(filesLeft().some((f) => f.startsWith(idOf(bad)))).toBe(false);
    });

    it('answers 409 UPLOAD_BUSY to a part while another is arriving, and takes it once that client is gone', async () => {
      const me = await signIn(t);
      const { file, uploadURL } = await newVideo(me, 2 * MB);
      const stale = await openPart(uploadURL, file, 0, 100_000);
      await waitFor(() => existsSync(partialOf(uploadURL)) && readFileSync(partialOf(uploadURL)).length === 100_000);
      const busy = await patch(uploadURL, file, 100_000).expect(409);
      expect(busy.body).toMatchObject({
        code: 'UPLOAD_BUSY',
        message: 'Another part of this upload is still arriving; ask how much is stored, then continue',
      });
      stale.destroy();
      await waitFor(() => uploadFds().length === 0);
      const deadline = Date.now() + 3000;
      let res = await patch(uploadURL, file, (await progress(uploadURL)).received);
      while (res.status === 409 && Date.now() < deadline)
        res = await patch(uploadURL, file, (await progress(uploadURL)).received);
      expect(res.body).toEqual({ received: file.length, finished: true, sha256: sha256(file) });
    });

    it('lets a whole PUT replace what parts left', async () => {
      const me = await signIn(t);
      const { file, uploadURL } = await newVideo(me, 2 * MB);
      await patch(uploadURL, file, 0, MB - 1).expect(200);
      const res = await t.http.put(pathOf(uploadURL)).set('Content-Type', 'video/mp4').send(file).expect(200);
      expect(res.body.sha256).toBe(sha256(file));
      expect(readFileSync(join(uploadsDir(), idOf(uploadURL))).equals(file)).toBe(true);
      expect(filesLeft()).not.toContain(`${idOf(uploadURL)}.part`);
    });

    it('refuses GET and PATCH with a forged or expired signature', async () => {
      const me = await signIn(t);
      const { file, uploadURL } = await newVideo(me, MB);
      const id = idOf(uploadURL);
      const expired = signUpload(uploadSigningKey(t.env.JWT_SECRET), id, Date.now() - 1000);
      expect((await t.http.get(`/api/uploads/${id}?sig=${expired}`).expect(403)).body.code).toBe('UPLOAD_URL_EXPIRED');
      const forged = signUpload(uploadSigningKey('someone-elses-secret-at-least-32-chars'), id, Date.now() + 60_000);
      await t.http.get(`/api/uploads/${id}?sig=${forged}`).expect(403);
      await t.http
        .patch(`/api/uploads/${id}?sig=${forged}`)
        .set('Content-Range', `bytes 0-${file.length - 1}/${file.length}`)
        .send(file)
        .expect(403);
      expect(filesLeft().some((f) => f.startsWith(id))).toBe(false);
    });
  });

  it('sweeps pending uploads long past their expiry, with their files, and keeps finished ones', async () => {
    const me = await signIn(t);
    const pending = await newReportUrl(t, me);
    const finished = await uploadReport(t, me, pngBytes(), 'image/png');
    writeFileSync(join(uploadsDir(), `${idOf(pending)}.part`), 'bytes of an upload cut off mid-way');
    const sweep = t.app.get(UploadsSweep);
    expect(await sweep.sweepExpired(new Date())).toBe(0);
    expect(await sweep.sweepExpired(new Date(Date.now() + 3 * 3600_000))).toBeGreaterThanOrEqual(1);
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
    const req = http.request(
      url,
      { method: 'PUT', headers: { 'Content-Type': contentType, 'Transfer-Encoding': 'chunked' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
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
