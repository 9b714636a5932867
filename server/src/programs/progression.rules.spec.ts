import {
  consecutiveMisses,
  doubleProgression,
  type ExerciseSession,
  loadStep,
  plannedDeload,
  roundDownToStep,
  sessionsFromLog,
  trainingMax,
  waveSets,
  weeklyAmount,
} from './progression.rules';

const GOBLET = { sets: 3, repsMin: 8, repsMax: 12 };
const DUMBBELL_STEP = 2;

/** Six weeks of one goblet squat a week, each week done as the rules prescribed or as the lifter managed. */
function session(week: number, loadKg: number, reps: number[], deload = false): ExerciseSession {
  return {
    sessionId: `w${week}`,
    performedAt: new Date(Date.UTC(2026, 0, 5 + 7 * (week - 1))),
    sets: reps.map((r) => ({ reps: r, loadKg })),
    ...(deload ? { deload } : {}),
  };
}

describe('double progression over six simulated weeks', () => {
  it('progresses reps, then load, stalls, deloads after two misses, and builds back', () => {
    const history: ExerciseSession[] = [];
    const next = () => doubleProgression(history, GOBLET, DUMBBELL_STEP);
    const log = (s: ExerciseSession) => history.unshift(s);

    expect(next()).toEqual({ reps: 8, reason: 'start', misses: 0 });
    // Week 1: the lifter picks 20 kg and makes 8, 8, 8.
    log(session(1, 20, [8, 8, 8]));
    expect(next()).toMatchObject({ reps: 9, loadKg: 20, reason: 'reps_up' });
    // Week 2: 9s.
    log(session(2, 20, [9, 9, 9]));
    expect(next()).toMatchObject({ reps: 10, loadKg: 20, reason: 'reps_up' });
    // Week 3: a great day, 12s on every set: the top of the range, so +2 kg and back to 8.
    log(session(3, 20, [12, 12, 12]));
    expect(next()).toEqual({ reps: 8, loadKg: 22, reason: 'load_up', misses: 0 });
    // Week 4: 22 kg is hard, 8, 7, 7: a miss (below the range), same load, beat the weakest set.
    log(session(4, 22, [8, 7, 7]));
    expect(next()).toEqual({ reps: 8, loadKg: 22, reason: 'repeat', misses: 1 });
    // Week 5: worse, 8, 7, 6: a second miss in a row brings the deload, 90 % down to a dumbbell.
    log(session(5, 22, [8, 7, 6]));
    expect(next()).toEqual({ reps: 8, loadKg: 18, reason: 'deload', misses: 2 });
    // Week 6: at 18 kg, 10s: a fresh start (the drop is no miss), reps climb again.
    log(session(6, 18, [10, 10, 10]));
    expect(next()).toEqual({ reps: 11, loadKg: 18, reason: 'reps_up', misses: 0 });
  });

  it('a stall (no more reps than last time at the same load) counts as a miss too', () => {
    const history = [4, 3, 2].map((w) => session(w, 40, [9, 9, 8])).concat(session(1, 40, [9, 8, 8]));
    expect(consecutiveMisses(history, 8)).toBe(2);
    expect(doubleProgression(history, GOBLET, 2.5)).toMatchObject({ reason: 'deload', loadKg: 35 });
  });

  it("a program's planned light week is passed over: it neither misses nor sets the working load", () => {
    const history = [session(5, 18, [8, 8]), session(4, 20, [11, 11, 11]), session(3, 20, [10, 10, 10])].map((s, i) =>
      i === 0 ? { ...s, deload: true } : s,
    );
    expect(doubleProgression(history, GOBLET, 2)).toEqual({ reps: 12, loadKg: 20, reason: 'reps_up', misses: 0 });
  });

  it('unloaded work tops out at the top of the range', () => {
    const history = [session(1, 0, [12, 12, 12])];
    expect(doubleProgression(history, GOBLET, null)).toEqual({ reps: 12, reason: 'top_of_range', misses: 0 });
  });

  it('fewer sets than prescribed at the top of the range do not raise the load', () => {
    expect(doubleProgression([session(1, 20, [12, 12])], GOBLET, 2)).toMatchObject({ reps: 12, loadKg: 20 });
  });
});

