import {
  bestsWith,
  boundsFor,
  mondayOf,
  performedAt,
  progressCharts,
  rankOf,
  recordsSet,
  setRefusal,
  weeksUpTo,
} from './training-log.rules';

describe('plausibility of a logged set', () => {
  const bench = boundsFor('barbell-bench-press', ['barbell_rack', 'bench']);
  const pushUp = boundsFor('push-up', []);
  const row = boundsFor('rowing-machine-intervals', ['cardio_machine']);

  it('refuses a 900 kg bench press, saying the most it takes in the reader’s units', () => {
    expect(setRefusal('reps', { reps: 5, loadKg: 900 }, bench, 'Barbell Bench Press', 'metric')).toEqual({
      code: 'LOG_SET_IMPLAUSIBLE',
      message: '900 kg is more than anyone has moved on Barbell Bench Press: the most it takes is 360 kg',
    });
    expect(setRefusal('reps', { reps: 5, loadKg: 900 }, bench, 'Barbell Bench Press', 'imperial')?.message).toBe(
      '1984.2 lb is more than anyone has moved on Barbell Bench Press: the most it takes is 794 lb',
    );
  });

  it('takes a world-class lift and a 100-rep push-up set', () => {
    expect(setRefusal('reps', { reps: 1, loadKg: 350 }, bench, 'Barbell Bench Press', 'metric')).toBeNull();
    expect(setRefusal('reps', { reps: 100 }, pushUp, 'Push-Up', 'metric')).toBeNull();
  });

  it('refuses negative or zero reps and a negative load', () => {
    expect(setRefusal('reps', { reps: -3 }, pushUp, 'Push-Up', 'metric')?.code).toBe('LOG_SET_IMPLAUSIBLE');
    expect(setRefusal('reps', { reps: 0 }, pushUp, 'Push-Up', 'metric')?.code).toBe('LOG_SET_IMPLAUSIBLE');
    expect(setRefusal('reps', { reps: 5, loadKg: -10 }, bench, 'Barbell Bench Press', 'metric')?.code).toBe(
      'LOG_SET_IMPLAUSIBLE',
    );
  });

  it('wants the measures of the dose and no others', () => {
    expect(setRefusal('reps', { seconds: 30 }, pushUp, 'Push-Up', 'metric')).toEqual({
      code: 'LOG_SET_WRONG_KIND',
      message: 'A set of Push-Up (dosed by reps) needs reps and takes no time',
    });
    expect(setRefusal('time', { seconds: 45, loadKg: 10 }, pushUp, 'Plank', 'metric')).toBeNull();
    expect(setRefusal('distance', { reps: 3 }, row, 'Row', 'metric')?.code).toBe('LOG_SET_WRONG_KIND');
  });

  it('refuses a 500 m row in 30 s (faster than any rower) and takes it in 90 s', () => {
    expect(setRefusal('distance', { meters: 500, seconds: 30 }, row, 'Row', 'metric')?.code).toBe(
      'LOG_SET_IMPLAUSIBLE',
    );
    expect(setRefusal('distance', { meters: 500, seconds: 90 }, row, 'Row', 'metric')).toBeNull();
  });
});

describe('personal records', () => {
  const set = (loadKg: number, reps: number, warmup = false) => rankOf({ loadKg, reps, warmup });

  it('ranks a work set by load, reps, e1RM and volume; a warm-up by nothing', () => {
    expect(set(80, 8)).toEqual({ loadKg: 80, loadKey: '80', reps: 8, e1rmKg: 101.33, volumeKg: 640 });
    expect(set(40, 10, true)).toBeUndefined();
    expect(rankOf({ meters: 400, seconds: 95, warmup: false })).toEqual({ meters: 400, metersKey: '400', seconds: 95 });
    expect(rankOf({ meters: 40, loadKg: 24, warmup: false })).toEqual({ meters: 40, loadKg: 24, loadKey: '24' });
  });

  it('last Monday 80 kg × 8, today 85 kg × 6: heaviest and e1RM (102 > 101.33), not volume (510 < 640)', () => {
    const before = set(80, 8)!;
    expect(recordsSet(set(85, 6), { heaviest: before, best_e1rm: before, best_volume: before })).toEqual([
      'heaviest',
      'best_e1rm',
    ]);
  });

  it('80 kg × 10 after 80 kg × 8: most reps at that load, e1RM and volume, not heaviest', () => {
    const before = set(80, 8)!;
    expect(
      recordsSet(set(80, 10), { heaviest: before, most_reps: before, best_e1rm: before, best_volume: before }),
    ).toEqual(['most_reps', 'best_e1rm', 'best_volume']);
  });

  it('a first set of an exercise has nothing to beat; equalling a best is no record', () => {
    expect(recordsSet(set(60, 5), {})).toEqual([]);
    const before = set(60, 5)!;
    expect(
      recordsSet(set(60, 5), { heaviest: before, most_reps: before, best_e1rm: before, best_volume: before }),
    ).toEqual([]);
  });

  it('fastest: less time over the same distance', () => {
    const before = { meters: 400, seconds: 95 };
    expect(recordsSet({ meters: 400, seconds: 92 }, { fastest: before })).toEqual(['fastest']);
    expect(recordsSet({ meters: 400, seconds: 99 }, { fastest: before })).toEqual([]);
  });
});

