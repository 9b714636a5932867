import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { FakeS3, startFakeS3 } from '../../test/fakes/s3';
import type { UploadUrlResponse } from '../src/contract';
import { Upload } from '../src/uploads/upload.schema';
import { UploadsService } from '../src/uploads/uploads.service';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { afternoonZone, appleHealthZip } from './support/activity-files';
import { mp4Video } from './support/proof-files';
import { pathOf, pdfWithLines } from './support/uploads';

const ACCESS_KEY = 'AKIAFAKES3TEST';
const SECRET_KEY = 'fake-secret';
const BUCKET = 'sweat-test-uploads';

const MB = 1024 * 1024;
const idOf = (uploadURL: string) => new URL(uploadURL).pathname.split('/').pop()!;

/** PUTs part `index` of `file` to its presigned URL. */
const putPart = (target: UploadUrlResponse, file: Buffer, index: number) =>
  fetch(target.parts!.urls[index], {
    method: 'PUT',
    body: new Uint8Array(file.subarray(index * target.parts!.bytes, (index + 1) * target.parts!.bytes)),
  });

/** Sends every part of `file` to the store, as the client does. */
async function putParts(target: UploadUrlResponse, file: Buffer): Promise<void> {
  for (let index = 0; index < target.parts!.urls.length; index++)
    expect((await putPart(target, file, index)).status).toBe(200);
}

/**
 * STORAGE_DRIVER=s3 end to end through the real AWS SDK against an S3 fake on loopback: the client
 * PUTs the parts of a multipart upload to their presigned URLs, asks the server's upload URL how
 * much S3 holds to continue a cut-off upload, the server completes and checks the object on first
 * use (type, size, sha256) and the analysis job reads it back from the store.
 */
