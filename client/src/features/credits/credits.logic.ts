/** Pure rules of the credits screen: SPEC §5 tweet-URL check, §9 constants, goal bars and the add-goal minimums, the balance chart. */
import type { EarnAction, GoalMetric, GoalView, TransactionView } from '@contract';
import { GOAL_EFFORT_UNITS, GOAL_MINIMUMS, GOAL_STAKE_PER_EFFORT, TWEET_HOSTS, WEEKLY_STREAK_DAYS, needsWholeTarget } from '@contract/values';
import type { ChartPoint } from '../../ui/charts';
import { shortDate } from '../../ui/dates';

/** SPEC §5: non-empty and on one of the two public hosts; the server reads the status id itself. */
export function isTweetUrl(input: string): boolean {
  const url = input.trim().toLowerCase();
  return url.length > 0 && TWEET_HOSTS.some((host) => url.includes(host));
}

/** The X compose page prefilled with the user's referral link (TWEET_AND_EARN). */
export function tweetIntentUrl(referralLink: string): string {
  const text = `I train and earn Sweat Credits for every workout. Join me: ${referralLink}`;
  return `https://x.com/intent/tweet?text=${encodeURIComponent(text)}`;
}

/** What the server checks before it pays each earning action (the actions and amounts are the contract's EARNING_ACTIONS). */
export const EARN_CONDITIONS: Record<EarnAction, string> = {
  workout: 'Finish a training session today',
  streak: `Reach a ${WEEKLY_STREAK_DAYS}-day proof streak`,
  weight: 'Record your weight today (BMI calculator)',
  steps: 'Validate an activity-watch proof today',
};

/**
 * Width of a goal's bar in percent (0–100). SPEC §2: current over target. A weight goal is reached
 * by going down to the target, so its bar is target over current.
 */
export function goalProgressPercent(goal: Pick<GoalView, 'metric' | 'currentValue' | 'targetValue'>): number {
  const { currentValue: current, targetValue: target } = goal;
  if (current <= 0 || target <= 0) return 0;
  const ratio = goal.metric === 'weight' ? target / current : current / target;
  return Math.round(Math.min(1, ratio) * 100);
}

/** Balance after each loaded ledger row, oldest first, for the balance-over-time chart. */
export function balancePoints(rowsNewestFirst: readonly TransactionView[]): ChartPoint[] {
  return [...rowsNewestFirst].reverse().map((row) => ({ label: shortDate(row.createdAt), value: row.balance }));
}

export function formatDelta(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** Tomorrow (UTC) as YYYY-MM-DD: the earliest deadline the add-goal dialog offers. */
/**
 * A request id that makes a retried money request count once. Outside a secure context (plain
 * http on a LAN address) randomUUID is missing: undefined, and the server makes one up.
 */
export function newRequestId(): string | undefined {
  return globalThis.crypto?.randomUUID?.();
}

export function tomorrow(now = new Date()): string {
  return dayAfter(1, now);
}

/** YYYY-MM-DD (UTC) this many days from now. */
export function dayAfter(days: number, now = new Date()): string {
  return new Date(now.getTime() + days * 24 * 3600_000).toISOString().slice(0, 10);
}

/**
 * The earliest deadline a goal may have, as the server rules it: the metric's minimum days, and
 * for counted targets one session or streak day a day.
 */
export function earliestGoalDeadline(metric: GoalMetric, target: number, now = new Date()): string {
  const oneADay = needsWholeTarget(metric) && Number.isInteger(target) ? target : 0;
  return dayAfter(Math.max(GOAL_MINIMUMS[metric].days, oneADay), now);
}

/** The hints beside the add-goal fields: the least a goal of this metric asks for, and what it may stake. */
export function goalHints(metric: GoalMetric): { target: string; deadline: string; stake: string } {
  const { effort, days } = GOAL_MINIMUMS[metric];
  const perEffort = `up to ${GOAL_STAKE_PER_EFFORT[metric]} credits per ${GOAL_EFFORT_UNITS[metric]}`;
  const target: Record<GoalMetric, string> = {
    workouts: `At least ${effort} sessions; one a day counts, with at least half of its exercises done`,
    streak: `At least ${effort} days in a row of validated daily proofs`,
    weight: `At least ${effort} kg below your last analysed BMI or body-scan report that states your weight (the calculator's weight does not count)`,
  };
  return { target: target[metric], deadline: `At least ${days} days from today`, stake: `Stake ${perEffort}${metric === 'weight' ? ' to lose' : ''}` };
}