describe('load steps and deloads', () => {
  it('the smallest step is the loaded equipment’s', () => {
    expect(loadStep(['barbell_rack', 'bench'])).toBe(2.5);
    expect(loadStep(['dumbbells'])).toBe(2);
    expect(loadStep(['machines'])).toBe(5);
    expect(loadStep(['kettlebell'])).toBe(4);
    expect(loadStep(['pullup_bar'])).toBeNull();
    expect(loadStep([])).toBeNull();
  });

  it('rounds down to whole steps', () => {
    expect(roundDownToStep(91.8, 2.5)).toBe(90);
    expect(roundDownToStep(19.8, 2)).toBe(18);
    expect(roundDownToStep(0, 2.5)).toBe(0);
  });

  it('a planned light week halves the sets (rounded up) at 90 % of the load', () => {
    expect(plannedDeload({ reps: 10, loadKg: 100, reason: 'reps_up', misses: 0 }, 3, 2.5)).toEqual({
      sets: 2,
      reps: 10,
      loadKg: 90,
    });
    expect(plannedDeload({ reps: 10, reason: 'start', misses: 0 }, 4, 2.5)).toEqual({ sets: 2, reps: 10 });
  });
});

describe('5/3/1 waves', () => {
  // Epley: 100 kg × 5 → 116.67 kg e1RM; the training max is 90 % of it, down to 2.5 kg: 105 kg.
  const history = [session(1, 100, [5, 5, 8])];

  it('reads the training max from the best estimated 1RM of recent sessions', () => {
    expect(trainingMax(history, 2.5)).toBe(112.5);
    expect(trainingMax([session(1, 100, [5])], 2.5)).toBe(105);
    expect(trainingMax([], 2.5)).toBeNull();
  });

  it('walks the weeks: 5s, 3s, 5/3/1 with the last set as many as possible, then a light week', () => {
    expect(waveSets(1, 100, 2.5)).toEqual([
      { reps: 5, share: 0.65, loadKg: 65, amrap: false },
      { reps: 5, share: 0.75, loadKg: 75, amrap: false },
      { reps: 5, share: 0.85, loadKg: 85, amrap: true },
    ]);
    expect(waveSets(3, 100, 2.5).map((s) => [s.reps, s.loadKg])).toEqual([
      [5, 75],
      [3, 85],
      [1, 95],
    ]);
    expect(waveSets(4, 100, 2.5).every((s) => !s.amrap)).toBe(true);
    expect(waveSets(5, 100, 2.5)[0].share).toBe(0.65);
    expect(waveSets(2, null, 2.5)[0]).toEqual({ reps: 3, share: 0.7, amrap: false });
  });
});

describe('weekly growth of unloaded work', () => {
  it('adds each week up to the cap', () => {
    expect(weeklyAmount(30, 5, 60, 1)).toBe(30);
    expect(weeklyAmount(30, 5, 60, 4)).toBe(45);
    expect(weeklyAmount(30, 5, 60, 12)).toBe(60);
  });
});

describe('the log as progression history', () => {
  it('groups work sets by session, newest first, warm-ups and timed sets left out, planned deloads marked', () => {
    const at = (day: number, minute: number) => new Date(Date.UTC(2026, 0, day, 10, minute));
    const sets = [
      { sessionId: 'a', performedAt: at(5, 1), kind: 'reps', warmup: true, reps: 10, loadKg: 10 },
      { sessionId: 'a', performedAt: at(5, 4), kind: 'reps', warmup: false, reps: 7, loadKg: 20 },
      { sessionId: 'a', performedAt: at(5, 2), kind: 'reps', warmup: false, reps: 8, loadKg: 20 },
      { sessionId: 'b', performedAt: at(12, 2), kind: 'reps', warmup: false, reps: 9, loadKg: 20 },
      { sessionId: 'b', performedAt: at(12, 3), kind: 'time', warmup: false },
      { sessionId: 'c', performedAt: at(8, 3), kind: 'reps', warmup: false, reps: 12 },
    ];
    expect(sessionsFromLog(sets, new Set(['c']))).toEqual([
      { sessionId: 'b', performedAt: at(12, 2), sets: [{ reps: 9, loadKg: 20 }] },
      { sessionId: 'c', performedAt: at(8, 3), sets: [{ reps: 12 }], deload: true },
      {
        sessionId: 'a',
        performedAt: at(5, 4),
        sets: [
          { reps: 8, loadKg: 20 },
          { reps: 7, loadKg: 20 },
        ],
      },
    ]);
  });
});
