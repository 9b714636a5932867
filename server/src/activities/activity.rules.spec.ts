import { activityFormatOfMime, checkActivityFile } from '../contract';
import { activeSeconds, activityKeys, isAccepted, judgeActivity, summarize } from './activity.rules';
import type { ActivityReading } from './readers/activity-reading';
import { haversineMeters, HeartRateSeries, Timeline } from './readers/samples';
import { appleKind, fitKind, gpxKind, namedKind } from './readers/sport-kinds';

const START = new Date('2026-11-25T07:30:00Z');
const context = { day: '2026-11-25', timeZone: 'Europe/Berlin', now: new Date('2026-11-25T12:00:00Z') };

/** A 35-minute run sampled every 5 s with a heart rate rising from 110 to about 165 and wavering. */
function reading(
  overrides: Partial<ActivityReading> = {},
  samples?: { times?: number[]; bpm?: number[] },
): ActivityReading {
  const times = samples?.times ?? Array.from({ length: 421 }, (_, i) => START.getTime() + i * 5000);
  const bpm = samples?.bpm ?? times.map((_, i) => Math.round(110 + Math.min(55, i / 4) + 4 * Math.sin(i / 7)));
  const timeline = new Timeline();
  times.forEach((t) => timeline.add(t));
  const heart = new HeartRateSeries();
  bpm.forEach((b) => heart.add(b));
  return {
    format: 'fit',
    kind: 'running',
    startedAt: START,
    durationSeconds: 35 * 60,
    distanceMeters: 6012.34,
    calories: 402,
    steps: 5610,
    device: 'Garmin fr255Music',
    timeline: timeline.stats(),
    heartRate: heart.stats(),
    identity: {
      serial: '3412345678',
      times: [START],
      firstPosition: { time: START, lat: 52.520008, lon: 13.404954 },
      source: null,
      deviceData: 'garmin/fr255Music/3412345678',
    },
    series: { heartRate: times.map((t, i) => [t, bpm[i]]), track: [] },
    ...overrides,
  };
}

const failed = (r: ActivityReading, ctx = context) => judgeActivity(r, ctx).filter((c) => !c.passed);

