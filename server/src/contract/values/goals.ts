/** weight: kg to reach or go below; workouts: sessions completed since the goal was set; streak: days. */
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
