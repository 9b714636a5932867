import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { FakeS3, startFakeS3 } from '../../test/fakes/s3';
import { Upload } from '../src/uploads/upload.schema';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { afternoonZone, appleHealthZip } from './support/activity-files';
import { pdfWithLines } from './support/uploads';

const ACCESS_KEY = 'AKIAFAKES3TEST';
const SECRET_KEY = 'fake-secret';
const BUCKET = 'sweat-test-uploads';

/**
 * STORAGE_DRIVER=s3 end to end through the real AWS SDK against an S3 fake on loopback: the client
 * PUTs to the presigned URL, the server checks the object on first use (type, size, sha256) and the
 * analysis job reads it back from the store.
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

  async function uploadReport(me: SignedIn, bytes: Buffer): Promise<string> {
    const { body } = await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size: bytes.length }).expect(200);
    expect(body.uploadURL.startsWith(`${s3.url}/${BUCKET}/incoming/`)).toBe(true);
    // A presigned PUT takes the whole file: a cut-off upload is sent again, not continued.
    expect(body.resumable).toBe(false);
    const put = await fetch(body.uploadURL, { method: 'PUT', body: new Uint8Array(bytes) });
    expect(put.status).toBe(200);
    return body.uploadURL as string;
  }

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
    const id = new URL(fileUrl).pathname.split('/').pop();
    const [incoming, stored] = [`${BUCKET}/incoming/${id}`, `${BUCKET}/uploads/${id}`];
    expect(s3.objects.get(incoming)).toEqual(pdf);

    const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    // Sealed on first use: the checked copy lives where no upload URL writes.
    expect(s3.objects.get(stored)).toEqual(pdf);
    expect(s3.objects.has(incoming)).toBe(false);
    expect(res.body).toMatchObject({ bmiValue: 26.6, bodyFatPercentage: 24.3 });
    await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toHaveLength(1);
    expect(s3.objects.has(stored)).toBe(true);
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
    expect((await fetch(body.uploadURL, { method: 'PUT', body: new Uint8Array(zip) })).status).toBe(200);
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
    const id = new URL(fileUrl).pathname.split('/').pop();
    expect(s3.objects.has(`${BUCKET}/incoming/${id}`)).toBe(true);

    const res = await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(415);
    expect(res.body.message).toMatch(/^Only .* files are accepted$/);
    expect(s3.objects.has(`${BUCKET}/uploads/${id}`)).toBe(false);
    expect(s3.objects.has(`${BUCKET}/incoming/${id}`)).toBe(false);
    expect((await t.http.get('/api/bmi').set(me.auth).expect(200)).body).toEqual([]);
  });

  it('keeps the checked bytes when the presigned PUT is replayed after the check (the replay writes nothing that is read)', async () => {
    const me = await signIn(t);
    const genuine = await pdfWithLines(['BMI TEST REPORT', 'Height: 176 cm', 'Weight: 82.4 kg', 'BMI: 26.6 kg/m2']);
    const fileUrl = await uploadReport(me, genuine);
    await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl, reportType: 'bmi' }).expect(200);
    // Same length, so the signature's Content-Length still matches: only the bytes differ.
    const forged = await pdfWithLines(['BMI TEST REPORT', 'Height: 176 cm', 'Weight: 55.0 kg', 'BMI: 17.7 kg/m2']);
    const replay = Buffer.concat([forged, Buffer.alloc(Math.max(0, genuine.length - forged.length), 0x20)]).subarray(
      0,
      genuine.length,
    );
    expect((await fetch(fileUrl, { method: 'PUT', body: new Uint8Array(replay) })).status).toBe(200);

    const id = new URL(fileUrl).pathname.split('/').pop();
    expect(s3.objects.get(`${BUCKET}/uploads/${id}`)).toEqual(genuine);
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

  it('holds a presigned PUT to the size announced: a longer body is refused by the store, and one stored anyway is refused on first use', async () => {
    const me = await signIn(t);
    const pdf = await pdfWithLines(['BMI TEST REPORT', 'Height: 176 cm', 'Weight: 82.4 kg', 'BMI: 26.6 kg/m2']);
    const { body } = await t.http.post('/api/bmi/upload-url').set(me.auth).send({ size: 50 }).expect(200);
    // The signature covers content-length: 50 signed, a 5,011-byte body sent.
    const longer = await fetch(body.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(Buffer.concat([pdf, Buffer.alloc(5011 - pdf.length)])),
    });
    expect(longer.status).toBe(403);
    expect(await longer.text()).toContain('SignatureDoesNotMatch');
    const id = new URL(body.uploadURL as string).pathname.split('/').pop();
    expect(s3.objects.has(`${BUCKET}/incoming/${id}`)).toBe(false);
    await t.http.post('/api/bmi/analyze').set(me.auth).send({ fileUrl: body.uploadURL, reportType: 'bmi' }).expect(404);

    // A store that took the longer body anyway (no signed length): the first use refuses it and keeps nothing.
    s3.objects.set(`${BUCKET}/incoming/${id}`, Buffer.concat([pdf, Buffer.alloc(5011 - pdf.length)]));
    const refused = await t.http
      .post('/api/bmi/analyze')
      .set(me.auth)
      .send({ fileUrl: body.uploadURL, reportType: 'bmi' })
      .expect(413);
    expect(refused.body).toMatchObject({ code: 'UPLOAD_TOO_LARGE', message: 'The file is larger than 50 bytes' });
    expect(s3.objects.has(`${BUCKET}/uploads/${id}`)).toBe(false);

    // One shorter than announced is refused too: what is stored is what was announced.
    const short = await t.http
      .post('/api/bmi/upload-url')
      .set(me.auth)
      .send({ size: pdf.length + 10 })
      .expect(200);
    const shortId = new URL(short.body.uploadURL as string).pathname.split('/').pop();
    s3.objects.set(`${BUCKET}/incoming/${shortId}`, pdf);
    const shortRefusal = await t.http
      .post('/api/bmi/analyze')
      .set(me.auth)
      .send({ fileUrl: short.body.uploadURL, reportType: 'bmi' })
      .expect(400);
    expect(shortRefusal.body).toMatchObject({
      code: 'UPLOAD_MALFORMED',
      message: `The file has ${pdf.length} bytes, not the ${pdf.length + 10} announced for this upload`,
    });
  });
});
