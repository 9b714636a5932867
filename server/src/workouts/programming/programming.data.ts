/**
 * How a coach doses a session, as data: the blocks' share of the time, each style's sets, reps,
 * holds and intervals by level, and the bounds no prescription may cross. session.rules reads it.
 */
import type { Difficulty, TrainingGoal, WorkoutType } from '../../contract';
import type { MovementPattern } from '../catalogue/catalogue.types';

/** How a block doses its exercises (dose.rules builds each style's options). */
export type DoseStyle = 'sets' | 'intervals' | 'steady' | 'cyclic_intervals' | 'holds' | 'warmup' | 'cooldown';
export type MainStyle = Exclude<DoseStyle, 'warmup' | 'cooldown'>;

export interface Range {
  min: number;
  base: number;
  max: number;
}

/** Strength work: sets of reps (or of holds, or of carries) with rest between sets. */
export interface SetsDose {
  sets: Range;
  reps: number;
  restSeconds: Range;
  holdSeconds: number;
}

/** Timed rounds: work then rest, `rounds` times. One-sided moves split the work between sides. */
export interface IntervalDose {
  rounds: Range;
  workSeconds: number;
  restSeconds: number;
}

/** Poses held 30–60 s (and short flows repeated), one or more times. */
export interface HoldDose {
  holdSeconds: Range;
  sets: Range;
  flowReps: number;
}

export interface LevelDoses {
  sets: SetsDose;
  intervals: IntervalDose;
  /** Conditioning on a bike, rower, run: steady minutes, and hard/easy intervals. */
  steadyMinutes: Range;
  cyclicIntervals: IntervalDose;
  holds: HoldDose;
}

export const LEVEL_DOSES: Record<Difficulty, LevelDoses> = {
  beginner: {
    sets: { sets: { min: 2, base: 2, max: 3 }, reps: 10, restSeconds: { min: 45, base: 60, max: 90 }, holdSeconds: 20 },
    intervals: { rounds: { min: 2, base: 3, max: 5 }, workSeconds: 30, restSeconds: 30 },
    steadyMinutes: { min: 5, base: 8, max: 30 },
    cyclicIntervals: { rounds: { min: 4, base: 5, max: 8 }, workSeconds: 60, restSeconds: 90 },
    holds: { holdSeconds: { min: 30, base: 45, max: 60 }, sets: { min: 1, base: 1, max: 3 }, flowReps: 5 },
  },
  intermediate: {
    sets: { sets: { min: 2, base: 3, max: 4 }, reps: 10, restSeconds: { min: 60, base: 75, max: 90 }, holdSeconds: 30 },
    intervals: { rounds: { min: 3, base: 4, max: 6 }, workSeconds: 40, restSeconds: 20 },
    steadyMinutes: { min: 5, base: 10, max: 30 },
    cyclicIntervals: { rounds: { min: 4, base: 6, max: 10 }, workSeconds: 60, restSeconds: 60 },
    holds: { holdSeconds: { min: 30, base: 45, max: 60 }, sets: { min: 1, base: 1, max: 3 }, flowReps: 6 },
  },
  advanced: {
    sets: { sets: { min: 3, base: 4, max: 5 }, reps: 8, restSeconds: { min: 75, base: 90, max: 120 }, holdSeconds: 45 },
    intervals: { rounds: { min: 3, base: 4, max: 8 }, workSeconds: 45, restSeconds: 15 },
    steadyMinutes: { min: 5, base: 12, max: 30 },
    cyclicIntervals: { rounds: { min: 4, base: 6, max: 10 }, workSeconds: 90, restSeconds: 60 },
    holds: { holdSeconds: { min: 45, base: 60, max: 60 }, sets: { min: 1, base: 1, max: 3 }, flowReps: 8 },
  },
};

/** What a goal changes in strength work: reps per set and the rest between sets (kept within the level's range). */
export const GOAL_SETS: Record<TrainingGoal, { reps?: number; restShift: number }> = {
  build_muscle: { reps: 10, restShift: 15 },
  lose_fat: { reps: 12, restShift: -15 },
  endurance: { reps: 15, restShift: -30 },
  mobility: { restShift: 0 },
  general_fitness: { restShift: 0 },
};

/** Bodyweight moves need more reps for the same effort: 8 → 12, 10 → 12, 12 → 15, 15 → 20. */
export const BODYWEIGHT_REPS: Record<number, number> = { 8: 12, 10: 12, 12: 15, 15: 20 };

/** A main block's parts: its share of the block's time, how it is dosed, which type's exercises it draws on. */
export interface MainPart {
  share: number;
  style: MainStyle;
  from: WorkoutType;
}

/**
 * Mixed: strength first, a conditioning finisher after. Cardio: steady work, then hard/easy intervals
 * for those past beginner (session.rules turns to a bodyweight circuit when nothing cyclical is at hand).
 */
