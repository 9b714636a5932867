import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { CHALLENGE_ALPHABET, type ProofCheckResult } from '../src/contract';
import { ProofCheck } from '../src/proofs/proof-check.schema';
import { ProofChecker } from '../src/proofs/proof-checker';
import { ProofDay, ProofMedia } from '../src/proofs/proof-day.schema';
import { Upload } from '../src/uploads/upload.schema';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { afternoonZone, fitFile } from './support/activity-files';
import { activityScreenshot, reusedWorkoutVideo, selfie as selfieFor } from './support/evidence-samples';
import { pngImage } from './support/proof-files';
import { proofClient } from './support/proofs';

type Proofs = ReturnType<typeof proofClient>;

describe('POST /api/proof/check: each slot checked as soon as it is uploaded (real worker)', () => {
  let t: TestApp;
  let proofs: Proofs;
  let stored: Model<ProofCheck>;
  /** The files each proof.check job run checked, by kind, in the order of the runs. */
  let runs: string[][];

  beforeAll(async () => {
    t = await startTestApp();
    proofs = proofClient(t);
    stored = t.app.get(getModelToken(ProofCheck.name));
    // The worker runs in this process here: every proof.check job passes through this checker.
    const checker = t.app.get(ProofChecker);
    const check = checker.check.bind(checker);
    jest.spyOn(checker, 'check').mockImplementation((files, code) => {
      runs.push(files.map((f) => f.kind));
      return check(files, code);
    });
  });
  beforeEach(() => {
    runs = [];
  });
  afterAll(() => t.close());

  const check = (me: SignedIn, body: object) => t.http.post('/api/proof/check').set(me.auth).send(body);
  const uploadIdOf = (fileUrl: string) => new Types.ObjectId(new URL(fileUrl).pathname.split('/').pop());
  const otherCodeThan = (code: string) =>
    [...code].map((c) => CHALLENGE_ALPHABET[(CHALLENGE_ALPHABET.indexOf(c) + 1) % CHALLENGE_ALPHABET.length]).join('');

  it('answers each check of a genuine file with its reason, and keeps them with the file', async () => {
    const me = await signIn(t);
    const code = await proofs.code(me);
    const files = await proofs.uploadAll(me);

    const selfie = await check(me, { kind: 'gym_selfie', fileUrl: files.gym_selfie }).expect(200);
    expect(selfie.body).toEqual<ProofCheckResult>({
      accepted: true,
      checks: [
        { name: 'file', passed: true, reason: expect.stringMatching(/^Image \d+×\d+$/) },
        { name: 'person', passed: true, reason: 'A person is in the selfie' },
        { name: 'code', passed: true, reason: `Code ${code} is readable` },
      ],
    });
    const video = await check(me, { kind: 'workout_video', fileUrl: files.workout_video }).expect(200);
    expect(video.body.accepted).toBe(true);
    expect(video.body.checks.map((c: { name: string }) => c.name)).toEqual(['file', 'duration', 'movement', 'person']);
    expect(runs).toEqual([['gym_selfie'], ['workout_video']]);

    const kept = await stored.findOne({ uploadId: uploadIdOf(files.gym_selfie) }).lean();
    expect(kept).toMatchObject({
      kind: 'gym_selfie',
      challengeCode: code,
      sha256: expect.stringMatching(/^[a-f0-9]{64}$/),
      checks: selfie.body.checks,
    });
  });

  it('refuses a selfie with another code and a tiny screenshot, each with what to do', async () => {
    const me = await signIn(t);
    const code = await proofs.code(me);
    const wrongCode = await proofs.upload(
      me,
      'gym_selfie',
      selfieFor(otherCodeThan(code), 3, proofs.nextSeed()),
      'image/jpeg',
    );
    const res = await check(me, { kind: 'gym_selfie', fileUrl: wrongCode }).expect(200);
    expect(res.body.accepted).toBe(false);
    expect(res.body.checks.find((c: { passed: boolean }) => !c.passed)).toEqual({
      name: 'code',
      passed: false,
      reason: `Code ${code} not found: show it on paper or a screen`,
    });

    const tiny = await proofs.upload(me, 'apple_watch', pngImage(10, 10, proofs.nextSeed()), 'image/png');
    expect((await check(me, { kind: 'apple_watch', fileUrl: tiny }).expect(200)).body).toEqual({
      accepted: false,
      checks: [
        { name: 'file', passed: false, reason: 'The image is too small (10×10); send a real photo or screenshot' },
      ],
    });
  });

  it('refuses a file already used as a proof (409, as validation would) before checking anything', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    await proofs.addPending(me, 10);
    const video = reusedWorkoutVideo(1, proofs.nextSeed());
    const files = {
      ...(await proofs.uploadAll(me)),
      workout_video: await proofs.upload(me, 'workout_video', video, 'video/mp4'),
    };
    await proofs.validate(me, files).expect(200);
    runs = [];

    const same = await proofs.upload(other, 'workout_video', video, 'video/mp4');
    const refused = await check(other, { kind: 'workout_video', fileUrl: same }).expect(409);
    expect(refused.body).toMatchObject({
      code: 'PROOF_MEDIA_REUSED',
      message: 'This photo, video or activity file was already used as a proof',
    });
    expect(runs).toEqual([]);
  });

  it('does not count as used a file held by an attempt of the user that died (released, as validation does)', async () => {
    const me = await signIn(t);
    const files = await proofs.uploadPictures(me);
    const uploadId = uploadIdOf(files.workout_video);
    const { sha256 } = (await t.app.get<Model<Upload>>(getModelToken(Upload.name)).findById(uploadId).lean())!;
    const userId = new Types.ObjectId(me.user.id);
    // Left in checking by a request that died well past twice the job timeout, holding the video.
    const dead = await t.app.get<Model<ProofDay>>(getModelToken(ProofDay.name)).collection.insertOne({
      userId,
      day: (await t.http.get('/api/proof/challenge').set(me.auth)).body.day,
      timeZone: 'UTC',
      streakAfter: 1,
      status: 'checking',
      proofs: [],
      coinsValidated: 0,
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    const media = t.app.get<Model<ProofMedia>>(getModelToken(ProofMedia.name));
    await media.collection.insertOne({ _id: sha256 as never, userId, uploadId, proofDayId: dead.insertedId });

    expect((await check(me, { kind: 'workout_video', fileUrl: files.workout_video }).expect(200)).body.accepted).toBe(
      true,
    );
    expect(await media.countDocuments({ proofDayId: dead.insertedId })).toBe(0);
  });

  it("refuses someone else's upload (404), a foreign URL or another slot's upload (403), a malformed body (400), an old upload (400)", async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    const mine = await proofs.uploadPictures(me);
    const theirs = await proofs.uploadPictures(other);
    expect((await check(me, { kind: 'gym_selfie', fileUrl: theirs.gym_selfie }).expect(404)).body.code).toBe(
      'UPLOAD_NOT_FOUND',
    );
    expect(
      (await check(me, { kind: 'gym_selfie', fileUrl: 'https://elsewhere.example/selfie.jpg' }).expect(403)).body.code,
    ).toBe('UPLOAD_FOREIGN_URL');
    const wrongSlot = await check(me, { kind: 'gym_selfie', fileUrl: mine.workout_video }).expect(403);
    expect(wrongSlot.body).toMatchObject({
      code: 'UPLOAD_WRONG_PURPOSE',
      message: 'This file was uploaded for something else',
    });

    for (const body of [
      { fileUrl: mine.gym_selfie },
      { kind: 'passport', fileUrl: mine.gym_selfie },
      { kind: 'gym_selfie' },
      { kind: 'gym_selfie', fileUrl: mine.gym_selfie, extra: 1 },
      { kind: 'gym_selfie', fileUrl: { $gt: '' } },
    ]) {
      expect((await check(me, body).expect(400)).body.code).toBe('VALIDATION_FAILED');
    }
    const zone = await check(me, { kind: 'gym_selfie', fileUrl: mine.gym_selfie, timeZone: 'Mars/Olympus' }).expect(
      400,
    );
    expect(zone.body.code).toBe('PROOF_INVALID_TIME_ZONE');

    await t.app
      .get<Model<Upload>>(getModelToken(Upload.name))
      .collection.updateOne(
        { _id: uploadIdOf(mine.gym_selfie) },
        { $set: { createdAt: new Date(Date.now() - 3 * 24 * 3600_000) } },
      );
    const old = await check(me, { kind: 'gym_selfie', fileUrl: mine.gym_selfie }).expect(400);
    expect(old.body).toMatchObject({
      code: 'PROOF_TOO_OLD',
      message: 'Proofs must be uploaded today. Upload new files.',
    });
    expect(runs).toEqual([]);
  });

  it('validate-all reuses the checks of unchanged files and runs the job only for the others', async () => {
    const me = await signIn(t);
    await proofs.addPending(me, 10);
    const files = await proofs.uploadAll(me);
    for (const kind of ['gym_selfie', 'workout_video', 'apple_watch'] as const)
      await check(me, { kind, fileUrl: files[kind] }).expect(200);
    expect(runs).toHaveLength(3);

    // A changed file, and a kept result for another day's code, are checked again; the video's result is reused.
    const newSelfie = (await proofs.uploadPictures(me)).gym_selfie;
    await stored.updateOne(
      { uploadId: uploadIdOf(files.apple_watch) },
      { $set: { challengeCode: otherCodeThan(await proofs.code(me)) } },
    );
    runs = [];
    await proofs.validate(me, { ...files, gym_selfie: newSelfie }).expect(200);
    expect(runs).toEqual([['gym_selfie', 'apple_watch']]);

    // Checked early and all reused: validation runs no check at all.
    const next = await signIn(t);
    await proofs.addPending(next, 10);
    const nextFiles = await proofs.uploadAll(next);
    for (const kind of ['gym_selfie', 'workout_video', 'apple_watch'] as const)
      await check(next, { kind, fileUrl: nextFiles[kind] }).expect(200);
    runs = [];
    await proofs.validate(next, nextFiles).expect(200);
    expect(runs).toEqual([]);
    // The day keeps each check's result and reason, reused or not.
    const [day] = (await t.http.get('/api/proof/history').set(next.auth).expect(200)).body;
    expect(day.proofs[0].checks.map((c: { name: string; passed: boolean }) => [c.name, c.passed])).toEqual([
      ['file', true],
      ['person', true],
      ['code', true],
    ]);
  });

  it('a kept refusal refuses validation with its reason without checking again; other files then pass', async () => {
    const me = await signIn(t);
    await proofs.addPending(me, 10);
    const files = {
      ...(await proofs.uploadPictures(me)),
      apple_watch: await proofs.upload(me, 'apple_watch', pngImage(10, 10, proofs.nextSeed()), 'image/png'),
    };
    expect((await check(me, { kind: 'apple_watch', fileUrl: files.apple_watch }).expect(200)).body.accepted).toBe(
      false,
    );
    runs = [];
    const refused = await proofs.validate(me, files).expect(422);
    expect(refused.body.message).toBe(
      'Activity-watch screenshot: The image is too small (10×10); send a real photo or screenshot',
    );
    expect(runs).toEqual([['gym_selfie', 'workout_video']]);
    runs = [];
    await proofs
      .validate(me, {
        ...files,
        apple_watch: await proofs.upload(me, 'apple_watch', activityScreenshot(2, proofs.nextSeed()), 'image/png'),
      })
      .expect(200);
    // The selfie and video were kept from the refused attempt: only the new screenshot is checked.
    expect(runs).toEqual([['apple_watch']]);
  });

  it('checks of one file at the same time all answer, and keep one result', async () => {
    const me = await signIn(t);
    const { gym_selfie } = await proofs.uploadPictures(me);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => check(me, { kind: 'gym_selfie', fileUrl: gym_selfie })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await stored.countDocuments({ uploadId: uploadIdOf(gym_selfie) })).toBe(1);
  });

  it('an activity file is read as validation reads it, with its figures, and nothing is claimed', async () => {
    const { timeZone, offsetMinutes } = afternoonZone();
    const me = await signIn(t);
    const seed = proofs.nextSeed();
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 65 * 60_000);
    const url = await proofs.uploadActivity(
      me,
      await fitFile({ start, minutes: 35, seed, serial: 1_000_000 + seed, utcOffsetMinutes: offsetMinutes }),
      'run.fit',
    );
    const res = await check(me, { kind: 'apple_watch', fileUrl: url, timeZone }).expect(200);
    expect(res.body).toMatchObject({ accepted: true, activity: { format: 'fit', durationSeconds: 2100 } });
    expect(res.body.checks.every((c: { passed: boolean }) => c.passed)).toBe(true);
    expect(runs).toEqual([]);
    // The same file in the selfie slot is another slot's upload.
    await check(me, { kind: 'gym_selfie', fileUrl: url, timeZone }).expect(403);
  });
});
