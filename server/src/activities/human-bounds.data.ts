import type { ActivityKind } from '../contract';

/**
 * What a human body can do, per sport: a figure of an activity file beyond these is a forgery or a
 * broken file, never a performance (rules in `human-bounds.rules.ts`; see docs/evidence.md,
 * "Activity files"). Deliberately generous: world-class efforts pass, a machine's numbers do not.
 */
export interface SportBounds {
  /** Average speed over the whole activity, metres per second. */
  maxAverageSpeedMps: number;
  /** Steps per minute of activity (a sprinter's cadence is about 220–250). */
  maxStepsPerMinute: number;
  /** Energy per minute of activity (an elite cyclist's hardest hour is about 25 kcal a minute). */
  maxCaloriesPerMinute: number;
}

const FOOT: SportBounds = { maxAverageSpeedMps: 10.5, maxStepsPerMinute: 260, maxCaloriesPerMinute: 30 };

export const SPORT_BOUNDS: Record<ActivityKind, SportBounds> = {
  // The marathon record averages 5.9 m/s, the 100 m record 10.4 m/s.
  running: FOOT,
  // Race walking's record pace is about 4.5 m/s.
  walking: { maxAverageSpeedMps: 5, maxStepsPerMinute: 240, maxCaloriesPerMinute: 20 },
  hiking: { maxAverageSpeedMps: 5, maxStepsPerMinute: 240, maxCaloriesPerMinute: 20 },
  // A Tour de France stage averages about 12 m/s; a downhill or paced effort stays under 30.
  cycling: { maxAverageSpeedMps: 30, maxStepsPerMinute: 260, maxCaloriesPerMinute: 30 },
  // The 50 m freestyle record is 2.4 m/s.
  swimming: { maxAverageSpeedMps: 2.5, maxStepsPerMinute: 260, maxCaloriesPerMinute: 25 },
  // An eight in a race averages about 6.2 m/s.
  rowing: { maxAverageSpeedMps: 7, maxStepsPerMinute: 260, maxCaloriesPerMinute: 30 },
  // Sports done mostly in place: a file may still carry a track (walking between sets, a run in a class).
  strength: FOOT,
  cardio: FOOT,
  yoga: FOOT,
  other: { maxAverageSpeedMps: 30, maxStepsPerMinute: 260, maxCaloriesPerMinute: 30 },
};

/** Bounds that hold whatever the sport. */
export const BODY_BOUNDS = {
  /** A day's steps: ultra-runners log about 100,000 in 24 hours; nobody walks 150,000. */
  maxDaySteps: 150_000,
  /** A single activity: 24 hours (longer recordings are days, each proved on its own). */
  maxDurationSeconds: 24 * 3600,
  /** A single activity's distance: about the longest a cyclist rides in 24 hours. */
  maxDistanceMeters: 1_000_000,
  /** A single activity's energy: the most a body burns in a day of extreme effort. */
  maxCalories: 15_000,
} as const;