describe('uploads through the S3 driver', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3({ accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY });
    t = await startTestApp({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.url,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const stored = (uploadURL: string) => `${BUCKET}/uploads/${idOf(uploadURL)}`;
  const underWay = (uploadURL: string) => [...s3.multipart.values()].some(({ path }) => path === stored(uploadURL));
  const progress = async (uploadURL: string) => (await t.http.get(pathOf(uploadURL)).expect(200)).body;

  async function uploadReport(me: SignedIn, bytes: Buffer): Promise<string> {
    const { body } = await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size: bytes.length }).expect(200);
    // The server's own URL (where the upload stands, and the fileUrl); the bytes go to S3.
    expect(body.uploadURL).toMatch(/\/api\/uploads\/[a-f0-9]{24}\?sig=/);
    expect(body.parts).toEqual({ bytes: 5 * MB, urls: [expect.stringContaining(`${s3.url}/${BUCKET}/uploads/`)] });
    await putParts(body, bytes);
    return body.uploadURL as string;
  }

  it('presigns one UploadPart URL per 5 MB of the announced size, each bound to its Content-Length, expiring in 15 minutes', async () => {
    const me = await signIn(t);
    const size = 12 * MB + 5;
    const { body } = await t.http
      .post('/api/proof/upload-url')
      .set(me.auth)
      .send({ kind: 'workout_video', size })
      .expect(200);
    const urls = (body.parts.urls as string[]).map((url) => new URL(url));
    expect(urls).toHaveLength(3);
    const id = idOf(body.uploadURL);
    for (const [index, url] of urls.entries()) {
      expect(`${url.origin}${url.pathname}`).toBe(`${s3.url}/${BUCKET}/uploads/${id}`);
      expect(url.searchParams.get('partNumber')).toBe(String(index + 1));
      expect(url.searchParams.get('uploadId')).toBeTruthy();
      expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
      expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
      expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
        expect.arrayContaining(['content-length', 'host']),
      );
      expect(url.searchParams.get('X-Amz-Credential')).toMatch(
        new RegExp(`^${ACCESS_KEY}/\\d{8}/us-east-1/s3/aws4_request$`),
      );
      // No checksum baked in at signing time: it would be that of an empty body, and S3 would refuse the part.
      expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    }
    expect(await progress(body.uploadURL)).toEqual({ received: 0, finished: false, sha256: null });
  });

  it('continues an upload cut off mid-part from the parts S3 holds, and ends with the exact file and hash', async () => {
    const me = await signIn(t);
    const size = 12 * MB;
    const file = Buffer.concat([mp4Video(7), randomBytes(size)]).subarray(0, size);
    const { body: target } = await t.http
      .post('/api/proof/upload-url')
      .set(me.auth)
      .send({ kind: 'workout_video', size })
      .expect(200);
    expect((await putPart(target, file, 0)).status).toBe(200);
    // The second part's connection drops after 2 MB of its 5: S3 keeps nothing of it.
    await cutOffPut(target.parts.urls[1], file.subarray(5 * MB, 10 * MB), 2 * MB);
    expect(await progress(target.uploadURL)).toEqual({ received: 5 * MB, finished: false, sha256: null });
    // Used before it is whole: not finished, and nothing is completed meanwhile.
    await expect(
      t.app.get(UploadsService).requireFinished(me.user.id, target.uploadURL, 'proof:workout_video'),
    ).rejects.toMatchObject({ status: 404 });
    expect(underWay(target.uploadURL)).toBe(true);
    expect((await putPart(target, file, 1)).status).toBe(200);
    expect((await putPart(target, file, 2)).status).toBe(200);
    expect(await progress(target.uploadURL)).toEqual({ received: size, finished: false, sha256: null });
    const sha256 = createHash('sha256').update(file).digest('hex');
    const proof = await t.app.get(UploadsService).requireFinished(me.user.id, target.uploadURL, 'proof:workout_video');
    expect(proof).toMatchObject({ status: 'finished', size, mime: 'video/mp4', sha256 });
    // Buffer#equals: a deep toEqual of 12 MB takes minutes.
    expect(s3.objects.get(stored(target.uploadURL))?.equals(file)).toBe(true);
    expect(await progress(target.uploadURL)).toEqual({ received: size, finished: true, sha256 });
    // Completed: the part URLs write nothing any more.
    const replay = await putPart(target, file, 0);
    expect(replay.status).toBe(404);
    expect(await replay.text()).toContain('NoSuchUpload');
  });

  it('takes no bytes at the upload URL itself: they go to the store', async () => {
    const me = await signIn(t);
    const { body } = await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size: 10 }).expect(200);
    const patch = await t.http
      .patch(pathOf(body.uploadURL))
      .set('Content-Type', 'application/offset+octet-stream')
      .set('Content-Range', 'bytes 0-9/10')
      .send(Buffer.alloc(10))
      .expect(404);
    expect(patch.body).toMatchObject({ code: 'UPLOAD_NOT_FOUND', message: 'Uploads go straight to storage' });
  });

  it('checks a report on first use, analyses it from the store, and keeps it once', async () => {
    const me = await signIn(t);
    const pdf = await pdfWithLines([
      'BMI TEST REPORT',
      'Height: 176 cm',
      'Weight: 82.4 kg',
      'BMI: 26.6 kg/m2',
      'Body Fat: 24.3 %',
    ]);
    const fileUrl = await uploadReport(me, pdf);
    expect(underWay(fileUrl)).toBe(true);
    expect(s3.objects.has(stored(fileUrl))).toBe(false);

    const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    // Completed on first use: the checked object, which no part URL writes any more.
    expect(s3.objects.get(stored(fileUrl))).toEqual(pdf);
    expect(underWay(fileUrl)).toBe(false);
    expect(res.body).toMatchObject({ bmiValue: 26.6, bodyFatPercentage: 24.3 });
    await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toHaveLength(1);
    expect(s3.objects.has(stored(fileUrl))).toBe(true);
  });

  it('reads an Apple Health export.zip from the store by ranged reads (its directory first, then export.xml)', async () => {
    const me = await signIn(t);
    const { timeZone, offsetMinutes } = afternoonZone();
    const zip = await appleHealthZip({
      start: new Date(Date.now() - 65 * 60_000),
      minutes: 35,
      utcOffsetMinutes: offsetMinutes,
      daySteps: 11_000,
    });
    const { body } = await t.http
      .post('/api/proof/upload-url')
      .set(me.auth)
      .send({ kind: 'apple_watch', fileName: 'export.zip', contentType: 'application/zip', size: zip.length })
      .expect(200);
    await putParts(body, zip);
    const res = await t.http
      .post('/api/activities/read')
      .set(me.auth)
      .send({ fileUrl: body.uploadURL, timeZone })
      .expect(200);
    expect(res.body).toMatchObject({
      accepted: true,
      activity: { format: 'apple_health', kind: 'running', steps: 11_000, durationSeconds: 2100 },
    });
  });

  it('refuses a file whose bytes are not an allowed type (415) and deletes it from the store', async () => {
    const me = await signIn(t);
    const fileUrl = await uploadReport(me, Buffer.from('MZ this is not a report, it is a program'.padEnd(600, '.')));
    expect(underWay(fileUrl)).toBe(true);

    const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(415);
    expect(res.body.message).toMatch(/^Only .* files are accepted$/);
    expect(s3.objects.has(stored(fileUrl))).toBe(false);
    expect(underWay(fileUrl)).toBe(false);
    expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toEqual([]);
  });

  it('keeps the checked bytes when a part URL is replayed after the check (S3 refuses it: the upload is complete)', async () => {
    const me = await signIn(t);
    const genuine = await pdfWithLines(['BMI TEST REPORT', 'Height: 176 cm', 'Weight: 82.4 kg', 'BMI: 26.6 kg/m2']);
    const { body: target } = await t.http
      .post('/api/bmi/upload-url')
      .set(me.auth)
      .send({ size: genuine.length })
      .expect(200);
    await putParts(target, genuine);
    const fileUrl = target.uploadURL as string;
    await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    // Same length, so the signature's Content-Length still matches: only the bytes differ.
    const forged = await pdfWithLines(['BMI TEST REPORT', 'Height: 176 cm', 'Weight: 55.0 kg', 'BMI: 17.7 kg/m2']);
    const replay = Buffer.concat([forged, Buffer.alloc(Math.max(0, genuine.length - forged.length), 0x20)]).subarray(
      0,
      genuine.length,
    );
    expect((await putPart(target, replay, 0)).status).toBe(404);

    expect(s3.objects.get(stored(fileUrl))).toEqual(genuine);
    const again = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    expect(again.body).toMatchObject({ bmiValue: 26.6 });
  });

  it('answers 400 UPLOAD_SIZE_REQUIRED to an upload-url call without the size it signs into the URL, and stores no upload', async () => {
    const me = await signIn(t);
    const uploads = t.app.get<Model<Upload>>(getModelToken(Upload.name));
    const before = await uploads.countDocuments();
    const refusal = {
      statusCode: 400,
      code: 'UPLOAD_SIZE_REQUIRED',
      message: 'Send the file size to get a direct upload URL',
      error: 'Invalid Input',
    };
    expect((await t.http.post('/api/bmi/upload-url').set(me.auth).send({}).expect(400)).body).toEqual(refusal);
    expect(
      (await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie' }).expect(400)).body,
    ).toEqual(refusal);
    expect(await uploads.countDocuments()).toBe(before);
    // The same calls with the size get their URLs.
    await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size: 1234 }).expect(200);
    await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie', size: 1234 }).expect(200);
  });

  it('answers 404 for an upload URL whose file never reached the store, and 413 when the announced size is over the limit', async () => {
    const me = await signIn(t);
    const { body } = await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size: 1234 }).expect(200);
    const res = await t.http
      .post('/api/bmi/analyze')
      .set(me.auth)
      .send({ fileUrl: body.uploadURL, reportType: 'bmi' })
      .expect(404);
    expect(res.body.message).toBe('This upload has not finished');
    await t.http
      .post('/api/bmi/upload-url')
      .set(me.auth)
      .send({ size: 50 * 1024 * 1024 })
      .expect(413);
  });

  it('holds the parts to the size announced: a longer body is refused by the store, one stored anyway is refused on first use, and a shorter one is not finished', async () => {
    const me = await signIn(t);
    const pdf = await pdfWithLines(['BMI TEST REPORT', 'Height: 176 cm', 'Weight: 82.4 kg', 'BMI: 26.6 kg/m2']);
    const { body } = await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size: 50 }).expect(200);
    const longerPdf = Buffer.concat([pdf, Buffer.alloc(5011 - pdf.length)]);
    // The signature covers content-length: 50 signed, a 5,011-byte body sent.
    const longer = await fetch(body.parts.urls[0], { method: 'PUT', body: new Uint8Array(longerPdf) });
    expect(longer.status).toBe(403);
    expect(await longer.text()).toContain('SignatureDoesNotMatch');
    expect(await progress(body.uploadURL)).toMatchObject({ received: 0 });
    await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl: body.uploadURL, reportType: 'bmi' }).expect(404);

    // A store that took the longer body anyway (no signed length): the first use refuses it and keeps nothing.
    const [, upload] = [...s3.multipart].find(([, { path }]) => path === stored(body.uploadURL))!;
    upload.parts.set(1, longerPdf);
    const refused = await t.http
      .post('/api/bmi/analyze')
      .set(me.auth)
      .send({ fileUrl: body.uploadURL, reportType: 'bmi' })
      .expect(413);
    expect(refused.body).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'The file is larger than 50 bytes' });
    expect(s3.objects.has(stored(body.uploadURL))).toBe(false);

    // One shorter than announced is not whole yet: not finished, and the rest can still come.
    const short = await t.http
      .post('/api/bmi/upload-url')
      .set(me.auth)
      .send({ size: pdf.length + 10 })
      .expect(200);
    const [, shortUpload] = [...s3.multipart].find(([, { path }]) => path === stored(short.body.uploadURL))!;
    shortUpload.parts.set(1, pdf);
    const shortRefusal = await t.http
      .post('/api/bmi/analyze')
      .set(me.auth)
      .send({ fileUrl: short.body.uploadURL, reportType: 'bmi' })
      .expect(404);
    expect(shortRefusal.body).toMatchObject({ code: 'UPLOAD_NOT_FINISHED', message: 'This upload has not finished' });
    expect(underWay(short.body.uploadURL)).toBe(true);
  });
});

/** Starts a PUT of `body` to `url`, sends its first `sent` bytes and drops the connection. */
async function cutOffPut(url: string, body: Buffer, sent: number): Promise<void> {
  const req = http.request(url, { method: 'PUT', headers: { 'content-length': body.length } });
  req.on('error', () => undefined);
  await new Promise<void>((resolve) => req.write(body.subarray(0, sent), () => resolve()));
  req.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
}
