import type { ExerciseDose } from '../../contract';
import { prescriptionIn } from '../../contract/values';
import { DosedExercise, doseOptions, doseSeconds, prescription, repCount, reshapeDose } from './dose.rules';
import { LEVEL_DOSES, REP_COUNTS } from './programming.data';

const exercise = (over: Partial<DosedExercise> = {}): DosedExercise => ({
  pattern: 'squat',
  unilateral: false,
  dosing: 'reps',
  equipment: [],
  ...over,
});
const splitSquat = exercise({ pattern: 'lunge', unilateral: true });
const burpee = exercise({ pattern: 'plyometric', dosing: 'time' });
const sidePlank = exercise({ pattern: 'anti_rotation', unilateral: true, dosing: 'time' });
const pigeon = exercise({ pattern: 'pose', unilateral: true, dosing: 'time' });
const bike = exercise({ pattern: 'cyclical', dosing: 'time', equipment: ['cardio_machine'] });
const row = exercise({ pattern: 'cyclical', dosing: 'distance', equipment: ['cardio_machine'] });
const carry = exercise({ pattern: 'carry', dosing: 'distance', equipment: ['dumbbells'] });
const deadBug = exercise({ pattern: 'anti_extension', dosing: 'reps' });
const difficulties = ['beginner', 'intermediate', 'advanced'] as const;

describe('how a dose reads', () => {
  it('writes what a trainer writes', () => {
    expect(prescription({ kind: 'reps', sets: 3, reps: 10, restSeconds: 60, eachSide: true }, splitSquat)).toBe(
      '3 × 10 each side · rest 60 s',
    );
    expect(prescription({ kind: 'reps', sets: 1, reps: 10, restSeconds: 0, eachSide: false }, exercise())).toBe(
      '10 reps',
    );
    expect(prescription({ kind: 'time', sets: 4, workSeconds: 40, restSeconds: 20, eachSide: false }, burpee)).toBe(
      '4 rounds × 40 s work / 20 s rest',
    );
    expect(prescription({ kind: 'time', sets: 4, workSeconds: 20, restSeconds: 20, eachSide: true }, burpee)).toBe(
      '4 rounds × 20 s each side / 20 s rest',
    );
    expect(prescription({ kind: 'time', sets: 1, workSeconds: 480, restSeconds: 0, eachSide: false }, bike)).toBe(
      '8 min steady',
    );
    expect(
      prescription(
        { kind: 'time', sets: 3, workSeconds: 30, restSeconds: 60, eachSide: false },
        exercise({ dosing: 'time' }),
      ),
    ).toBe('3 × 30 s · rest 60 s');
    expect(prescription({ kind: 'time', sets: 1, workSeconds: 45, restSeconds: 0, eachSide: true }, pigeon)).toBe(
      'Hold 45 s each side',
    );
    expect(prescription({ kind: 'time', sets: 3, workSeconds: 30, restSeconds: 45, eachSide: true }, sidePlank)).toBe(
      '3 × 30 s hold each side · rest 45 s',
    );
    expect(prescription({ kind: 'distance', sets: 1, meters: 2000, restSeconds: 0, eachSide: false }, row)).toBe(
      '2 km steady',
    );
    expect(prescription({ kind: 'distance', sets: 3, meters: 40, restSeconds: 90, eachSide: false }, carry)).toBe(
      '3 × 40 m · rest 90 s',
    );
    expect(prescription({ kind: 'reps', sets: 4, reps: 6, restSeconds: 120, eachSide: false }, exercise())).toBe(
      '4 × 6 · rest 2 min',
    );
  });

  it('writes a hold only for an exercise held still: a rep-dosed core move done for time is rounds of work', () => {
    expect(prescription({ kind: 'time', sets: 4, workSeconds: 30, restSeconds: 30, eachSide: false }, deadBug)).toBe(
      '4 rounds × 30 s work / 30 s rest',
    );
    expect(
      prescription(
        { kind: 'time', sets: 4, workSeconds: 30, restSeconds: 30, eachSide: false },
        { ...deadBug, dosing: 'time' },
      ),
    ).toBe('4 × 30 s hold · rest 30 s');
  });

  it('gives distances in the reader’s units (stored in metres), any other dose in its stored words', () => {
    const steady: ExerciseDose = { kind: 'distance', sets: 1, meters: 2000, restSeconds: 0, eachSide: false };
    const carries: ExerciseDose = { kind: 'distance', sets: 3, meters: 40, restSeconds: 90, eachSide: false };
    const intervals: ExerciseDose = { kind: 'distance', sets: 6, meters: 400, restSeconds: 60, eachSide: false };
    const shown = (dose: ExerciseDose, units: 'metric' | 'imperial') =>
      prescriptionIn({ prescription: prescription(dose, dose.sets === 1 ? row : carry), dose }, units);
    expect([shown(steady, 'metric'), shown(carries, 'metric'), shown(intervals, 'metric')]).toEqual([
      '2 km steady',
      '3 × 40 m · rest 90 s',
      '6 × 400 m · rest 60 s',
    ]);
    expect([shown(steady, 'imperial'), shown(carries, 'imperial'), shown(intervals, 'imperial')]).toEqual([
      '1.2 mi steady',
      '3 × 44 yd · rest 90 s',
      '6 × 437 yd · rest 60 s',
    ]);
    const reps: ExerciseDose = { kind: 'reps', sets: 4, reps: 6, restSeconds: 120, eachSide: false };
    expect(prescriptionIn({ prescription: '4 × 6 · rest 2 min', dose: reps }, 'imperial')).toBe('4 × 6 · rest 2 min');
    expect(prescriptionIn({ prescription: '3 × 10' }, 'imperial')).toBe('3 × 10');
  });
});