export const MAIN_PARTS: Record<WorkoutType, Record<Difficulty, MainPart[]>> = {
  strength: {
    beginner: [{ share: 1, style: 'sets', from: 'strength' }],
    intermediate: [{ share: 1, style: 'sets', from: 'strength' }],
    advanced: [{ share: 1, style: 'sets', from: 'strength' }],
  },
  hiit: {
    beginner: [{ share: 1, style: 'intervals', from: 'hiit' }],
    intermediate: [{ share: 1, style: 'intervals', from: 'hiit' }],
    advanced: [{ share: 1, style: 'intervals', from: 'hiit' }],
  },
  cardio: {
    beginner: [{ share: 1, style: 'steady', from: 'cardio' }],
    intermediate: [
      { share: 0.55, style: 'steady', from: 'cardio' },
      { share: 0.45, style: 'cyclic_intervals', from: 'cardio' },
    ],
    advanced: [
      { share: 0.45, style: 'steady', from: 'cardio' },
      { share: 0.55, style: 'cyclic_intervals', from: 'cardio' },
    ],
  },
  yoga: {
    beginner: [{ share: 1, style: 'holds', from: 'yoga' }],
    intermediate: [{ share: 1, style: 'holds', from: 'yoga' }],
    advanced: [{ share: 1, style: 'holds', from: 'yoga' }],
  },
  mixed: {
    beginner: [
      { share: 0.6, style: 'sets', from: 'strength' },
      { share: 0.4, style: 'intervals', from: 'hiit' },
    ],
    intermediate: [
      { share: 0.6, style: 'sets', from: 'strength' },
      { share: 0.4, style: 'intervals', from: 'hiit' },
    ],
    advanced: [
      { share: 0.55, style: 'sets', from: 'strength' },
      { share: 0.45, style: 'intervals', from: 'hiit' },
    ],
  },
};

/**
 * Where a main block's time goes when the exercises the user may do for its parts run out (few at
 * hand, several limitations, a long session): a conditioning finisher, more conditioning.
 */
export const FALLBACK_PARTS: Record<WorkoutType, MainPart[]> = {
  strength: [
    { share: 0, style: 'intervals', from: 'hiit' },
    { share: 0, style: 'intervals', from: 'cardio' },
  ],
  hiit: [
    { share: 0, style: 'intervals', from: 'cardio' },
    { share: 0, style: 'intervals', from: 'mixed' },
  ],
  cardio: [
    { share: 0, style: 'intervals', from: 'cardio' },
    { share: 0, style: 'intervals', from: 'hiit' },
  ],
  yoga: [],
  mixed: [
    { share: 0, style: 'intervals', from: 'cardio' },
    { share: 0, style: 'intervals', from: 'mixed' },
  ],
};

/** Warm-up and cool-down: a share of the session, within bounds, and how many exercises they hold at most. */
export const BOOKENDS = {
  warmup: { share: 0.12, minSeconds: 120, maxSeconds: 480, maxExercises: 6 },
  cooldown: { share: 0.1, minSeconds: 90, maxSeconds: 420, maxExercises: 6 },
} as const;

/** Warm-up moves: 30–60 s (each side for one-sided ones), or one easy set of 8–15 reps (6–10 each side, 5–8 slow flowing ones). */
export const WARMUP_DOSE = {
  seconds: { min: 30, base: 45, max: 60 },
  sideSeconds: { min: 20, base: 30, max: 45 },
  reps: { min: 8, base: 10, max: 15 },
  sideReps: { min: 6, base: 8, max: 10 },
  slowReps: { min: 5, base: 6, max: 8 },
};
/** Cool-down stretches: held 30–90 s (30–60 s each side), or a few slow reps of a mobility move. */
export const COOLDOWN_DOSE = {
  seconds: { min: 30, base: 45, max: 90 },
  sideSeconds: { min: 30, base: 30, max: 60 },
  reps: { min: 6, base: 8, max: 12 },
};

/** Main exercises a part holds: at least (when they fit: one squat is not a strength session), at most (more would be a list, not a session). */
export const MAIN_EXERCISES: Record<MainStyle, { min: number; max: number }> = {
  sets: { min: 3, max: 8 },
  intervals: { min: 2, max: 8 },
  steady: { min: 1, max: 4 },
  cyclic_intervals: { min: 1, max: 3 },
  holds: { min: 3, max: 20 },
};

/** Seconds one repetition takes, by movement: strength tempo, quick jumps, slow flows. */
export const SECONDS_PER_REP: Partial<Record<MovementPattern, number>> = {
  plyometric: 2,
  locomotion: 2,
  mobility: 5,
  stretch: 5,
  pose: 6,
  breathing: 6,
  balance: 4,
};
export const DEFAULT_SECONDS_PER_REP = 3;

/** Metres per second a distance is covered at, by movement (an easy estimate for the time budget). */
export const METRES_PER_SECOND: Partial<Record<MovementPattern, number>> = { carry: 1, locomotion: 0.6, cyclical: 3 };
export const DEFAULT_METRES_PER_SECOND = 1;

/** Between exercises: at least this long to move on, or the exercise's own rest if longer. */
export const CHANGEOVER_SECONDS = 15;

/** Patterns whose timed entries are holds ("Hold 45 s each side"), not timed work (a rep-dosed Dead Bug timed is rounds). */
export const HOLD_PATTERNS: readonly MovementPattern[] = [
  'pose',
  'stretch',
  'anti_extension',
  'anti_rotation',
  'balance',
];

/** The rep counts trainers write (5 to 20): a set is never 11, 13 or 14 reps. */
export const REP_COUNTS: readonly number[] = [5, 6, 8, 10, 12, 15, 20];

/** The bounds every prescription stays within (the rules' tests check them on every plan). */
export const DOSE_BOUNDS = {
  sets: { max: 10 },
  holdSeconds: { max: 90 },
  /** One interval of non-cyclical work (a round of burpees, a bear crawl). */
  intervalSeconds: { max: 60 },
  /** One interval of jumping: explosive work stays short, the rest of the round is rest. */
  explosiveSeconds: { max: 30 },
  /** A steady block on a bike, rower, road. */
  steadySeconds: { max: 30 * 60 },
  /** A hard/easy interval on a bike, rower, road. */
  cyclicIntervalSeconds: { max: 120 },
  restSeconds: { max: 150 },
};

/** The time a session may differ from the minutes asked for. */
export const TIME_TOLERANCE = 0.1;
