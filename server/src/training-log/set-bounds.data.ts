/**
 * What a logged set may plausibly hold, per exercise: data the project owns (docs/product.md,
 * Training log). A set past these is refused with LOG_SET_IMPLAUSIBLE and the bound it broke, so a
 * slip of the keyboard (900 kg on the bench, 2,000 reps) never reaches the history or the records.
 * The bounds sit at or just above the human records they name, so no real lift is ever refused.
 */
import type { Equipment } from '../workouts/catalogue/catalogue.types';

export interface SetBounds {
  /** The load as the lifter reads it: a barbell's or machine's total, one dumbbell or kettlebell. */
  maxLoadKg: number;
  maxReps: number;
  /** One set's time (a hold, an interval, a timed distance). */
  maxSeconds: number;
  maxMeters: number;
  /** Faster than this over a logged distance is a typo (m/s). */
  maxMetresPerSecond: number;
}

/** Bodyweight work: added load (a vest, a belt) and high-rep sets. */
const BODYWEIGHT: SetBounds = {
  maxLoadKg: 150,
  maxReps: 500,
  maxSeconds: 3 * 3600,
  maxMeters: 50_000,
  maxMetresPerSecond: 10.5,
};

/** By the heaviest kind of equipment an exercise uses (first match in this order). */
export const BOUNDS_BY_EQUIPMENT: ReadonlyArray<[Equipment, Partial<SetBounds>]> = [
  // The heaviest raw squats and deadlifts stand near 500 kg.
  ['barbell_rack', { maxLoadKg: 510, maxReps: 100 }],
  ['machines', { maxLoadKg: 600, maxReps: 200 }],
  // The heaviest dumbbells made are about 170 kg; one in each hand is logged as one.
  ['dumbbells', { maxLoadKg: 170, maxReps: 200 }],
  ['kettlebell', { maxLoadKg: 100, maxReps: 1000 }],
  ['bands', { maxLoadKg: 150, maxReps: 300 }],
  // Ergometers: a rowing sprint peaks near 7 m/s, a bike near 25.
  ['cardio_machine', { maxLoadKg: 0, maxMetresPerSecond: 25 }],
];

/** Lifts whose records are well known, bounded closer (catalogue id → bounds). */
export const BOUNDS_BY_EXERCISE: Readonly<Record<string, Partial<SetBounds>>> = {
  // Raw bench press record about 355 kg.
  'barbell-bench-press': { maxLoadKg: 360 },
  'close-grip-bench-press': { maxLoadKg: 360 },
  'barbell-overhead-press': { maxLoadKg: 230 },
  'barbell-back-squat': { maxLoadKg: 500 },
  'barbell-front-squat': { maxLoadKg: 330 },
  'barbell-deadlift': { maxLoadKg: 510 },
  'sumo-deadlift': { maxLoadKg: 510 },
  'barbell-hip-thrust': { maxLoadKg: 600 },
  'leg-press': { maxLoadKg: 1500 },
  'rowing-machine-intervals': { maxMetresPerSecond: 7 },
};

export const DEFAULT_BOUNDS = BODYWEIGHT;
