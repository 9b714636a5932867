/** Pure rules of the credits screen: docs/product.md tweet-URL check, §9 constants, goal bars, the balance chart. */
import type { GoalMetric, GoalView, MarketplaceItem, TransactionView, UnitSystem, UserView } from '@contract';
import {
  GOAL_EFFORT_UNITS,
  GOAL_MINIMUMS,
  GOAL_STAKE_PER_UNIT,
  KG_PER_POUND,
  LEDGER_PAGE_SIZE,
  MAX_KG_PER_WEEK,
  pendingCreditsText,
  TWEET_HOSTS,
} from '@contract/values';

import type { ChartPoint } from '../../ui/charts';
import { shortDate } from '../../ui/dates';
import { parseWeight, readNumber, weightIn, weightUnit } from '../profile/units';

/** docs/product.md: non-empty and on one of the two public hosts; the server reads the status id itself. */
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
 * Width of a goal's bar in percent (0–100). docs/product.md: current over target. A weight goal is reached
 * by going down to the target, so its bar is target over current.
 */
export function goalProgressPercent(goal: Pick<GoalView, 'metric' | 'currentValue' | 'targetValue'>): number {
  const { currentValue: current, targetValue: target } = goal;
  if (current <= 0 || target <= 0) return 0;
  const ratio = goal.metric === 'weight' ? target / current : current / target;
  return Math.round(Math.min(1, ratio) * 100);
}

const COUNTED_UNITS = { workouts: 'WORKOUT DAYS', streak: 'DAYS' } as const;

/** "4 / 10 WORKOUT DAYS" (days with a session that counts, as the server counts them), "80 / 78.9 KG", "176.4 / 173.9 LB": a goal's progress, weights (stored in kg) in the user's units. */
export function goalAmounts(
  goal: Pick<GoalView, 'metric' | 'currentValue' | 'targetValue'>,
  units: UnitSystem,
): string {
  if (goal.metric !== 'weight') return `${goal.currentValue} / ${goal.targetValue} ${COUNTED_UNITS[goal.metric]}`;
  return `${weightIn(goal.currentValue, units)} / ${weightIn(goal.targetValue, units)} ${weightUnit(units).toUpperCase()}`;
}

/**
 * A typed target as the server takes it: a weight typed in the user's unit, in kg; a count as typed.
 * A decimal comma reads as a point ("78,5"); null when empty, NaN when not a number.
 */
export function goalTarget(metric: GoalMetric, typed: string, units: UnitSystem): number | null {
  return metric === 'weight' ? parseWeight(typed, units) : readNumber(typed);
}

/** Balance after each loaded ledger row, oldest first, for the balance-over-time chart. */
export function balancePoints(rowsNewestFirst: readonly TransactionView[]): ChartPoint[] {
  return [...rowsNewestFirst]
    .reverse()
    .map((row) => ({ label: shortDate(row.createdAt), value: row.balance, at: row.createdAt }));
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

/** The hints beside the add-goal fields: the least a goal of this metric asks for, and what it may stake (weights in the user's unit). */
export function goalHints(
  metric: GoalMetric,
  currentStreak: number,
  units: UnitSystem,
): { target: string; deadline: string; stake: string } {
  const { step, days } = GOAL_MINIMUMS[metric];
  const weight = (kg: number) => `${weightIn(kg, units)} ${weightUnit(units)}`;
  const target: Record<GoalMetric, string> = {
    workouts: `At least ${step} days with a session that counts (moderate or intense, credits earned), from the goal's start`,
    streak: `At least ${currentStreak + step}: ${step} validated proof days beyond your streak of ${currentStreak}, one a day`,
    weight: `At least ${weight(step)} below the weight of your last analysed body-scan report (the calculator's weight does not count)`,
  };
  if (metric === 'weight') {
    // The server's cap is per kg; per pound it is rounded down so the hint never promises more.
    const perUnit =
      units === 'metric' ? GOAL_STAKE_PER_UNIT.weight : Math.floor(GOAL_STAKE_PER_UNIT.weight * KG_PER_POUND);
    return {
      target: target.weight,
      deadline: `At least ${days} days from today; at most ${weight(MAX_KG_PER_WEEK)} per week`,
      stake: `Up to ${perUnit} credits per ${weightUnit(units)} to lose`,
    };
  }
  const unit = GOAL_EFFORT_UNITS[metric];
  return {
    target: target[metric],
    deadline: `At least ${days} days from today, and a day for each ${unit}`,
    stake: `Up to ${GOAL_STAKE_PER_UNIT[metric]} credits per ${unit}`,
  };
}

/**
 * Why REDEEM refuses an item now, in words beside the button; null when it may be pressed. Credits
 * still pending count for nothing until a proof day validates them, and the reason says so.
 */
export function redeemBlockedReason(
  item: Pick<MarketplaceItem, 'available' | 'cost'>,
  user: Pick<UserView, 'sweatCredits' | 'pendingCredits'>,
  redeeming: boolean,
): string | null {
  if (!item.available) return 'Not available right now';
  if (redeeming) return 'Another redeem is being processed';
  if (user.sweatCredits >= item.cost) return null;
  const short = `Needs ${item.cost - user.sweatCredits} more credits`;
  return user.pendingCredits > 0 ? `${short}; ${pendingCreditsText(user.pendingCredits)}` : short;
}

/**
 * The ledger's next page: older than the last entry shown, when that page was full. RTK Query also
 * asks with no page yet (an entry whose pages were reset): then there is none.
 */
export function nextLedgerPage(lastPage: TransactionView[] | undefined): number | undefined {
  return lastPage && lastPage.length >= LEDGER_PAGE_SIZE ? lastPage[lastPage.length - 1].seq : undefined;
}
