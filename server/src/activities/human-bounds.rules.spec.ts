import { ACTIVITY_KINDS } from '../contract';
import { BODY_BOUNDS, SPORT_BOUNDS } from './human-bounds.data';
import { finiteOrNull, outsideHumanBounds } from './human-bounds.rules';

/** A 35-minute run of 6 km: well within every bound. */
const run = { kind: 'running' as const, durationSeconds: 35 * 60, distanceMeters: 6000, steps: 5880, calories: 385 };

describe('outsideHumanBounds', () => {
  it('lets a genuine run, ride and walk through', () => {
    expect(outsideHumanBounds(run)).toBeNull();
    expect(
      outsideHumanBounds({
        kind: 'cycling',
        durationSeconds: 95 * 60,
        distanceMeters: 42_750,
        steps: null,
        calories: 1045,
      }),
    ).toBeNull();
    expect(
      outsideHumanBounds({
        kind: 'walking',
        durationSeconds: 12 * 60,
        distanceMeters: 1000,
        steps: 1320,
        calories: 132,
      }),
    ).toBeNull();
    // A marathon at the world record's pace.
    expect(
      outsideHumanBounds({
        kind: 'running',
        durationSeconds: 7235,
        distanceMeters: 42_195,
        steps: (7235 / 60) * 185,
        calories: 2600,
      }),
    ).toBeNull();
  });

  it('names the FIT session whose totalCycles of 4e9 read as 8,000,000,000 steps', () => {
    expect(outsideHumanBounds({ ...run, steps: 8e9 })).toBe(
      '8,000,000,000 steps are more than a person takes in a day (at most 150,000)',
    );
  });

  it('refuses a speed beyond the sport, named in km/h', () => {
    expect(outsideHumanBounds({ ...run, distanceMeters: 30_000 })).toBe(
      'An average speed of 51.4 km/h is beyond running (at most 38 km/h)',
    );
    // The same speed is a brisk ride.
    expect(outsideHumanBounds({ ...run, kind: 'cycling', distanceMeters: 30_000, steps: null })).toBeNull();
    expect(outsideHumanBounds({ ...run, kind: 'swimming', distanceMeters: 6000, steps: null })).toMatch(
      /^An average speed of 10\.3 km\/h is beyond swimming/,
    );
  });

  it('refuses a cadence, calories per minute and totals no body reaches', () => {
    expect(outsideHumanBounds({ ...run, steps: 35 * 300 })).toBe(
      '10,500 steps in 35 minutes (300 a minute) are beyond a human cadence (at most 260)',
    );
    // A day's steps beside a short workout (an Apple Health export) are bounded by the day only.
    expect(outsideHumanBounds({ ...run, steps: 12_000, stepsOf: 'day' })).toBeNull();
    expect(outsideHumanBounds({ ...run, steps: 200_000, stepsOf: 'day' })).toMatch(
      /^200,000 steps are more than a person takes in a day/,
    );
    expect(outsideHumanBounds({ ...run, calories: 35 * 40 })).toBe(
      '1,400 kcal in 35 minutes are beyond what a body burns (at most 30 a minute)',
    );
    expect(
      outsideHumanBounds({
        ...run,
        calories: 20_000,
        durationSeconds: 20 * 3600,
        distanceMeters: 100_000,
        steps: 100_000,
      }),
    ).toMatch(/^20,000 kcal are more than a body burns/);
    expect(outsideHumanBounds({ ...run, durationSeconds: 30 * 3600 })).toMatch(/^A duration of 30 hours/);
    expect(
      outsideHumanBounds({
        ...run,
        kind: 'cycling',
        durationSeconds: 23 * 3600,
        distanceMeters: 2_000_000,
        steps: null,
      }),
    ).toMatch(/^A distance of 2,000 km/);
  });

  it('refuses NaN, infinity and negative figures, naming the figure', () => {
    expect(outsideHumanBounds({ ...run, distanceMeters: NaN })).toBe(
      "The file's distance is not a figure a recording has (NaN)",
    );
    expect(outsideHumanBounds({ ...run, calories: Infinity })).toBe(
      "The file's calories is not a figure a recording has (Infinity)",
    );
    expect(outsideHumanBounds({ ...run, steps: -5 })).toBe("The file's steps is not a figure a recording has (-5)");
    expect(outsideHumanBounds({ ...run, durationSeconds: NaN })).toMatch(/duration/);
  });

  it('has bounds for every kind, each a positive number', () => {
    for (const kind of ACTIVITY_KINDS) {
      for (const value of Object.values(SPORT_BOUNDS[kind])) expect(value).toBeGreaterThan(0);
    }
    expect(BODY_BOUNDS.maxDaySteps).toBeGreaterThan(100_000);
  });
});

describe('finiteOrNull', () => {
  it('keeps numbers and turns NaN, infinity and missing into null', () => {
    expect([
      finiteOrNull(3.5),
      finiteOrNull(0),
      finiteOrNull(NaN),
      finiteOrNull(-Infinity),
      finiteOrNull(null),
      finiteOrNull(undefined),
    ]).toEqual([3.5, 0, null, null, null, null]);
  });
});