describe('when a set was done', () => {
  const from = new Date('2026-12-01T10:00:00Z');
  const now = new Date('2026-12-01T11:00:00Z');

  it('keeps the time an offline set was done, within the session and never in the future', () => {
    expect(performedAt('2026-12-01T10:20:00Z', from, now)).toEqual(new Date('2026-12-01T10:20:00Z'));
    expect(performedAt('2026-11-01T10:20:00Z', from, now)).toEqual(from);
    expect(performedAt('2027-01-01T00:00:00Z', from, now)).toEqual(now);
    expect(performedAt(undefined, from, now)).toEqual(now);
  });
});

describe('the progress charts', () => {
  it('weeks start on Monday (UTC)', () => {
    expect(mondayOf(new Date('2026-12-02T23:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(mondayOf(new Date('2026-11-30T00:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(weeksUpTo(new Date('2026-12-02T12:00:00Z'), 3).map((w) => w.toISOString().slice(0, 10))).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
  });

  it('charts the best e1RM of each week and the work-set volume per muscle group, warm-ups left out', () => {
    const weeks = weeksUpTo(new Date('2026-12-02T12:00:00Z'), 2);
    const squat = (at: string, loadKg: number, reps: number, warmup = false) => ({
      catalogueId: 'barbell-back-squat',
      exerciseName: 'Barbell Back Squat',
      muscles: ['legs', 'glutes'] as const,
      warmup,
      performedAt: new Date(at),
      rank: rankOf({ loadKg, reps, warmup }),
    });
    const charts = progressCharts(
      [
        squat('2026-11-24T10:00:00Z', 100, 5),
        squat('2026-11-26T10:00:00Z', 100, 8),
        squat('2026-12-01T10:00:00Z', 105, 5),
        squat('2026-12-01T09:50:00Z', 60, 5, true),
      ].map((s) => ({ ...s, muscles: [...s.muscles] })),
      weeks,
      6,
    );
    expect(charts.weeks).toEqual(['2026-11-23', '2026-11-30']);
    // 100 × (1 + 8/30) = 126.67 beats 100 × (1 + 5/30) = 116.67; then 105 × 1.1667 = 122.5.
    expect(charts.e1rm).toEqual([
      { catalogueId: 'barbell-back-squat', exerciseName: 'Barbell Back Squat', bestKg: [126.67, 122.5] },
    ]);
    expect(charts.volume).toEqual([
      { muscle: 'glutes', kg: [1300, 525], sets: [2, 1] },
      { muscle: 'legs', kg: [1300, 525], sets: [2, 1] },
    ]);
  });
});

describe('the records once a set is stored (bestsWith)', () => {
  const set = (key: string, reps: number, loadKg: number) => ({ key, rank: rankOf({ reps, loadKg, warmup: false }) });

  it('a first set holds every record it ranks for; a better one takes only those it betters', () => {
    const first = set('a', 8, 60);
    const kept = bestsWith({}, first, { loadKg: 60 });
    expect(Object.keys(kept).sort()).toEqual(['best_e1rm', 'best_volume', 'heaviest', 'most_reps']);
    // Heavier but fewer reps: heaviest and e1RM move to it; most reps at 60 kg and volume stay.
    const heavier = set('b', 3, 80);
    const after = bestsWith(kept, heavier, { loadKg: 60 });
    expect([after.heaviest?.key, after.best_e1rm?.key, after.most_reps?.key, after.best_volume?.key]).toEqual([
      'b',
      'b',
      'a',
      'a',
    ]);
  });

  it('counts most reps at the load asked only, keeps a tie with its holder, and leaves a warm-up out', () => {
    const base = bestsWith({}, set('a', 8, 60), { loadKg: 60 });
    expect(bestsWith(base, set('c', 12, 50), { loadKg: 60 }).most_reps?.key).toBe('a');
    expect(bestsWith(base, set('d', 8, 60), { loadKg: 60 }).most_reps?.key).toBe('a');
    expect(
      bestsWith(base, { key: 'w', rank: rankOf({ reps: 20, loadKg: 100, warmup: true }) }, { loadKg: 60 }),
    ).toEqual(base);
  });

  it('holds the fastest time over the distance asked, the lower the better', () => {
    const run = (key: string, seconds: number, meters: number) => ({
      key,
      rank: rankOf({ seconds, meters, warmup: false }),
    });
    const kept = bestsWith({}, run('a', 300, 1000), { meters: 1000 });
    expect(bestsWith(kept, run('b', 280, 1000), { meters: 1000 }).fastest?.key).toBe('b');
    expect(bestsWith(kept, run('c', 200, 800), { meters: 1000 }).fastest?.key).toBe('a');
  });
});
