import { PassThrough, Readable } from 'node:stream';

import { activityKeys, isAccepted, judgeActivity, summarize } from '../src/activities/activity.rules';
import { appleTime } from '../src/activities/readers/apple-health.reader';
import { readActivity } from '../src/activities/readers/read-activity';
import { ActivitySource, ReadDeadline } from '../src/activities/readers/read-limits';
import type { ActivityFormat } from '../src/contract';
import { sniffMime } from '../src/uploads/uploads.rules';
import {
  ActivitySpec,
  appleHealthZip,
  fitFile,
  gpxFile,
  lyingZipBomb,
  tcxFile,
  zipBomb,
  zipOf,
} from './support/activity-files';

/** A stored file as the storage drivers hand it out: in 64 KB chunks, whole or a range. */
function sourceOf(bytes: Buffer): ActivitySource {
  const chunks = function* (part: Buffer) {
    for (let i = 0; i < part.length; i += 64 * 1024) yield part.subarray(i, i + 64 * 1024);
  };
  return {
    size: bytes.length,
    open: async (range) => Readable.from(chunks(range ? bytes.subarray(range.start, range.end) : bytes)),
  };
}

const START = new Date('2026-11-25T07:30:00Z');
const day = { day: '2026-11-25', timeZone: 'Europe/Berlin', now: new Date('2026-11-25T12:00:00Z') };
const spec: ActivitySpec = { start: START, minutes: 35, seed: 11 };

/** A reader's refusal as the API answers it: its code and message (a job refusal carries them as JSON). */
async function refusal(reading: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = await reading.then(
    () => null,
    (e: Error) => e,
  );
  if (!err) throw new Error('the file was read, not refused');
  const { code, message } = JSON.parse(err.message) as { code: string; message: string };
  return { code, message };
}

async function read(format: ActivityFormat, bytes: Buffer, deadline = new ReadDeadline()) {
  try {
    return await readActivity(format, sourceOf(bytes), day.day, day.timeZone, deadline);
  } finally {
    deadline.dispose();
  }
}

describe('activity figures beyond a body', () => {
  it('refuses a FIT session whose totalCycles of 4e9 reads as 8,000,000,000 steps, naming the figure', async () => {
    const reading = await read('fit', await fitFile({ ...spec, totalCycles: 4e9 }));
    expect(reading.steps).toBe(8e9);
    const refused = judgeActivity(reading, day).filter((c) => !c.passed);
    expect(refused).toEqual([
      {
        name: 'within_human_bounds',
        passed: false,
        reason: '8,000,000,000 steps are more than a person takes in a day (at most 150,000)',
      },
    ]);
  });
});