describe('judgeActivity', () => {
  it('accepts a genuine activity of today, each check with its reason', () => {
    const checks = judgeActivity(reading(), context);
    expect(isAccepted(checks)).toBe(true);
    expect(checks).toEqual([
      { name: 'started_today', passed: true, reason: 'Started today at 08:30' },
      { name: 'time_moves_forward', passed: true, reason: 'Timestamps only move forward' },
      { name: 'long_enough', passed: true, reason: 'Lasted 35 minutes' },
      {
        name: 'within_human_bounds',
        passed: true,
        reason: 'Distance, speed, steps and calories are within what a body does',
      },
      { name: 'heart_rate_recorded', passed: true, reason: '421 heart-rate samples' },
      { name: 'heart_rate_in_range', passed: true, reason: expect.stringMatching(/^Heart rate 1\d\d–1\d\d bpm$/) },
      { name: 'heart_rate_varies', passed: true, reason: expect.stringMatching(/^Heart rate varies by \d+ bpm$/) },
    ]);
  });

  it("refuses yesterday's activity, and judges the day in the user's time zone", () => {
    const yesterday = new Date('2026-11-24T19:00:00Z');
    expect(failed(reading({ startedAt: yesterday }))).toEqual([
      { name: 'started_today', passed: false, reason: 'Activity started on 2026-11-24, not today (2026-11-25)' },
    ]);
    // 23:30 UTC on the 24th is already the 25th in Berlin, still the 24th in New York.
    const lateUtc = new Date('2026-11-24T23:30:00Z');
    expect(failed(reading({ startedAt: lateUtc }))).toEqual([]);
    expect(failed(reading({ startedAt: lateUtc }), { ...context, timeZone: 'America/New_York' })[0].reason).toBe(
      'Activity started on 2026-11-24, not today (2026-11-25)',
    );
  });

  it('refuses an activity that starts in the future, beyond a clock difference', () => {
    expect(failed(reading({ startedAt: new Date(context.now.getTime() + 2 * 60_000) }))).toEqual([]);
    expect(failed(reading({ startedAt: new Date('2026-11-25T20:00:00Z') }))[0]).toEqual({
      name: 'started_today',
      passed: false,
      reason: 'Activity starts in the future (2026-11-25 21:00)',
    });
  });

  it('refuses 5 minutes, and a declared duration its samples do not span', () => {
    const five = Array.from({ length: 61 }, (_, i) => START.getTime() + i * 5000);
    expect(failed(reading({ durationSeconds: 300 }, { times: five }))).toEqual([
      { name: 'long_enough', passed: false, reason: 'Activity lasted 5 minutes: at least 10 are needed' },
    ]);
    // A summary edited to 60 minutes over 5 minutes of samples is still 5 minutes.
    expect(failed(reading({ durationSeconds: 3600 }, { times: five }))[0].reason).toBe(
      'Activity lasted 5 minutes: at least 10 are needed',
    );
  });

  it('refuses timestamps that go backwards, naming where', () => {
    const times = Array.from({ length: 421 }, (_, i) => START.getTime() + i * 5000);
    times[200] = times[150];
    expect(failed(reading({}, { times }))).toEqual([
      { name: 'time_moves_forward', passed: false, reason: 'Timestamps go backwards at 08:42:30' },
    ]);
  });

  it('refuses samples that run past now, however the start reads', () => {
    const late = Array.from({ length: 421 }, (_, i) => new Date('2026-11-25T11:40:00Z').getTime() + i * 5000);
    expect(failed(reading({ startedAt: new Date('2026-11-25T11:40:00Z') }, { times: late }))).toEqual([
      { name: 'time_moves_forward', passed: false, reason: 'Timestamps run into the future (13:15:00)' },
    ]);
  });

  it('refuses a file without heart rate, or with too few samples for its length', () => {
    expect(failed(reading({}, { bpm: [] }))).toEqual([
      {
        name: 'heart_rate_recorded',
        passed: false,
        reason: 'No heart rate in this file: record the activity with a heart-rate sensor',
      },
    ]);
    expect(failed(reading({}, { bpm: [120, 130, 140, 150, 160, 150, 140, 130, 135, 145, 150, 155] }))[0]).toEqual({
      name: 'heart_rate_recorded',
      passed: false,
      reason: 'Too few heart-rate samples (12 in 35 minutes)',
    });
  });

  it('refuses a flat line: constant, or varying by a beat or two', () => {
    expect(failed(reading({}, { bpm: Array(421).fill(120) }))).toEqual([
      { name: 'heart_rate_varies', passed: false, reason: 'Heart rate is a flat line (120 bpm throughout)' },
    ]);
    const jitter = Array.from({ length: 421 }, (_, i) => 120 + (i % 3) - 1);
    expect(failed(reading({}, { bpm: jitter }))[0].name).toBe('heart_rate_varies');
  });

  it('refuses implausible heart rates, tolerating a sensor glitch or two', () => {
    const bpm = Array.from({ length: 421 }, (_, i) => 120 + (i % 40));
    const glitches = [...bpm];
    glitches[10] = 250;
    expect(failed(reading({}, { bpm: glitches }))).toEqual([]);
    const impossible = bpm.map((b, i) => (i % 10 === 0 ? 250 : b));
    expect(failed(reading({}, { bpm: impossible }))).toEqual([
      { name: 'heart_rate_in_range', passed: false, reason: 'Heart rate of 250 bpm is not plausible (30–230 bpm)' },
    ]);
    expect(failed(reading({}, { bpm: Array(421).fill(20) }))[0].reason).toBe(
      'Heart rate of 20 bpm is not plausible (30–230 bpm)',
    );
  });
});

describe('summarize and activeSeconds', () => {
  it('shows the figures rounded, the duration as active time', () => {
    expect(summarize(reading())).toMatchObject({
      format: 'fit',
      kind: 'running',
      startedAt: START.toISOString(),
      durationSeconds: 2100,
      distanceMeters: 6012.3,
      calories: 402,
      steps: 5610,
      heartRateMax: expect.any(Number),
      device: 'Garmin fr255Music',
    });
  });

  it('shows no NaN or infinity: a figure that is not one is shown as missing', () => {
    expect(summarize(reading({ distanceMeters: NaN, calories: Infinity, steps: -Infinity }))).toMatchObject({
      distanceMeters: null,
      calories: null,
      steps: null,
    });
  });

  it('refuses a reading with a figure beyond a body, naming it', () => {
    expect(failed(reading({ steps: 8e9 }))).toEqual([
      {
        name: 'within_human_bounds',
        passed: false,
        reason: '8,000,000,000 steps are more than a person takes in a day (at most 150,000)',
      },
    ]);
  });

  it('takes the declared duration when a file has no samples to span', () => {
    const empty = { count: 0, first: null, last: null, backwardsAt: null };
    expect(activeSeconds(reading({ durationSeconds: 1800, timeline: empty }))).toBe(1800);
  });
});

