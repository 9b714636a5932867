/** Pure rules of spending and earning: the catalogue, earn amounts, tweet URLs, voucher codes, pool bonus. */
import {
  DAILY_STEPS_TARGET,
  type EarnAction,
  type EarnActionState,
  EARNING_ACTIONS,
  GOAL_BONUS_RATE,
  MARKETPLACE_COSTS,
  type MarketplaceItem,
  TWEET_URL,
  WEEKLY_STREAK_DAYS,
} from '../contract';
import { CREDIT_RULES, EARN_ACTION_RULES } from './credit-rules.data';

/** docs/product.md(all available). */
export const MARKETPLACE: readonly MarketplaceItem[] = [
  {
    id: 'protein-discount',
    title: 'Protein Discount',
    description: '20% off protein powder',
    cost: MARKETPLACE_COSTS['protein-discount'],
    category: 'discount',
    available: true,
    icon: 'percent',
  },
  {
    id: 'gym-pass',
    title: 'Gym Pass',
    description: 'One-day guest pass',
    cost: MARKETPLACE_COSTS['gym-pass'],
    category: 'access',
    available: true,
    icon: 'ticket',
  },
  {
    id: 'supplement-bundle',
    title: 'Supplement Bundle',
    description: 'Pre-workout + recovery',
    cost: MARKETPLACE_COSTS['supplement-bundle'],
    category: 'product',
    available: true,
    icon: 'package',
  },
  {
    id: 'nutrition-plan',
    title: 'Nutrition Plan',
    description: 'Custom meal planning',
    cost: MARKETPLACE_COSTS['nutrition-plan'],
    category: 'service',
    available: true,
    icon: 'clipboard',
  },
];

export function findItem(itemId: string): MarketplaceItem | undefined {
  return MARKETPLACE.find((item) => item.id === itemId);
}

/**
 * The period an earning action can be claimed once in: the Weekly Streak once per ISO week (a
 * long streak must not pay +50 every day), the others once per day. `day` is YYYY-MM-DD.
 */
export function earnPeriod(action: EarnAction, day: string): { key: string; label: 'today' | 'this week' } {
  if (action !== 'streak') return { key: day, label: 'today' };
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7; // ISO: Monday 1 … Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday decides the ISO year
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return { key: `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`, label: 'this week' };
}

/** The ledger key that makes an earning action pay once per period. */
export function earnKey(userId: string, action: EarnAction, day: string): string {
  return `earn:${action}:${userId}:${earnPeriod(action, day).key}`;
}

/** What each earning action asks for in its period, and the words for it while it is missing. */
const EARN_REQUIREMENTS: Record<
  EarnAction,
  { target: number; unit: string | null; todo: (current: number) => string }
> = {
  workout: { target: 1, unit: null, todo: () => 'Complete at least half of a workout today' },
  streak: {
    target: WEEKLY_STREAK_DAYS,
    unit: 'days',
    todo: (current) => `${current}/${WEEKLY_STREAK_DAYS} days to Weekly Streak`,
  },
  weight: { target: 1, unit: null, todo: () => 'Log your weight today (BMI calculator)' },
  steps: {
    target: DAILY_STEPS_TARGET,
    unit: 'steps',
    todo: (current) =>
      `${current.toLocaleString('en-US')}/${DAILY_STEPS_TARGET.toLocaleString('en-US')} steps in today's imported activity files`,
  },
};

/**
 * The one rule of an earning action, for CLAIM and for its card. `done` is how much of it the user
 * has done in its period (the current streak's days, the day's imported steps; 1 or 0 for the others), `alreadyClaimed`
 * whether the period's credit was posted (`earnKey`).
 */
export function earnActionState(
  action: EarnAction,
  day: string,
  done: number,
  alreadyClaimed: boolean,
): EarnActionState {
  const { target, unit, todo } = EARN_REQUIREMENTS[action];
  const current = Math.min(done, target);
  const claimable = !alreadyClaimed && current >= target;
  let missing: string | null = null;
  if (alreadyClaimed) missing = `Already claimed ${earnPeriod(action, day).label}`;
  else if (!claimable) missing = todo(current);
  const pending = CREDIT_RULES[EARN_ACTION_RULES[action]].account === 'pending';
  return {
    action,
    credits: EARNING_ACTIONS[action].credits,
    claimable,
    alreadyClaimed,
    progress: unit ? { current, target, unit } : null,
    missing,
    pending,
  };
}

export function goalBonus(stake: number): number {
  return Math.floor(stake * GOAL_BONUS_RATE);
}

export const POOL_RULES = [
  'The community pool is a shared ledger account that opened with 12,450 credits.',
  'Stake credits on a prediction goal: the stake leaves your balance when you set the goal.',
  `Reach the goal by its deadline: your stake comes back plus a ${GOAL_BONUS_RATE * 100}% bonus paid by the pool (while the pool can afford it).`,
  'Miss the deadline: your stake goes into the pool and funds other members’ bonuses.',
];

/** The ledger key of the `slot`th paid post of a member's earning day (posts pay a few a day at most). */
export function tweetDayKey(userId: string, day: string, slot: number): string {
  return `tweet:${userId}:${day}:${slot}`;
}

/** The status id of a post URL on twitter.com or x.com (TWEET_URL), or null. */
export function parseTweetId(input: string): string | null {
  return TWEET_URL.exec(input)?.[1] ?? null;
}

export interface TweetContent {
  text: string;
  expandedUrls: string[];
}

/**
 * True when the post carries the referral link, in its text or as an expanded link (X shortens
 * links in the text to t.co). Compared without scheme, `www.`, host case or trailing punctuation;
 * the path keeps its case because usernames are case-sensitive.
 */
export function tweetContainsLink(tweet: TweetContent, link: string): boolean {
  const wanted = normalizeLink(link);
  const inText = tweet.text
    .split(/\s+/)
    .map(normalizeLink)
    .some((word) => word === wanted);
  return inText || tweet.expandedUrls.map(normalizeLink).includes(wanted);
}

function normalizeLink(value: string): string {
  const bare = value
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/[/.,!?)]+$/, '');
  const slash = bare.indexOf('/');
  return slash === -1 ? bare.toLowerCase() : bare.slice(0, slash).toLowerCase() + bare.slice(slash);
}

const VOUCHER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A readable voucher code like `GYM-7K2Q-9XWD` from random bytes (no 0/O/1/I to misread). */
export function voucherCode(itemId: string, randomBytes: Uint8Array): string {
  const chars = Array.from(randomBytes.slice(0, 8), (b) => VOUCHER_ALPHABET[b % VOUCHER_ALPHABET.length]).join('');
  const prefix = itemId.split('-')[0].slice(0, 4).toUpperCase();
  return `${prefix}-${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}

/** docs/product.md refusal for a spend the balance cannot cover (goals reuse the title for stakes). */
export const INSUFFICIENT_CREDITS = {
  message: "You don't have enough credits for this item",
  title: 'Insufficient Credits',
};
