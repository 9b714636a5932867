/**
 * weight: kg to reach or go below, read from analysed body-scan reports; workouts: sessions that
 * count (half their exercises or more, credits earned) since the goal was set; streak: days.
 */
export const GOAL_METRICS = ['weight', 'workouts', 'streak'] as const;
export const GOAL_STATUSES = ['active', 'won', 'lost'] as const;

export const GOAL_TITLE_MAX = 80;
export const GOAL_TARGET_MAX = 1000;
export const GOAL_STAKE_MIN = 1;
export const GOAL_STAKE_MAX = 10_000;
export const MAX_GOAL_DAYS = 365;
/** The lowest healthy BMI; a weight goal may not aim below it. */
export const MIN_HEALTHY_BMI = 18.5;
/** The fastest safe weight loss a goal may ask for. */
export const MAX_KG_PER_WEEK = 1;
/** Share of a won goal's stake the community pool adds as a bonus (rounded down). */
export const GOAL_BONUS_RATE = 0.5;

/** Workouts and streak days are counted, so their targets are whole numbers; a weight may have decimals. */
export function needsWholeTarget(metric: (typeof GOAL_METRICS)[number]): boolean {
  return metric !== 'weight';
}

/**
 * Issue 17: a goal asks for real effort over real time. Per metric, the smallest step a goal may ask
 * for (workouts and streak days beyond today's streak, kg to lose) and the fewest days it may run.
 */
export const GOAL_MINIMUMS = {
  workouts: { step: 3, days: 7 },
  streak: { step: 3, days: 3 },
  weight: { step: 0.5, days: 14 },
} as const satisfies Record<(typeof GOAL_METRICS)[number], { step: number; days: number }>;

/** The most a goal may stake per unit of what it asks for: a workout, a streak day, a kg to lose. */
export const GOAL_STAKE_PER_UNIT = { workouts: 50, streak: 50, weight: 100 } as const satisfies Record<(typeof GOAL_METRICS)[number], number>;

/** The most a goal may stake for what it asks (`units`: workouts, streak days or kg to lose). */
export function maxGoalStake(metric: (typeof GOAL_METRICS)[number], units: number): number {
  return Math.floor(GOAL_STAKE_PER_UNIT[metric] * Math.max(0, units));
}