describe('activity readers on genuine files', () => {
  it.each<[ActivityFormat, () => Promise<Buffer> | Buffer]>([
    ['fit', () => fitFile(spec)],
    ['tcx', () => tcxFile(spec)],
    ['gpx', () => gpxFile(spec)],
    ['apple_health', () => appleHealthZip({ ...spec, utcOffsetMinutes: 60, daySteps: 12_000 })],
  ])('reads %s: start, duration, heart rate, and every rule passes', async (format, make) => {
    const bytes = await make();
    const reading = await read(format, bytes);
    const checks = judgeActivity(reading, day);
    expect(checks.filter((c) => !c.passed)).toEqual([]);
    expect(isAccepted(checks)).toBe(true);
    const summary = summarize(reading);
    expect(summary).toMatchObject({
      format,
      kind: 'running',
      startedAt: START.toISOString(),
      durationSeconds: 35 * 60,
    });
    expect(summary.heartRateAvg).toBeGreaterThan(120);
    expect(summary.heartRateMax).toBeGreaterThan(summary.heartRateAvg!);
    expect(summary.heartRateMax).toBeLessThan(200);
    if (format !== 'apple_health') expect(summary.distanceMeters).toBeGreaterThan(5000);
  });

  it('reads the figures each format carries', async () => {
    const fit = summarize(await read('fit', await fitFile(spec)));
    expect(fit).toMatchObject({ device: 'Garmin fr255Music', calories: 385, steps: 5880 });
    const tcx = summarize(await read('tcx', tcxFile(spec)));
    expect(tcx).toMatchObject({ device: 'Forerunner 255', calories: 385, steps: 5880 });
    const gpx = summarize(await read('gpx', gpxFile(spec)));
    expect(gpx).toMatchObject({ device: 'Garmin Connect', calories: null, steps: null });
    // The day's steps from the source that counted most (phone and watch count the same steps), the workout's own totals.
    const apple = summarize(
      await read('apple_health', await appleHealthZip({ ...spec, utcOffsetMinutes: 60, daySteps: 12_000 })),
    );
    expect(apple).toMatchObject({
      device: 'Apple Watch',
      calories: 385,
      steps: 12_000,
      distanceMeters: expect.any(Number),
    });
  });

  it('claims a FIT file and its TCX export under the same device key, and the same track in any format under one track key', async () => {
    const fitKeys = activityKeys(await read('fit', await fitFile(spec)));
    const tcxKeys = activityKeys(await read('tcx', tcxFile(spec)));
    const gpxKeys = activityKeys(await read('gpx', gpxFile(spec)));
    expect(fitKeys).toContain('device:3412345678:2026-11-25T07:30:00.000Z');
    expect(tcxKeys).toContain('device:3412345678:2026-11-25T07:30:00.000Z');
    const track = fitKeys.find((k) => k.startsWith('track:'));
    expect(track).toBeDefined();
    expect(gpxKeys).toContain(track);
    expect(tcxKeys).toContain(track);
  });

  it('sniffs each format from its first bytes', async () => {
    expect(sniffMime((await fitFile(spec)).subarray(0, 4096))).toBe('application/vnd.ant.fit');
    expect(sniffMime(tcxFile(spec).subarray(0, 4096))).toBe('application/vnd.garmin.tcx+xml');
    expect(sniffMime(gpxFile(spec).subarray(0, 4096))).toBe('application/gpx+xml');
    expect(sniffMime((await appleHealthZip(spec)).subarray(0, 4096))).toBe('application/zip');
    expect(sniffMime(Buffer.from('<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"/>'))).toBeNull();
  });

  it("reads Apple's dates with their offsets", () => {
    expect(new Date(appleTime('2026-11-25 08:30:00 +0100')).toISOString()).toBe('2026-11-25T07:30:00.000Z');
    expect(appleTime('25/11/2026 08:30')).toBeNaN();
  });
});