describe('activityKeys', () => {
  it('claims the device serial with each instant, and the first position with its time', () => {
    const later = new Date(START.getTime() + 2500);
    expect(
      activityKeys(
        reading({
          identity: {
            serial: '77',
            times: [START, later],
            firstPosition: { time: START, lat: 52.5200081, lon: 13.404954 },
            source: null,
            deviceData: null,
          },
        }),
      ),
    ).toEqual([
      'device:77:2026-11-25T07:30:00.000Z',
      'device:77:2026-11-25T07:30:02.000Z',
      'track:2026-11-25T07:30:00.000Z:52.5200,13.4050',
    ]);
  });

  it('uses the source name without a serial, and the start and duration when a file names nothing', () => {
    const identity = { serial: null, times: [], firstPosition: null, source: 'Apple Watch', deviceData: null };
    expect(activityKeys(reading({ identity }))).toEqual(['source:Apple Watch:2026-11-25T07:30:00.000Z:2100']);
    expect(activityKeys(reading({ identity: { ...identity, source: null } }))).toEqual([
      'start:2026-11-25T07:30:00.000Z:2100',
    ]);
  });
});

describe('samples', () => {
  it('keeps the first backwards step and the latest instant', () => {
    const timeline = new Timeline();
    [10, 20, 20, 15, 30, 5].forEach((t) => timeline.add(t));
    expect(timeline.stats()).toEqual({ count: 6, first: new Date(10), last: new Date(30), backwardsAt: new Date(15) });
  });

  it('ignores 0 bpm (no contact), counts out-of-range samples apart and keeps the worst', () => {
    const series = new HeartRateSeries();
    [0, 100, 110, 250, 25, 120].forEach((b) => series.add(b));
    expect(series.stats()).toEqual({
      count: 5,
      outOfRange: 2,
      worst: 250,
      min: 100,
      max: 120,
      mean: 110,
      stdDev: Math.sqrt(200 / 3),
    });
  });

  it('measures distance between positions', () => {
    // One degree of latitude is about 111.2 km.
    expect(haversineMeters({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
  });
});

describe('sport kinds', () => {
  it.each([
    ['fitKind(running, generic)', fitKind('running', 'generic'), 'running'],
    ['fitKind(training, yoga)', fitKind('training', 'yoga'), 'yoga'],
    ['fitKind(fitnessEquipment, indoorRowing)', fitKind('fitnessEquipment', 'indoorRowing'), 'rowing'],
    ['fitKind(golf, undefined)', fitKind('golf', undefined), 'other'],
    ['namedKind(Biking)', namedKind('Biking'), 'cycling'],
    ['gpxKind(9)', gpxKind('9'), 'running'],
    ['gpxKind(hiking)', gpxKind('hiking'), 'hiking'],
    [
      'appleKind(HKWorkoutActivityTypeTraditionalStrengthTraining)',
      appleKind('HKWorkoutActivityTypeTraditionalStrengthTraining'),
      'strength',
    ],
    [
      'appleKind(HKWorkoutActivityTypeHighIntensityIntervalTraining)',
      appleKind('HKWorkoutActivityTypeHighIntensityIntervalTraining'),
      'cardio',
    ],
    ['appleKind(HKWorkoutActivityTypeRunning)', appleKind('HKWorkoutActivityTypeRunning'), 'running'],
  ])('%s is %s', (_name, kind, expected) => expect(kind).toBe(expected));
});

describe('checkActivityFile (the upload-url rule, shared with the dialog)', () => {
  it('takes the format from the extension when the declared type agrees or says nothing', () => {
    expect(checkActivityFile('Morning_Run.FIT', '')).toEqual({ ok: true, format: 'fit' });
    expect(checkActivityFile('run.fit', 'image/fits')).toEqual({ ok: true, format: 'fit' });
    expect(checkActivityFile('ride.tcx', 'application/octet-stream')).toEqual({ ok: true, format: 'tcx' });
    expect(checkActivityFile('track.gpx', 'application/gpx+xml')).toEqual({ ok: true, format: 'gpx' });
    expect(checkActivityFile('export.zip', 'application/x-zip-compressed')).toEqual({
      ok: true,
      format: 'apple_health',
    });
    expect(activityFormatOfMime('application/vnd.garmin.tcx+xml')).toBe('tcx');
  });

  it('refuses a declared type naming another format, and is silent about other files', () => {
    expect(checkActivityFile('run.fit', 'image/png')).toEqual({
      ok: false,
      message: 'run.fit is named as a FIT file but was sent as image/png',
    });
    expect(checkActivityFile('export.zip', 'application/gpx+xml')).toMatchObject({ ok: false });
    expect(checkActivityFile('watch.png', 'image/png')).toBeNull();
    expect(activityFormatOfMime('image/png')).toBeNull();
  });
});