describe('how long a dose takes', () => {
  it('counts reps at a tempo, both sides of a one-sided move, the rests between sets and moving on', () => {
    expect(doseSeconds({ kind: 'reps', sets: 3, reps: 10, restSeconds: 60, eachSide: false }, exercise())).toBe(
      3 * 30 + 2 * 60 + 60,
    );
    expect(doseSeconds({ kind: 'reps', sets: 3, reps: 10, restSeconds: 60, eachSide: true }, splitSquat)).toBe(
      3 * 60 + 2 * 60 + 60,
    );
    expect(doseSeconds({ kind: 'time', sets: 1, workSeconds: 45, restSeconds: 0, eachSide: true }, pigeon)).toBe(
      90 + 15,
    );
    expect(doseSeconds({ kind: 'time', sets: 4, workSeconds: 40, restSeconds: 20, eachSide: false }, burpee)).toBe(
      4 * 60,
    );
  });
});

describe('the doses a block may give', () => {
  it('runs from the smallest to the largest, starting from the usual one', () => {
    for (const style of ['sets', 'intervals', 'holds', 'warmup', 'cooldown'] as const) {
      for (const e of [exercise(), splitSquat, burpee, pigeon]) {
        const { options, base } = doseOptions(style, e, 'intermediate', null);
        const seconds = options.map((d) => doseSeconds(d, e));
        expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
        expect(base).toBeGreaterThanOrEqual(0);
        expect(base).toBeLessThan(options.length);
      }
    }
    expect(
      doseOptions('sets', exercise({ equipment: ['dumbbells'] }), 'intermediate', null).options[
        doseOptions('sets', exercise({ equipment: ['dumbbells'] }), 'intermediate', null).base
      ],
    ).toEqual({
      kind: 'reps',
      sets: 3,
      reps: 10,
      restSeconds: 75,
      eachSide: false,
    });
  });

  it('counts reps as trainers do (5, 6, 8, 10, 12, 15, 20) in every style and level, and carries them over the same way', () => {
    for (const style of ['sets', 'holds', 'warmup', 'cooldown'] as const) {
      for (const level of difficulties) {
        for (const goal of [null, 'endurance', 'lose_fat', 'build_muscle'] as const) {
          for (const e of [
            exercise(),
            exercise({ equipment: ['dumbbells'] }),
            splitSquat,
            exercise({ pattern: 'mobility' }),
          ]) {
            const counts = doseOptions(style, e, level, goal).options.flatMap((d) =>
              d.kind === 'reps' ? [d.reps] : [],
            );
            expect([style, level, counts.filter((reps) => !REP_COUNTS.includes(reps))]).toEqual([style, level, []]);
          }
        }
      }
    }
    expect([7, 9, 11, 13, 14, 17, 25].map(repCount)).toEqual([6, 8, 10, 12, 15, 15, 20]);
    // 40 m of carrying is about 13 reps' time: written 12.
    expect(
      reshapeDose({ kind: 'distance', sets: 3, meters: 40, restSeconds: 60, eachSide: false }, carry, exercise()),
    ).toEqual({ kind: 'reps', sets: 3, reps: 12, restSeconds: 60, eachSide: false });
  });

  it('keeps jumping to 30 s of a round, the rest of the round rest, at every level', () => {
    for (const level of difficulties) {
      const { workSeconds, restSeconds } = LEVEL_DOSES[level].intervals;
      const work = Math.min(30, workSeconds);
      for (const dose of doseOptions('intervals', burpee, level, null).options)
        expect(dose).toMatchObject({ workSeconds: work, restSeconds: restSeconds + workSeconds - work });
    }
  });

  it('gives strength sets down to one, at the shortest rest, below the smallest usual dose (the floor) for a block short of time', () => {
    const { options, base, floor } = doseOptions('sets', exercise({ equipment: ['dumbbells'] }), 'advanced', null);
    expect(options.map((d) => d.sets)).toEqual([1, 2, 3, 4, 5]);
    expect([options[base].sets, options[floor].sets]).toEqual([4, 3]);
    expect(options.map((d) => d.restSeconds)).toEqual([75, 75, 90, 90, 90]);
  });

  it('gives steady blocks on cyclical work in whole minutes, or metres when it is dosed by distance', () => {
    expect(
      doseOptions('steady', bike, 'beginner', null).options.every((d) => d.kind === 'time' && d.workSeconds % 60 === 0),
    ).toBe(true);
    expect(
      doseOptions('steady', row, 'beginner', null).options.every((d) => d.kind === 'distance' && d.meters % 100 === 0),
    ).toBe(true);
  });
});