describe('activity readers on fakes', () => {
  const failedChecks = async (format: ActivityFormat, bytes: Buffer) =>
    judgeActivity(await read(format, bytes), day)
      .filter((c) => !c.passed)
      .map((c) => c.reason);

  it("refuses yesterday's activity in every format", async () => {
    const yesterday = { ...spec, start: new Date('2026-11-24T07:30:00Z') };
    for (const [format, bytes] of [
      ['fit', await fitFile(yesterday)],
      ['tcx', tcxFile(yesterday)],
      ['gpx', gpxFile(yesterday)],
    ] as const) {
      expect(await failedChecks(format, bytes)).toEqual(['Activity started on 2026-11-24, not today (2026-11-25)']);
    }
    // The export keeps only the proof day's heart rate, so yesterday's workout also shows none; the date is the first reason.
    expect((await failedChecks('apple_health', await appleHealthZip({ ...yesterday, utcOffsetMinutes: 60 })))[0]).toBe(
      'Activity started on 2026-11-24, not today (2026-11-25)',
    );
  });

  it('refuses 5 minutes, a flat heart rate, an impossible one, none, and timestamps going backwards', async () => {
    expect(await failedChecks('fit', await fitFile({ ...spec, minutes: 5 }))).toEqual([
      'Activity lasted 5 minutes: at least 10 are needed',
    ]);
    expect(await failedChecks('tcx', tcxFile({ ...spec, heartRate: 'flat' }))).toEqual([
      'Heart rate is a flat line (120 bpm throughout)',
    ]);
    expect(await failedChecks('gpx', gpxFile({ ...spec, heartRate: 'impossible' }))).toEqual([
      expect.stringMatching(/^Heart rate of \d+ bpm is not plausible \(30–230 bpm\)$/),
    ]);
    expect(await failedChecks('gpx', gpxFile({ ...spec, heartRate: 'none' }))).toEqual([
      'No heart rate in this file: record the activity with a heart-rate sensor',
    ]);
    expect(await failedChecks('fit', await fitFile({ ...spec, backwards: true }))).toEqual([
      'Timestamps go backwards at 08:46:30',
    ]);
    expect(
      await failedChecks('apple_health', await appleHealthZip({ ...spec, heartRate: 'flat', utcOffsetMinutes: 60 })),
    ).toEqual(['Heart rate is a flat line (120 bpm throughout)']);
  });

  it.each<[string, ActivityFormat, () => Promise<Buffer> | Buffer, string | RegExp]>([
    ['a truncated FIT file', 'fit', async () => (await fitFile(spec)).subarray(0, 3000), /damaged or incomplete/],
    ['a FIT file with a flipped byte', 'fit', async () => flip(await fitFile(spec), 2000), /damaged or incomplete/],
    ['a truncated TCX file', 'tcx', () => tcxFile(spec).subarray(0, 5000), /not well-formed XML/],
    [
      'a GPX route without times',
      'gpx',
      () => Buffer.from('<?xml version="1.0"?><gpx creator="x"><rte><rtept lat="1" lon="2"/></rte></gpx>'),
      /no track points with a time/,
    ],
    [
      'a GPX file with a date that is not one',
      'gpx',
      () =>
        Buffer.from(
          gpxFile(spec)
            .toString()
            .replace(/(<\/ele>)<time>[^<]+<\/time>/, '$1<time>yesterday</time>'),
        ),
      /"yesterday" is not a date and time/,
    ],
    [
      'a truncated zip',
      'apple_health',
      async () => (await appleHealthZip(spec)).subarray(0, 20_000),
      /zip is damaged or incomplete/,
    ],
    [
      'a zip without export.xml',
      'apple_health',
      () => zipOf([['notes.txt', Buffer.from('hello')]]),
      /not an Apple Health export: apple_health_export\/export.xml is missing/,
    ],
    ['a zip bomb', 'apple_health', () => zipBomb(), /inflates \d+ times: that is a zip bomb/],
    [
      'a zip bomb whose directory lies about its size',
      'apple_health',
      () => lyingZipBomb(),
      /zip is damaged or incomplete \(too many bytes in the stream/,
    ],
    [
      'an XML text run of 9 MB',
      'gpx',
      () =>
        Buffer.concat([
          Buffer.from('<?xml version="1.0"?><gpx creator="x"><trk><name>'),
          Buffer.alloc(9 * 1024 * 1024, 'a'),
          Buffer.from('</name></trk></gpx>'),
        ]),
      /single element or text of over 8 MB/,
    ],
  ])('refuses %s as unreadable, with the reason', async (_name, format, make, message) => {
    expect(await refusal(read(format, await make()))).toEqual({
      code: 'ACTIVITY_UNREADABLE',
      message: expect.stringMatching(message),
    });
  });

  it('stops a read at its time limit: a store that stalls, and a FIT decode', async () => {
    const stalled: ActivitySource = { size: 1_000_000, open: async () => new PassThrough() };
    const started = Date.now();
    const deadline = new ReadDeadline(300);
    expect(await refusal(readActivity('tcx', stalled, day.day, day.timeZone, deadline))).toEqual({
      code: 'ACTIVITY_UNREADABLE',
      message: 'Reading this file took over 0 s: export a single activity or a shorter period',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    deadline.dispose();
    expect(await refusal(read('fit', await fitFile(spec), new ReadDeadline(1)))).toMatchObject({
      code: 'ACTIVITY_UNREADABLE',
    });
  });
});

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0xff;
  return copy;
}
