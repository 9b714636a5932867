/** Pure rules of the credits screen: SPEC §5 tweet-URL check, §9 constants, goal bars, the balance chart. */
import type { GoalView, TransactionView } from '@contract';
import { TWEET_HOSTS } from '@contract/values';
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
  return [...rowsNewestFirst].reverse().map((row) => ({ label: shortDate(row.createdAt), value: row.balance, at: row.createdAt }));
}

export function formatDelta(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/**
 * A request id that makes a retried money request count once. Outside a secure context (plain
 * http on a LAN address) randomUUID is missing: undefined, and the server makes one up.
 */
export function newRequestId(): string | undefined {
  return globalThis.crypto?.randomUUID?.();
}

/** Tomorrow (UTC) as YYYY-MM-DD: the earliest deadline the add-goal dialog offers. */
export function tomorrow(now = new Date()): string {
  return new Date(now.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
}
