/**
 * weight: kg to reach or go below, judged on analysed reports; workouts: sessions that count,
 * completed since the goal was set (one a day); streak: consecutive validated proof days since then.
 */
export const GOAL_METRICS = ['weight', 'workouts', 'streak'] as const;
type GoalMetricName = (typeof GOAL_METRICS)[number];
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

/**
 * The least a goal may ask for: its effort (sessions, streak days, kg to lose below the last
 * analysed report) and the days from today to its deadline. Three sessions in a week is the
 * usual minimum of a training plan; a 3-day streak needs 3 days; a body weight swings by about
 * 1 kg within a day (water, food), so less than 1 kg, or in less than two weeks, proves nothing.
 * Sessions and streak days count once a day, so their target may not outnumber the days.
 */
export const GOAL_MINIMUMS: Record<GoalMetricName, { effort: number; days: number }> = {
  workouts: { effort: 3, days: 7 },
  streak: { effort: 3, days: 3 },
  weight: { effort: 1, days: 14 },
};
/**
 * The most a goal may stake per unit of effort: per session, per streak day, per kg. A won goal's
 * bonus (half the stake) then stays below what the training itself pays (a 45-minute session pays
 * 21 credits; a 12-credit bonus per session is less), so the pool never pays more for the bet.
 */
export const GOAL_STAKE_PER_EFFORT: Record<GoalMetricName, number> = { workouts: 25, streak: 20, weight: 100 };

/** What one unit of a goal's effort is called, in the refusals and the add-goal dialog's hints. */
export const GOAL_EFFORT_UNITS: Record<GoalMetricName, string> = { workouts: 'session', streak: 'streak day', weight: 'kg' };

/** Whole days from today (UTC) to a YYYY-MM-DD deadline: 1 for tomorrow. */
export function goalDays(deadline: string, now: Date): number {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  return Math.round((Date.parse(`${deadline}T00:00:00Z`) - today) / 86_400_000);
}

/** The largest stake a goal of this effort may carry (whole credits). */
export function goalStakeCap(metric: GoalMetricName, effort: number): number {
  return Math.floor(GOAL_STAKE_PER_EFFORT[metric] * effort + 1e-9);
}

/** Workouts and streak days are counted, so their targets are whole numbers; a weight may have decimals. */
export function needsWholeTarget(metric: GoalMetricName): boolean {
  return metric !== 'weight';
}
