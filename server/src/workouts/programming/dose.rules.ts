/**
 * An exercise's dose: the time it takes, how it reads ("3 × 10 each side · rest 60 s"), the doses a
 * block may give it (from the smallest to the largest, for the session to fill its time), and how a
 * dose carries over to an equivalent exercise (SWAP).
 */
import type { Difficulty, ExerciseDose, TrainingGoal } from '../../contract';
import { distancePrescription, formatSeconds } from '../../contract/values';
import type { CatalogueExercise } from '../catalogue/catalogue.types';
import {
  BODYWEIGHT_REPS,
  CHANGEOVER_SECONDS,
  COOLDOWN_DOSE,
  DEFAULT_METRES_PER_SECOND,
  DEFAULT_SECONDS_PER_REP,
  DOSE_BOUNDS,
  DoseStyle,
  GOAL_SETS,
  HOLD_PATTERNS,
  IntervalDose,
  LEVEL_DOSES,
  METRES_PER_SECOND,
  Range,
  REP_COUNTS,
  SECONDS_PER_REP,
  WARMUP_DOSE,
} from './programming.data';

/** What a dose's time and wording depend on. */
export type DosedExercise = Pick<CatalogueExercise, 'pattern' | 'unilateral' | 'dosing' | 'equipment'>;

export function secondsPerRep(exercise: DosedExercise): number {
  return SECONDS_PER_REP[exercise.pattern] ?? DEFAULT_SECONDS_PER_REP;
}

function metresPerSecond(exercise: DosedExercise): number {
  return METRES_PER_SECOND[exercise.pattern] ?? DEFAULT_METRES_PER_SECOND;
}

/** Held still (a plank, a pose): a timed entry of a holding pattern. A rep-dosed one (Dead Bug) timed is rounds of work. */
function isHold(exercise: DosedExercise): boolean {
  return exercise.dosing === 'time' && HOLD_PATTERNS.includes(exercise.pattern);
}

/** The rep count trainers write nearest to `reps` (the lower one on a tie). */
export function repCount(reps: number): number {
  return REP_COUNTS.reduce((best, count) => (Math.abs(count - reps) < Math.abs(best - reps) ? count : best));
}

/** Seconds of work in one set, both sides counted. */
export function setSeconds(dose: ExerciseDose, exercise: DosedExercise): number {
  const sides = dose.eachSide ? 2 : 1;
  if (dose.kind === 'reps') return dose.reps * secondsPerRep(exercise) * sides;
  if (dose.kind === 'time') return dose.workSeconds * sides;
  return Math.round(dose.meters / metresPerSecond(exercise));
}

/** The time an exercise takes in a session: its sets, the rests between them, and moving on to the next. */
export function doseSeconds(dose: ExerciseDose, exercise: DosedExercise): number {
  return (
    dose.sets * setSeconds(dose, exercise) +
    (dose.sets - 1) * dose.restSeconds +
    Math.max(CHANGEOVER_SECONDS, dose.restSeconds)
  );
}

/** The dose as a trainer writes it. Holds say "Hold", rounds say work and rest, one-sided moves say "each side". */
export function prescription(dose: ExerciseDose, exercise: DosedExercise): string {
  const side = dose.eachSide ? ' each side' : '';
  const rest = `rest ${formatSeconds(dose.restSeconds)}`;
  if (dose.kind === 'reps')
    return dose.sets === 1 ? `${dose.reps} reps${side}` : `${dose.sets} × ${dose.reps}${side} · ${rest}`;
  // Stored in metres; readers in other units get prescriptionIn's wording.
  if (dose.kind === 'distance') return distancePrescription(dose, 'metric');
  const work = formatSeconds(dose.workSeconds);
  if (isHold(exercise)) {
    if (dose.sets === 1) return `Hold ${work}${side}`;
    return `${dose.sets} × ${work} hold${side}${dose.restSeconds ? ` · ${rest}` : ''}`;
  }
  if (dose.sets === 1) return dose.workSeconds >= 180 && !dose.eachSide ? `${work} steady` : `${work}${side}`;
  if (!dose.restSeconds) return `${dose.sets} × ${work}${side}`;
  // Resting longer than the work is sets of it (a wall sit); resting less is rounds of intervals.
  if (dose.restSeconds > dose.workSeconds * (dose.eachSide ? 2 : 1)) return `${dose.sets} × ${work}${side} · ${rest}`;
  return `${dose.sets} rounds × ${work}${dose.eachSide ? ' each side' : ' work'} / ${formatSeconds(dose.restSeconds)} rest`;
}

/**
 * The doses a block may give an exercise, smallest first, the one a coach starts from, and the
 * smallest usual one: below it only when a short block would otherwise hold too few exercises.
 */
export interface DoseOptions {
  options: ExerciseDose[];
  base: number;
  floor: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);
const steps = (range: Range, step: number) => {
  const values: number[] = [];
  for (let v = range.min; v <= range.max; v += step) values.push(v);
  return values;
};

