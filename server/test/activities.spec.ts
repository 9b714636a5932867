import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Activity, ActivityClaim } from '../src/activities/activity.schema';
import type { ActivityView, ProofDayView } from '../src/contract';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { ProofDay, ProofMedia } from '../src/proofs/proof-day.schema';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import {
  ActivitySpec,
  afternoonZone,
  appleHealthZip,
  fitFile,
  gpxFile,
  lyingZipBomb,
  Sample,
  tcxFile,
  zipBomb,
} from './support/activity-files';
import { pngImage } from './support/proof-files';
import { proofClient } from './support/proofs';
import { pathOf } from './support/uploads';

const MEGABYTE = 1024 * 1024;
type Proofs = ReturnType<typeof proofClient>;

describe('activity files in the daily proof over HTTP (real worker)', () => {
  let t: TestApp;
  let proofs: Proofs;
  let reads: LedgerReadsService;
  const { timeZone, offsetMinutes } = afternoonZone();
  /** A recording that began an hour ago: today in `timeZone`, where it is early afternoon. */
  const spec = (overrides: Partial<ActivitySpec> = {}): ActivitySpec => {
    const seed = proofs.nextSeed();
    return {
      start: new Date(Math.floor(Date.now() / 60_000) * 60_000 - 65 * 60_000),
      minutes: 35,
      seed,
      serial: 1_000_000 + seed,
      utcOffsetMinutes: offsetMinutes,
      ...overrides,
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    proofs = proofClient(t);
    reads = t.app.get(LedgerReadsService);
  });
  afterAll(() => t.close());

  const model = <T>(name: string) => t.app.get<Model<T>>(getModelToken(name));

  /** Everything a refusal must leave as it was. */
  async function snapshot(me: SignedIn) {
    const userId = new Types.ObjectId(me.user.id);
    return {
      credits: await reads.balance(me.user.id),
      pending: await reads.balance(me.user.id, 'pending'),
      days: await model<ProofDay>(ProofDay.name).countDocuments({ userId }),
      media: await model<ProofMedia>(ProofMedia.name).countDocuments({ userId }),
      activities: await model<Activity>(Activity.name).countDocuments({ userId }),
      claims: await model<ActivityClaim>(ActivityClaim.name).countDocuments({ userId }),
    };
  }

  async function member(): Promise<SignedIn> {
    const me = await signIn(t);
    await proofs.addPending(me, 20);
    return me;
  }

  /** Validates today with a fresh selfie and video and this activity file, expecting `status`. */
  const validateWith = async (me: SignedIn, activityUrl: string, status: number) => {
    const res = await proofs.validate(
      me,
      { ...(await proofs.uploadPictures(me, { timeZone })), apple_watch: activityUrl },
      timeZone,
    );
    // The answer's body is shown when the status is not the one expected: a refusal says which check.
    expect({ status: res.status, refusal: res.status === status ? null : res.body }).toEqual({ status, refusal: null });
    return res;
  };

  it('validates the day with a FIT file: read in the worker, shown, stored and listed', async () => {
    const me = await member();
    const url = await proofs.uploadActivity(me, await fitFile(spec()), 'Morning_Run.fit');

    const read = await t.http.post('/api/activities/read').set(me.auth).send({ fileUrl: url, timeZone }).expect(200);
    expect(read.body).toMatchObject({
      accepted: true,
      activity: { format: 'fit', kind: 'running', durationSeconds: 2100, device: 'Garmin fr255Music', steps: 5880 },
    });
    expect(read.body.checks.map((c: { name: string; passed: boolean }) => [c.name, c.passed])).toEqual([
      ['started_today', true],
      ['time_moves_forward', true],
      ['long_enough', true],
      ['within_human_bounds', true],
      ['heart_rate_recorded', true],
      ['heart_rate_in_range', true],
      ['heart_rate_varies', true],
      ['evidence_strength', true],
    ]);
    // Reading stores and claims nothing.
    expect((await snapshot(me)).claims).toBe(0);

    expect((await validateWith(me, url, 200)).body).toMatchObject({ coinsValidated: 20, newStreak: 1 });
    const list: ActivityView[] = (await t.http.get(`/api/activities/${me.user.id}`).set(me.auth).expect(200)).body;
    expect(list).toEqual([
      expect.objectContaining({
        format: 'fit',
        kind: 'running',
        durationSeconds: 2100,
        calories: 385,
        steps: 5880,
        device: 'Garmin fr255Music',
        heartRateAvg: expect.any(Number),
      }),
    ]);
    const history: ProofDayView[] = (await t.http.get(`/api/proof/history/${me.user.id}`).set(me.auth).expect(200))
      .body;
    const watch = history[0].proofs.find((p) => p.kind === 'apple_watch')!;
    expect(watch.mime).toBe('application/vnd.ant.fit');
    expect(watch.checks).toEqual(read.body.checks);
    // Only its owner lists them.
    const other = await signIn(t);
    await t.http.get(`/api/activities/${me.user.id}`).set(other.auth).expect(403);
    expect((await t.http.get('/api/activities').set(other.auth).expect(200)).body).toEqual([]);
  });

  it.each<[string, (s: ActivitySpec) => Promise<Buffer> | Buffer, string]>([
    ['a TCX file', tcxFile, 'Garmin_Run.tcx'],
    ['a GPX file with heart rate', gpxFile, 'Strava_Run.gpx'],
    ['an Apple Health export', (s) => appleHealthZip({ ...s, daySteps: 12_000 }), 'export.zip'],
  ])('validates the day with %s', async (_name, make, fileName) => {
    const me = await member();
    const url = await proofs.uploadActivity(me, await make(spec()), fileName);
    await validateWith(me, url, 200);
    expect((await t.http.get('/api/activities').set(me.auth).expect(200)).body).toHaveLength(1);
  });

  it('takes a made-up GPX (40 minutes, a sine-wave heart rate, creator "Forged") as supporting only: the day rests on its other proofs, no activity is counted', async () => {
    const me = await member();
    const start = spec().start;
    const sine = (samples: Sample[]) =>
      samples.map((x) => ({
        ...x,
        bpm: Math.round(135 + 15 * Math.sin((x.time.getTime() - start.getTime()) / 95_000)),
      }));
    const url = await proofs.uploadActivity(
      me,
      gpxFile(spec({ minutes: 40, creator: 'Forged', dress: sine })),
      'forged.gpx',
    );
    const read = await t.http.post('/api/activities/read').set(me.auth).send({ fileUrl: url, timeZone }).expect(200);
    expect(read.body.checks.find((c: { name: string }) => c.name === 'evidence_strength')).toEqual({
      name: 'evidence_strength',
      passed: true,
      reason:
        'Supporting only: this file has no device data and its heart rate is as smooth as a drawn curve, so it backs up your selfie and video but does not count as an activity (its steps and distance are not credited)',
    });
    await validateWith(me, url, 200);
    expect((await t.http.get('/api/activities').set(me.auth).expect(200)).body).toEqual([]);
    // Still claimed: the same file cannot support another day.
    expect((await snapshot(me)).claims).toBeGreaterThan(0);
  });

  it('makes 10K Steps claimable from the steps read in an imported file, not before', async () => {
    const earnSteps = (me: SignedIn) =>
      t.http.post('/api/credits/earn').set(me.auth).send({ userId: me.user.id, action: 'steps', credits: 15 });
    const walker = await member();
    await earnSteps(walker).expect(409);
    await validateWith(
      walker,
      await proofs.uploadActivity(walker, await appleHealthZip({ ...spec(), daySteps: 12_000 }), 'export.zip'),
      200,
    );
    expect((await earnSteps(walker).expect(200)).body).toMatchObject({ action: 'steps', credits: 15 });

    const stroller = await member();
    await validateWith(
      stroller,
      await proofs.uploadActivity(stroller, await appleHealthZip({ ...spec(), daySteps: 8_000 }), 'export.zip'),
      200,
    );
    expect((await earnSteps(stroller).expect(409)).body.message).toBe('10K Steps: not earned yet today');
  });

  describe('fakes and bad files: a clear 4xx, nothing changed', () => {
    const yesterday = () => spec({ start: new Date(Date.now() - 26 * 3600_000) });
    it.each<[string, () => Promise<[Buffer, string]>, number, string, string | RegExp]>([
      [
        "yesterday's activity",
        async () => [await fitFile(yesterday()), 'run.fit'],
        422,
        'PROOF_REJECTED',
        /^Activity started on \d{4}-\d\d-\d\d, not today \(\d{4}-\d\d-\d\d\)$/,
      ],
      [
        '5 minutes',
        async () => [await fitFile(spec({ minutes: 5 })), 'run.fit'],
        422,
        'PROOF_REJECTED',
        'Activity lasted 5 minutes: at least 10 are needed',
      ],
      [
        'a flat heart rate',
        async () => [tcxFile(spec({ heartRate: 'flat' })), 'run.tcx'],
        422,
        'PROOF_REJECTED',
        'Heart rate is a flat line (120 bpm throughout)',
      ],
      [
        'no heart rate',
        async () => [gpxFile(spec({ heartRate: 'none' })), 'run.gpx'],
        422,
        'PROOF_REJECTED',
        'No heart rate in this file: record the activity with a heart-rate sensor',
      ],
      [
        'timestamps going backwards',
        async () => [await fitFile(spec({ backwards: true })), 'run.fit'],
        422,
        'PROOF_REJECTED',
        /^Timestamps go backwards at \d\d:\d\d:\d\d$/,
      ],
      [
        'a truncated FIT file',
        async () => [(await fitFile(spec())).subarray(0, 4000), 'run.fit'],
        422,
        'ACTIVITY_UNREADABLE',
        /damaged or incomplete/,
      ],
      [
        'a corrupt GPX file',
        async () => [Buffer.from(gpxFile(spec()).toString().replace('</trkpt>', '</trkpoint>')), 'run.gpx'],
        422,
        'ACTIVITY_UNREADABLE',
        /not well-formed XML/,
      ],
      ['a zip bomb', async () => [await zipBomb(), 'export.zip'], 422, 'ACTIVITY_UNREADABLE', /zip bomb/],
      [
        'a zip bomb that lies about its size',
        async () => [await lyingZipBomb(), 'export.zip'],
        422,
        'ACTIVITY_UNREADABLE',
        /too many bytes/,
      ],
    ])('%s', async (_name, make, status, code, message) => {
      const me = await member();
      const [bytes, fileName] = await make();
      const url = await proofs.uploadActivity(me, bytes, fileName);
      const before = await snapshot(me);
      const res = await validateWith(me, url, status);
      const matches = typeof message === 'string' ? message : expect.stringMatching(message);
      expect(res.body).toMatchObject({ code, message: matches });
      expect(await snapshot(me)).toEqual(before);
      // The refusal is early too: the read route answers the same reason.
      const read = await t.http.post('/api/activities/read').set(me.auth).send({ fileUrl: url, timeZone });
      if (code === 'ACTIVITY_UNREADABLE') expect(read.body).toMatchObject({ code, message: matches });
      else expect(read.body.checks.find((c: { passed: boolean }) => !c.passed).reason).toEqual(matches);
    });

    it('refuses a reused file, and the same recording re-encoded, whoever uploads it', async () => {
      const recording = spec();
      const bytes = await fitFile(recording);
      const first = await member();
      await validateWith(first, await proofs.uploadActivity(first, bytes, 'a.fit'), 200);

      const copier = await member();
      const before = await snapshot(copier);
      const reused = await validateWith(copier, await proofs.uploadActivity(copier, bytes, 'a.fit'), 409);
      expect(reused.body.code).toBe('PROOF_MEDIA_REUSED');
      // The same recording as a TCX export (same device serial and start), and as a FIT written again with other samples.
      for (const [other, name] of [
        [tcxFile(recording), 'a.tcx'],
        [await fitFile({ ...recording, seed: recording.seed! + 1000 }), 'b.fit'],
        [gpxFile({ ...recording, serial: 1 }), 'a.gpx'],
      ] as const) {
        const res = await validateWith(copier, await proofs.uploadActivity(copier, other, name), 409);
        expect(res.body).toMatchObject({
          code: 'ACTIVITY_ALREADY_USED',
          message: 'This activity was already used as a proof',
        });
      }
      expect(await snapshot(copier)).toEqual(before);
    });

    it('refuses the same recording dressed as another: trimmed, shifted by 0.0001°, its heart rate offset, renamed', async () => {
      const recording = spec({ minutes: 40 });
      const first = await member();
      await validateWith(first, await proofs.uploadActivity(first, await fitFile(recording), 'run.fit'), 200);

      const copier = await member();
      const before = await snapshot(copier);
      const dress = (samples: Sample[]) =>
        samples
          .slice(40)
          .map((s) => ({ ...s, lat: s.lat + 0.0001, lon: s.lon + 0.0001, bpm: s.bpm === null ? null : s.bpm + 4 }));
      const copy = gpxFile({ ...recording, serial: undefined, creator: 'Forged', dress });
      const res = await validateWith(copier, await proofs.uploadActivity(copier, copy, 'evening.gpx'), 409);
      expect(res.body).toMatchObject({ code: 'ACTIVITY_ALREADY_USED' });
      expect(await snapshot(copier)).toEqual(before);
    });

    it('refuses a file whose type does not match its extension, before and on arrival', async () => {
      const me = await member();
      const urlFor = (fileName: string, contentType = '', size?: number) =>
        t.http
          .post('/api/proof/upload-url')
          .set(me.auth)
          .send({ kind: 'apple_watch', fileName, contentType, ...(size ? { size } : {}) });
      expect((await urlFor('run.fit', 'image/png').expect(415)).body.message).toBe(
        'run.fit is named as a FIT file but was sent as image/png',
      );
      await urlFor('export.zip', 'application/gpx+xml').expect(415);
      /** The message a PUT of `bytes` to a URL asked for `fileName` is refused with (415). */
      const refusedPut = async (fileName: string, bytes: Buffer) => {
        const { body } = await urlFor(fileName).expect(200);
        return (
          await t.http
            .put(pathOf(body.uploadURL))
            .set('Content-Type', 'application/octet-stream')
            .send(bytes)
            .expect(415)
        ).body.message;
      };
      expect(await refusedPut('run.gpx', tcxFile(spec()))).toBe('Only GPX files are accepted');
      expect(await refusedPut('run.fit', pngImage(120, 200, proofs.nextSeed()))).toBe('Only FIT files are accepted');
      expect(await refusedPut('export.zip', await fitFile(spec()))).toBe('Only ZIP files are accepted');
      // A screenshot upload still takes only images.
      const screenshot = await t.http
        .post('/api/proof/upload-url')
        .set(me.auth)
        .send({ kind: 'apple_watch' })
        .expect(200);
      await t.http
        .put(pathOf(screenshot.body.uploadURL))
        .set('Content-Type', 'image/png')
        .send(tcxFile(spec()))
        .expect(415);
      // Oversized: each format's own limit, announced or counted.
      expect((await urlFor('export.zip', 'application/zip', 600 * MEGABYTE).expect(413)).body.message).toBe(
        'The file is larger than 512 MB',
      );
      await urlFor('big.fit', '', 17 * MEGABYTE).expect(413);
      expect(await snapshot(me)).toMatchObject({ days: 0, media: 0, activities: 0, claims: 0 });
    });

    it('reads only activity files, and only the caller’s', async () => {
      const me = await member();
      const screenshot = await proofs.upload(me, 'apple_watch', pngImage(120, 200, proofs.nextSeed()), 'image/png');
      await t.http.post('/api/activities/read').set(me.auth).send({ fileUrl: screenshot, timeZone }).expect(403);
      const mine = await proofs.uploadActivity(me, await fitFile(spec()), 'a.fit');
      const other = await signIn(t);
      await t.http.post('/api/activities/read').set(other.auth).send({ fileUrl: mine, timeZone }).expect(404);
      await t.http
        .post('/api/activities/read')
        .set(me.auth)
        .send({ fileUrl: mine, timeZone: 'Mars/Olympus' })
        .expect(400);
    });
  });
});
