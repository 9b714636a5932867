import { DAY_MS } from './time-zones';

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
 * a goal asks for real effort over real time. Per metric, the smallest step a goal may ask
 * for (workouts and streak days beyond today's streak, kg to lose) and the fewest days it may run.
 */
export const GOAL_MINIMUMS = {
  workouts: { step: 3, days: 7 },
  streak: { step: 3, days: 3 },
  weight: { step: 0.5, days: 14 },
} as const satisfies Record<(typeof GOAL_METRICS)[number], { step: number; days: number }>;

/** The most a goal may stake per unit of what it asks for: a workout, a streak day, a kg to lose. */
export const GOAL_STAKE_PER_UNIT = { workouts: 50, streak: 50, weight: 100 } as const satisfies Record<
  (typeof GOAL_METRICS)[number],
  number
>;

/** The most a goal may stake for what it asks (`units`: workouts, streak days or kg to lose). */
export function maxGoalStake(metric: (typeof GOAL_METRICS)[number], units: number): number {
  return Math.floor(GOAL_STAKE_PER_UNIT[metric] * Math.max(0, units));
}

/** What one unit of each metric's effort is called, for hints and refusals. */
export const GOAL_EFFORT_UNITS = { workouts: 'workout', streak: 'streak day', weight: 'kg' } as const satisfies Record<
  (typeof GOAL_METRICS)[number],
  string
>;

/** A goal runs until the end of its deadline day (UTC). */
export function goalDeadlineEnd(day: string): Date {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS - 1);
}

/** How many days a goal with this deadline runs from `now`, a part day counting as one. */
export function goalDays(deadline: string, now: Date): number {
  return Math.ceil((goalDeadlineEnd(deadline).getTime() - now.getTime()) / DAY_MS);
}

/**
 * The first deadline (YYYY-MM-DD) a goal may have: the metric's minimum days, and for workouts and
 * streak days one a day at the most (`step`: the units it asks for).
 */
export function earliestGoalDeadline(metric: (typeof GOAL_METRICS)[number], step: number, now: Date): string {
  const days = Math.max(GOAL_MINIMUMS[metric].days, needsWholeTarget(metric) ? Math.ceil(step) : 0);
  // The deadline day counts whole however late it is now, so it is `days - 1` days after today.
  return new Date(now.getTime() + (days - 1) * DAY_MS).toISOString().slice(0, 10);
}