function ordered(
  options: ExerciseDose[],
  base: ExerciseDose,
  exercise: DosedExercise,
  floor = options[0],
): DoseOptions {
  const seconds = (d: ExerciseDose) => doseSeconds(d, exercise);
  const sorted = [...options].sort((a, b) => seconds(a) - seconds(b));
  const at = (dose: ExerciseDose) =>
    Math.max(
      0,
      sorted.findIndex((d) => JSON.stringify(d) === JSON.stringify(dose)),
    );
  return { options: sorted, base: at(base), floor: at(floor) };
}

/** One dose per value of `range` (sets, rounds, minutes), built by `make`; the base is the range's base. */
function ladder(
  range: Range,
  step: number,
  make: (value: number) => ExerciseDose,
  exercise: DosedExercise,
): DoseOptions {
  return ordered(steps(range, step).map(make), make(range.base), exercise);
}

/** One dose per usual rep count within `range` (8, 10, 12, 15: never 9 or 13); the base is the count nearest the range's base. */
function repLadder(range: Range, make: (reps: number) => ExerciseDose, exercise: DosedExercise): DoseOptions {
  const counts = REP_COUNTS.filter((reps) => reps >= range.min && reps <= range.max);
  return ordered(counts.map(make), make(repCount(range.base)), exercise);
}

/** Reps per set for strength work: the goal's or the level's, more for bodyweight moves, within bounds. */
function strengthReps(exercise: DosedExercise, difficulty: Difficulty, goal: TrainingGoal | null): number {
  const reps = (goal && GOAL_SETS[goal].reps) || LEVEL_DOSES[difficulty].sets.reps;
  return repCount(exercise.equipment.length === 0 ? (BODYWEIGHT_REPS[reps] ?? reps) : reps);
}

function strengthRest(difficulty: Difficulty, goal: TrainingGoal | null): number {
  const range = LEVEL_DOSES[difficulty].sets.restSeconds;
  return clamp(range.base + (goal ? GOAL_SETS[goal].restShift : 0), range.min, range.max);
}

/** `sets` of strength work: reps, a carry's metres or a hold's seconds, as the entry is dosed. */
function strengthSets(
  exercise: DosedExercise,
  sets: number,
  restSeconds: number,
  difficulty: Difficulty,
  goal: TrainingGoal | null,
): ExerciseDose {
  if (exercise.dosing === 'reps')
    return {
      kind: 'reps',
      sets,
      reps: strengthReps(exercise, difficulty, goal),
      restSeconds,
      eachSide: exercise.unilateral,
    };
  if (exercise.dosing === 'distance')
    return { kind: 'distance', sets, meters: exercise.pattern === 'carry' ? 40 : 20, restSeconds, eachSide: false };
  return {
    kind: 'time',
    sets,
    workSeconds: LEVEL_DOSES[difficulty].sets.holdSeconds,
    restSeconds,
    eachSide: exercise.unilateral,
  };
}

/**
 * A round's work and rest in seconds: per side for one-sided moves, and jumping kept short (the
 * round keeps its length: what the jumps leave of the work is rest).
 */
function intervalRound(
  { workSeconds, restSeconds }: IntervalDose,
  exercise: DosedExercise,
): { work: number; rest: number } {
  const work =
    exercise.pattern === 'plyometric' ? Math.min(workSeconds, DOSE_BOUNDS.explosiveSeconds.max) : workSeconds;
  return { work: exercise.unilateral ? roundTo(work / 2, 5) : work, rest: restSeconds + workSeconds - work };
}