describe('carrying a dose over to an equivalent exercise', () => {
  it('keeps sets, rest and the rep count, one side becoming each side', () => {
    const dose: ExerciseDose = { kind: 'reps', sets: 3, reps: 10, restSeconds: 75, eachSide: false };
    expect(reshapeDose(dose, exercise(), splitSquat)).toEqual({ ...dose, eachSide: true });
  });

  it('keeps a round of intervals the same length when the new move is one-sided', () => {
    const dose: ExerciseDose = { kind: 'time', sets: 4, workSeconds: 40, restSeconds: 20, eachSide: false };
    expect(reshapeDose(dose, burpee, exercise({ pattern: 'plyometric', unilateral: true, dosing: 'time' }))).toEqual({
      ...dose,
      workSeconds: 20,
      eachSide: true,
    });
  });

  it('keeps a hold a hold, per side', () => {
    const dose: ExerciseDose = { kind: 'time', sets: 1, workSeconds: 45, restSeconds: 0, eachSide: true };
    expect(reshapeDose(dose, pigeon, exercise({ pattern: 'pose', dosing: 'time' }))).toEqual({
      ...dose,
      eachSide: false,
    });
  });

  it('turns reps into about as much time for a timed exercise, within the bounds', () => {
    const dose: ExerciseDose = { kind: 'reps', sets: 3, reps: 12, restSeconds: 60, eachSide: false };
    expect(reshapeDose(dose, exercise(), exercise({ dosing: 'time' }))).toEqual({
      kind: 'time',
      sets: 3,
      workSeconds: 35,
      restSeconds: 60,
      eachSide: false,
    });
  });
});
