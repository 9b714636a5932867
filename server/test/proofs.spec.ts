import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { CHALLENGE_ALPHABET, type ProofValidationResult } from '../src/contract';
import { LedgerService } from '../src/ledger/ledger.service';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { ProofDay, ProofMedia } from '../src/proofs/proof-day.schema';
import { proofLedgerKeys } from '../src/proofs/proofs.rules';
import { ProofsMaintenance } from '../src/proofs/proofs-maintenance';
import { Upload } from '../src/uploads/upload.schema';
import { UploadsService } from '../src/uploads/uploads.service';
import { User } from '../src/users/user.schema';
import { dayIn, previousDay } from '../src/users/users.rules';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { activityScreenshot, loopedStill, pngBomb, selfie as selfieFor } from './support/evidence-samples';
import { mp4Video, pngImage } from './support/proof-files';
import { proofClient } from './support/proofs';
import { newReportUrl, pathOf, pngBytes } from './support/uploads';

const MEGABYTE = 1024 * 1024;
type Proofs = ReturnType<typeof proofClient>;

describe('daily proof validation over HTTP (local evidence checks, real worker)', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let reads: LedgerReadsService;
  let days: Model<ProofDay>;
  let media: Model<ProofMedia>;
  let users: Model<User>;
  let addPending: Proofs['addPending'];
  let addSession: Proofs['addSession'];
  let upload: Proofs['upload'];
  let uploadAll: Proofs['uploadAll'];
  let validate: Proofs['validate'];
  let nextSeed: Proofs['nextSeed'];
  let code: Proofs['code'];
  let readableSelfie: Proofs['readableSelfie'];

  beforeAll(async () => {
    t = await startTestApp();
    ledger = t.app.get(LedgerService);
    reads = t.app.get(LedgerReadsService);
    days = t.app.get(getModelToken(ProofDay.name));
    media = t.app.get(getModelToken(ProofMedia.name));
    users = t.app.get(getModelToken(User.name));
    ({ addPending, addSession, upload, uploadAll, validate, nextSeed, code, readableSelfie } = proofClient(t));
  });
  afterAll(() => t.close());

  /** Everything a refusal must leave as it was. */
  async function snapshot(me: SignedIn) {
    const userId = new Types.ObjectId(me.user.id);
    return {
      credits: await reads.balance(me.user.id),
      pending: await reads.balance(me.user.id, 'pending'),
      days: await days.countDocuments({ userId }),
      media: await media.countDocuments({ userId }),
    };
  }

  it('moves pending credits into the balance, starts the streak, records the day and keeps files private', async () => {
    const me = await signIn(t);
    await addPending(me, 30);
    const proofs = await uploadAll(me, { timeZone: 'Europe/Berlin' });
    const challenge = await t.http
      .get('/api/proof/challenge')
      .query({ timeZone: 'Europe/Berlin' })
      .set(me.auth)
      .expect(200);
    expect(challenge.body).toEqual({
      day: dayIn(new Date(), 'Europe/Berlin'),
      code: expect.stringMatching(/^[A-Z2-9]{6}$/),
      validatedToday: false,
    });

    const res = await validate(me, proofs, 'Europe/Berlin').expect(200);
    expect(res.body).toEqual<ProofValidationResult>({ coinsValidated: 30, newBalance: 30, newStreak: 1 });

    const user = (await t.http.get('/api/auth/verify').set(me.auth).expect(200)).body;
    expect(user).toMatchObject({
      sweatCredits: 30,
      pendingCredits: 0,
      currentStreak: 1,
      dailyStreak: 1,
      longestStreak: 1,
    });
    const again = await t.http
      .get('/api/proof/challenge')
      .query({ timeZone: 'Europe/Berlin' })
      .set(me.auth)
      .expect(200);
    expect(again.body).toMatchObject({ code: challenge.body.code, validatedToday: true });

    const history = (await t.http.get(`/api/proof/history/${me.user.id}`).set(me.auth).expect(200)).body;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ day: challenge.body.day, coinsValidated: 30, streakAfter: 1 });
    expect(history[0].proofs.map((p: { kind: string }) => p.kind)).toEqual([
      'gym_selfie',
      'workout_video',
      'apple_watch',
    ]);
    expect(history[0].proofs[0]).toMatchObject({ mime: 'image/jpeg', fileAvailable: true });
    expect(history[0].proofs[0].checks).toEqual([
      { name: 'file', passed: true, reason: expect.stringMatching(/^Image \d+×\d+$/) },
      { name: 'person', passed: true, reason: 'A person is in the selfie' },
      { name: 'code', passed: true, reason: `Code ${challenge.body.code} is readable` },
    ]);
    expect(history[0].proofs[1].checks.map((c: { name: string }) => c.name)).toEqual([
      'file',
      'duration',
      'movement',
      'person',
    ]);
    expect(history[0].proofs[2].checks).toEqual([
      { name: 'file', passed: true, reason: 'Image 720×1280' },
      { name: 'activity', passed: true, reason: expect.stringMatching(/^Activity summary read: /) },
    ]);

    const selfieId = history[0].proofs[0].uploadId as string;
    const file = await t.http.get(`/api/proof/media/${selfieId}`).set(me.auth).expect(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.body.length).toBe(history[0].proofs[0].size);
    const stranger = await signIn(t);
    await t.http.get(`/api/proof/media/${selfieId}`).set(stranger.auth).expect(403);
    await t.http.get(`/api/proof/media/${new Types.ObjectId().toString()}`).set(me.auth).expect(404);
    await t.http.get(`/api/proof/history/${me.user.id}`).set(stranger.auth).expect(403);

    // Once per day, with new files and new pending credits too.
    await addPending(me, 5);
    const second = await validate(me, await uploadAll(me, { timeZone: 'Europe/Berlin' }), 'Europe/Berlin').expect(409);
    expect(second.body).toEqual({
      statusCode: 409,
      code: 'PROOF_ALREADY_VALIDATED',
      message: 'Proofs already validated today',
      error: 'Already Validated',
    });
    expect(await reads.balance(me.user.id, 'pending')).toBe(5);
  });

  it('20 simultaneous validations of the same day: exactly one succeeds, the balance rises once, the ledger verifies', async () => {
    const me = await signIn(t);
    await addPending(me, 42);
    const proofs = await uploadAll(me);
    const answers = await Promise.all(Array.from({ length: 20 }, () => validate(me, proofs)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await reads.balance(me.user.id)).toBe(42);
    expect(await reads.balance(me.user.id, 'pending')).toBe(0);
    expect(await days.countDocuments({ userId: new Types.ObjectId(me.user.id) })).toBe(1);
    expect((await reads.verify()).problems).toEqual([]);
  });

  describe('refusals change nothing', () => {
    it('a missing kind → 400 naming it', async () => {
      const me = await signIn(t);
      await addPending(me, 10);
      const { gym_selfie, apple_watch } = await uploadAll(me);
      const before = await snapshot(me);
      const res = await validate(me, { gym_selfie, apple_watch }).expect(400);
      expect(res.body.message).toBe('All 3 proofs are needed: the workout video is missing');
      expect(await snapshot(me)).toEqual(before);
    });

    it('a video in the selfie slot → 415 on upload, 403 when its URL is sent as the selfie', async () => {
      const me = await signIn(t);
      await addPending(me, 10);
      const { body } = await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie' }).expect(200);
      const put = await t.http.put(pathOf(body.uploadURL)).set('Content-Type', 'video/mp4').send(mp4Video(nextSeed()));
      expect(put.status).toBe(415);
      expect(put.body.message).toBe('Only JPEG, PNG or WEBP files are accepted');

      const proofs = await uploadAll(me);
      const before = await snapshot(me);
      const res = await validate(me, { ...proofs, gym_selfie: proofs.workout_video }).expect(403);
      expect(res.body.message).toBe('This file was uploaded for something else');
      expect(await snapshot(me)).toEqual(before);
    });

    it('an 11 MB screenshot → 413 on upload (announced or not), then 404 as a proof', async () => {
      const me = await signIn(t);
      await addPending(me, 10);
      const announced = await t.http
        .post('/api/proof/upload-url')
        .set(me.auth)
        .send({ kind: 'apple_watch', size: 11 * MEGABYTE });
      expect(announced.status).toBe(413);
      expect(announced.body.message).toBe('The file is larger than 10 MB');

      const { body } = await t.http
        .post('/api/proof/upload-url')
        .set(me.auth)
        .send({ kind: 'apple_watch' })
        .expect(200);
      const big = Buffer.concat([pngImage(100, 100, nextSeed()), Buffer.alloc(11 * MEGABYTE)]);
      expect((await t.http.put(pathOf(body.uploadURL)).set('Content-Type', 'image/png').send(big)).status).toBe(413);
      const proofs = await uploadAll(me);
      const before = await snapshot(me);
      const res = await validate(me, { ...proofs, apple_watch: body.uploadURL }).expect(404);
      expect(res.body.message).toBe('This upload has not finished');
      expect(await snapshot(me)).toEqual(before);
    });

    it("someone else's upload → 404", async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      await addPending(me, 10);
      const mine = await uploadAll(me);
      const theirs = await uploadAll(other);
      const before = await snapshot(me);
      const res = await validate(me, { ...mine, workout_video: theirs.workout_video }).expect(404);
      expect(res.body.message).toBe('Upload not found');
      expect(await snapshot(me)).toEqual(before);
    });

    it('a photo already used as a proof (by anyone) → 409', async () => {
      const first = await signIn(t);
      const copycat = await signIn(t);
      await addPending(first, 10);
      await addPending(copycat, 10);
      // One the checks read: the first validation must pass for the copycat's to be refused as a reuse.
      const selfie = await readableSelfie(await code(first), nextSeed());
      await validate(first, await uploadAll(first, { selfie })).expect(200);
      const before = await snapshot(copycat);
      const res = await validate(copycat, await uploadAll(copycat, { selfie })).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'PROOF_MEDIA_REUSED',
        message: 'This photo, video or activity file was already used as a proof',
        error: 'Proof Already Used',
      });
      expect(await snapshot(copycat)).toEqual(before);

      // The same bytes in two slots of one request are one photo used twice.
      const twice = await signIn(t);
      await addPending(twice, 10);
      const png = pngImage(100, 100, nextSeed());
      const proofs = {
        ...(await uploadAll(twice, { selfie: png })),
        apple_watch: await upload(twice, 'apple_watch', png, 'image/png'),
      };
      expect((await validate(twice, proofs).expect(409)).body.message).toBe(
        'This photo, video or activity file was already used as a proof',
      );
    });

    it('zero pending credits → 409', async () => {
      const me = await signIn(t);
      const proofs = await uploadAll(me);
      const before = await snapshot(me);
      const res = await validate(me, proofs).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'PROOF_NOTHING_PENDING',
        message: 'You have no pending credits to validate. Complete a workout first.',
        error: 'No Pending Credits',
      });
      expect(await snapshot(me)).toEqual(before);
    });

    it('a tiny image fails the proof.check job → 422, and the claimed day and files are released', async () => {
      const me = await signIn(t);
      await addPending(me, 10);
      const proofs = {
        ...(await uploadAll(me)),
        apple_watch: await upload(me, 'apple_watch', pngImage(10, 10, nextSeed()), 'image/png'),
      };
      const before = await snapshot(me);
      const res = await validate(me, proofs).expect(422);
      expect(res.body).toEqual({
        statusCode: 422,
        code: 'PROOF_REJECTED',
        message: 'Activity-watch screenshot: The image is too small (10×10); send a real photo or screenshot',
        error: 'Proof Rejected',
      });
      expect(await snapshot(me)).toEqual(before);
      // The released files are usable again once fixed.
      await validate(me, {
        ...proofs,
        apple_watch: await upload(me, 'apple_watch', activityScreenshot(1, nextSeed()), 'image/png'),
      }).expect(200);
    });

    it('a selfie with another code, a looped still and a decompression bomb → 422 with each reason; other files then pass', async () => {
      const me = await signIn(t);
      await addPending(me, 10);
      const today = await code(me);
      const alphabet = CHALLENGE_ALPHABET;
      const otherCode = [...today].map((c) => alphabet[(alphabet.indexOf(c) + 1) % alphabet.length]).join('');
      const refused = {
        gym_selfie: await upload(me, 'gym_selfie', selfieFor(otherCode, 3, nextSeed()), 'image/jpeg'),
        workout_video: await upload(me, 'workout_video', loopedStill({ source: 3, seed: nextSeed() }), 'video/mp4'),
        apple_watch: await upload(me, 'apple_watch', pngBomb(20_000, 20_000), 'image/png'),
      };
      const before = await snapshot(me);
      const res = await validate(me, refused).expect(422);
      expect(res.body).toEqual({
        statusCode: 422,
        code: 'PROOF_REJECTED',
        message:
          `Gym selfie: Code ${today} not found: show it on paper or a screen. ` +
          'Workout video: The frames barely change: a still picture is not a workout video. ' +
          'Activity-watch screenshot: The image is too large (20000×20000): send one of at most 40 megapixels',
        error: 'Proof Rejected',
      });
      expect(await snapshot(me)).toEqual(before);
      await validate(me, await uploadAll(me)).expect(200);
    });

    it('an unknown time zone, a file uploaded on an earlier day, or operator objects → 400', async () => {
      const me = await signIn(t);
      await addPending(me, 10);
      const proofs = await uploadAll(me);
      const before = await snapshot(me);
      expect((await validate(me, proofs, 'Mars/Olympus').expect(400)).body.message).toMatch(
        /^Unknown time zone "Mars\/Olympus"/,
      );
      await validate(me, { ...proofs, gym_selfie: { $gt: '' } } as never).expect(400);
      await t.http.post('/api/proof/validate-all').set(me.auth).send({ proofs, extra: 1 }).expect(400);

      const uploads = t.app.get<Model<Upload>>(getModelToken(Upload.name));
      const videoId = new URL(proofs.workout_video).pathname.split('/').pop();
      await uploads.collection.updateOne(
        { _id: new Types.ObjectId(videoId) },
        { $set: { createdAt: new Date(Date.now() - 3 * 24 * 3600_000) } },
      );
      const old = await validate(me, proofs).expect(400);
      expect(old.body.message).toBe('Proofs must be uploaded today. Upload new files.');
      expect(await snapshot(me)).toEqual(before);
    });
  });

  describe('streaks, badges and rewards', () => {
    /** A validated day in the past, as the service would have stored it. */
    const pastDay = (me: SignedIn, day: string, streakAfter: number) =>
      days.create({
        userId: new Types.ObjectId(me.user.id),
        day,
        timeZone: 'UTC',
        streakAfter,
        status: 'credited',
        coinsValidated: 1,
        proofs: [],
      });

    it('validated yesterday → +1, with the 7-day badge; after a gap → 1, longest kept', async () => {
      const me = await signIn(t);
      const today = dayIn(new Date());
      await pastDay(me, previousDay(today), 6);
      await users.updateOne(
        { _id: me.user.id },
        { $set: { currentStreak: 6, longestStreak: 9, lastProofDay: previousDay(today) } },
      );
      await addPending(me, 10);
      expect((await validate(me, await uploadAll(me)).expect(200)).body.newStreak).toBe(7);
      const view = (await t.http.get('/api/auth/verify').set(me.auth).expect(200)).body;
      expect(view).toMatchObject({ currentStreak: 7, dailyStreak: 7, longestStreak: 9 });
      const badges = (await t.http.get('/api/achievements').set(me.auth).expect(200)).body;
      expect(badges.map((b: { code: string }) => b.code)).toContain('STREAK_7');

      const gap = await signIn(t);
      await pastDay(gap, previousDay(previousDay(today)), 12);
      await users.updateOne(
        { _id: gap.user.id },
        { $set: { currentStreak: 12, longestStreak: 12, lastProofDay: previousDay(previousDay(today)) } },
      );
      expect((await t.http.get('/api/auth/verify').set(gap.auth).expect(200)).body.currentStreak).toBe(0); // a missed day reads 0
      await addPending(gap, 10);
      expect((await validate(gap, await uploadAll(gap)).expect(200)).body.newStreak).toBe(1);
      expect((await t.http.get('/api/auth/verify').set(gap.auth).expect(200)).body).toMatchObject({
        currentStreak: 1,
        longestStreak: 12,
      });
    });

    it("pays the referrer on the referred user's first validated day after a session that counts, once", async () => {
      const referrer = await signIn(t);
      const friend = await signIn(t);
      await users.updateOne({ _id: friend.user.id }, { $set: { referredBy: new Types.ObjectId(referrer.user.id) } });
      await addSession(friend);
      await addPending(friend, 10);
      await validate(friend, await uploadAll(friend)).expect(200);
      expect(await reads.balance(referrer.user.id)).toBe(100);
      expect((await t.http.get('/api/proof/challenge').set(friend.auth).expect(200)).body.validatedToday).toBe(true);
    });
  });

  it('completes a day whose ledger moves were cut off by a crash, once', async () => {
    const me = await signIn(t);
    await addPending(me, 25);
    // The state a crash after the checks leaves: the day claimed and checked, nothing moved yet.
    await days.create({
      userId: new Types.ObjectId(me.user.id),
      day: dayIn(new Date()),
      timeZone: 'UTC',
      streakAfter: 1,
      status: 'checked',
      proofs: [],
    });
    const retry = await validate(me, await uploadAll(me)).expect(409);
    expect(retry.body.message).toBe('Proofs already validated today');
    expect(await snapshot(me)).toMatchObject({ credits: 25, pending: 0 });
    await addPending(me, 5);
    await validate(me, await uploadAll(me)).expect(409);
    expect(await snapshot(me)).toMatchObject({ credits: 25, pending: 5 });
    expect((await t.http.get('/api/proof/history').set(me.auth).expect(200)).body[0]).toMatchObject({
      coinsValidated: 25,
      streakAfter: 1,
    });
    expect((await reads.verify()).problems).toEqual([]);
  });

  it('completes a day whose crash came between draining the pending credits and crediting them', async () => {
    const me = await signIn(t);
    await addPending(me, 25);
    const today = dayIn(new Date());
    await days.create({
      userId: new Types.ObjectId(me.user.id),
      day: today,
      timeZone: 'UTC',
      streakAfter: 1,
      status: 'checked',
      proofs: [],
    });
    // The drain happened, the credit did not: the 25 are in neither balance.
    await ledger.post({
      userId: me.user.id,
      account: 'pending',
      amount: -25,
      kind: 'proof',
      reason: 'drained before the crash',
      idempotencyKey: proofLedgerKeys(me.user.id, today).drain,
    });
    expect(await snapshot(me)).toMatchObject({ credits: 0, pending: 0 });
    expect((await validate(me, await uploadAll(me)).expect(409)).body.message).toBe('Proofs already validated today');
    expect(await snapshot(me)).toMatchObject({ credits: 25, pending: 0, days: 1 });
    expect((await reads.verify()).problems).toEqual([]);
  });

  it('releases a day left in checking by a request that died, but not one still being checked', async () => {
    const me = await signIn(t);
    await addPending(me, 15);
    const stuck = {
      userId: new Types.ObjectId(me.user.id),
      day: dayIn(new Date()),
      timeZone: 'UTC',
      streakAfter: 1,
      status: 'checking',
      proofs: [],
    };
    const { insertedId } = await days.collection.insertOne({ ...stuck, coinsValidated: 0, createdAt: new Date() });
    expect((await validate(me, await uploadAll(me)).expect(409)).body.message).toBe('Proofs already validated today');
    // Well past twice the job timeout (AI_JOB_TIMEOUT_MS is 30 s here), nothing can still be checking it.
    await days.collection.updateOne({ _id: insertedId }, { $set: { createdAt: new Date(Date.now() - 5 * 60_000) } });
    expect((await validate(me, await uploadAll(me)).expect(200)).body).toEqual({
      coinsValidated: 15,
      newBalance: 15,
      newStreak: 1,
    });
    expect(await days.countDocuments({ userId: stuck.userId })).toBe(1);
  });

  it('the maintenance job completes a checked day of an earlier date and releases a dead check', async () => {
    const me = await signIn(t);
    await addPending(me, 18);
    const userId = new Types.ObjectId(me.user.id);
    const yesterday = previousDay(dayIn(new Date()));
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const base = { userId, timeZone: 'UTC', streakAfter: 1, coinsValidated: 0, proofs: [], createdAt: longAgo };
    await days.collection.insertOne({ ...base, day: yesterday, status: 'checked' });
    const { insertedId: dead } = await days.collection.insertOne({
      ...base,
      day: previousDay(yesterday),
      status: 'checking',
    });
    await media.collection.insertOne({
      _id: 'a'.repeat(64) as never,
      userId,
      uploadId: new Types.ObjectId(),
      proofDayId: dead,
      createdAt: longAgo,
    });

    expect(await t.app.get(ProofsMaintenance).healStuckDays()).toBeGreaterThanOrEqual(2);
    expect(await snapshot(me)).toEqual({ credits: 18, pending: 0, days: 1, media: 0 });
    expect(await days.findOne({ userId, day: yesterday }).lean()).toMatchObject({
      status: 'credited',
      coinsValidated: 18,
    });
    expect((await reads.verify()).problems).toEqual([]);
  });

  it('deletes proof files after 30 days and keeps the day and its checks', async () => {
    const me = await signIn(t);
    await addPending(me, 10);
    await validate(me, await uploadAll(me)).expect(200);
    const [day] = (await t.http.get('/api/proof/history').set(me.auth).expect(200)).body;
    const maintenance = t.app.get(ProofsMaintenance);
    const filesAvailable = async () =>
      (await t.http.get('/api/proof/history').set(me.auth).expect(200)).body[0].proofs.map(
        (p: { fileAvailable: boolean }) => p.fileAvailable,
      );
    await maintenance.sweepOldMedia(new Date(Date.now() + 29 * 24 * 3600_000));
    expect(await filesAvailable()).toEqual([true, true, true]);
    expect(await maintenance.sweepOldMedia(new Date(Date.now() + 31 * 24 * 3600_000))).toBeGreaterThanOrEqual(3);
    const res = await t.http.get(`/api/proof/media/${day.proofs[0].uploadId}`).set(me.auth).expect(404);
    expect(res.body.message).toBe('Proof files are deleted after 30 days');
    expect(await filesAvailable()).toEqual([false, false, false]);
    const [after] = (await t.http.get('/api/proof/history').set(me.auth).expect(200)).body;
    expect(after.proofs[0].checks).toEqual(day.proofs[0].checks);
  });

  it('deletes proof files never used in a proof after the same 30 days, and only proof files', async () => {
    const me = await signIn(t);
    const idOf = (uploadURL: string) => new URL(uploadURL).pathname.split('/').pop()!;
    const unused = idOf(await upload(me, 'gym_selfie', pngImage(64, 64, nextSeed()), 'image/png'));
    const reportURL = await newReportUrl(t, me);
    await t.http.put(pathOf(reportURL)).set('Content-Type', 'image/png').send(pngBytes()).expect(200);
    const stored = (id: string) => existsSync(join(t.env.DATA_DIR, 'uploads', id));
    const maintenance = t.app.get(ProofsMaintenance);

    await maintenance.sweepOldMedia(new Date(Date.now() + 29 * 24 * 3600_000));
    expect(stored(unused)).toBe(true);
    await maintenance.sweepOldMedia(new Date(Date.now() + 31 * 24 * 3600_000));
    expect(stored(unused)).toBe(false);
    expect(stored(idOf(reportURL))).toBe(true);
    // Marked as removed, so later sweeps pass it by.
    const uploads = t.app.get<Model<Upload>>(getModelToken(Upload.name));
    expect((await uploads.findById(unused).lean())!.fileRemovedAt).toBeInstanceOf(Date);
    expect(
      await t.app.get(UploadsService).storedBefore(['gym_selfie'], new Date(Date.now() + 31 * 24 * 3600_000)),
    ).not.toContain(unused);
  });
});