/** The doses `style` may give `exercise` at `difficulty` (and `goal`, for strength work). */
export function doseOptions(
  style: DoseStyle,
  exercise: DosedExercise,
  difficulty: Difficulty,
  goal: TrainingGoal | null,
): DoseOptions {
  const level = LEVEL_DOSES[difficulty];
  const eachSide = exercise.unilateral;
  const time = (sets: number, workSeconds: number, restSeconds: number): ExerciseDose => ({
    kind: 'time',
    sets,
    workSeconds,
    restSeconds,
    eachSide,
  });
  switch (style) {
    case 'sets': {
      const { sets, restSeconds } = level.sets;
      const usualRest = strengthRest(difficulty, goal);
      // Below the level's fewest sets (down to one), for a block too short for three exercises, with the level's shortest rest.
      const make = (count: number) =>
        strengthSets(exercise, count, count < sets.min ? restSeconds.min : usualRest, difficulty, goal);
      return ordered(steps({ ...sets, min: 1 }, 1).map(make), make(sets.base), exercise, make(sets.min));
    }
    case 'intervals': {
      const { work, rest } = intervalRound(level.intervals, exercise);
      return ladder(level.intervals.rounds, 1, (sets) => time(sets, work, rest), exercise);
    }
    case 'cyclic_intervals': {
      const { rounds, workSeconds, restSeconds } = level.cyclicIntervals;
      if (exercise.dosing === 'distance') {
        const meters = roundTo(workSeconds * metresPerSecond(exercise), 50);
        return ladder(
          rounds,
          1,
          (sets) => ({ kind: 'distance', sets, meters, restSeconds, eachSide: false }),
          exercise,
        );
      }
      return ladder(rounds, 1, (sets) => time(sets, workSeconds, restSeconds), exercise);
    }
    case 'steady': {
      if (exercise.dosing === 'distance') {
        const meters = (minutes: number) => roundTo(minutes * 60 * metresPerSecond(exercise), 100);
        return ladder(
          level.steadyMinutes,
          1,
          (minutes) => ({ kind: 'distance', sets: 1, meters: meters(minutes), restSeconds: 0, eachSide: false }),
          exercise,
        );
      }
      return ladder(level.steadyMinutes, 1, (minutes) => time(1, minutes * 60, 0), exercise);
    }
    case 'holds': {
      if (exercise.dosing === 'reps') {
        const reps = level.holds.flowReps;
        return repLadder(
          { min: reps, base: reps, max: reps + 4 },
          (r) => ({ kind: 'reps', sets: 1, reps: r, restSeconds: 0, eachSide }),
          exercise,
        );
      }
      const holds = steps(level.holds.holdSeconds, 15);
      const options = steps(level.holds.sets, 1).flatMap((sets) => holds.map((hold) => time(sets, hold, 0)));
      return ordered(options, time(level.holds.sets.base, level.holds.holdSeconds.base, 0), exercise);
    }
    case 'warmup': {
      if (exercise.dosing === 'reps') {
        const range = eachSide
          ? WARMUP_DOSE.sideReps
          : secondsPerRep(exercise) > DEFAULT_SECONDS_PER_REP
            ? WARMUP_DOSE.slowReps
            : WARMUP_DOSE.reps;
        return repLadder(range, (reps) => ({ kind: 'reps', sets: 1, reps, restSeconds: 0, eachSide }), exercise);
      }
      return ladder(
        eachSide ? WARMUP_DOSE.sideSeconds : WARMUP_DOSE.seconds,
        5,
        (seconds) => time(1, seconds, 0),
        exercise,
      );
    }
    case 'cooldown': {
      if (exercise.dosing === 'reps')
        return repLadder(
          COOLDOWN_DOSE.reps,
          (reps) => ({ kind: 'reps', sets: 1, reps, restSeconds: 0, eachSide }),
          exercise,
        );
      return ladder(
        eachSide ? COOLDOWN_DOSE.sideSeconds : COOLDOWN_DOSE.seconds,
        15,
        (seconds) => time(1, seconds, 0),
        exercise,
      );
    }
  }
}

/** The longest one set of timed work may last for this exercise (holds, intervals, steady blocks). */
export function maxWorkSeconds(dose: ExerciseDose, exercise: DosedExercise): number {
  if (exercise.pattern === 'cyclical')
    return dose.sets === 1 ? DOSE_BOUNDS.steadySeconds.max : DOSE_BOUNDS.cyclicIntervalSeconds.max;
  if (isHold(exercise) || dose.sets === 1) return DOSE_BOUNDS.holdSeconds.max;
  return exercise.pattern === 'plyometric' ? DOSE_BOUNDS.explosiveSeconds.max : DOSE_BOUNDS.intervalSeconds.max;
}

/**
 * `dose` given to `to` in place of `from` (SWAP): the same sets and rest, and the same kind of work
 * where it fits — a timed block stays timed, a rep count stays a rep count of about the same time.
 * A round of intervals keeps its length when one side becomes two (the work is split between them).
 */
export function reshapeDose(dose: ExerciseDose, from: DosedExercise, to: DosedExercise): ExerciseDose {
  const { sets, restSeconds } = dose;
  const eachSide = to.unilateral;
  const kind = dose.kind === 'time' ? 'time' : to.dosing;
  const seconds = setSeconds(dose, from) / (dose.eachSide ? 2 : 1);
  if (kind === 'reps') {
    const reps = dose.kind === 'reps' ? dose.reps : Math.round(seconds / secondsPerRep(to));
    return { kind, sets, reps: repCount(reps), restSeconds, eachSide };
  }
  if (kind === 'distance') {
    const meters = dose.kind === 'distance' ? dose.meters : roundTo(setSeconds(dose, from) * metresPerSecond(to), 10);
    return { kind, sets, meters, restSeconds, eachSide: false };
  }
  const interval = dose.kind === 'time' && sets > 1 && restSeconds > 0 && !isHold(from);
  let work = dose.kind === 'time' ? dose.workSeconds : roundTo(seconds, 5);
  if (interval && dose.eachSide !== eachSide) work = eachSide ? roundTo(work / 2, 5) : work * 2;
  const reshaped: ExerciseDose = { kind, sets, workSeconds: work, restSeconds, eachSide };
  return { ...reshaped, workSeconds: clamp(work, 5, maxWorkSeconds(reshaped, to)) };
}
