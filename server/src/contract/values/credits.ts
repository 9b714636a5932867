/** docs/product.md: what each pays, and its name on the card and the ledger. */
export const EARN_ACTIONS = ['workout', 'streak', 'weight', 'steps'] as const;
export const EARNING_ACTIONS: Record<(typeof EARN_ACTIONS)[number], { title: string; credits: number }> = {
  workout: { title: 'Complete Workout', credits: 10 },
  streak: { title: 'Weekly Streak', credits: 50 },
  weight: { title: 'Log Weight', credits: 5 },
  steps: { title: '10K Steps', credits: 15 },
};
/** The words every screen uses for credits waiting for a proof day (toasts, EARNING cards, the banner). */
export function pendingCreditsText(credits: number): string {
  return `${credits} credit${credits === 1 ? '' : 's'} pending: prove today to validate them`;
}

/** "10K Steps": the steps read from the day's imported activity files must reach this. */
export const DAILY_STEPS_TARGET = 10_000;

/** A "Weekly Streak" is a current streak of at least this many days. */
export const WEEKLY_STREAK_DAYS = 7;

/** A validated post with the referral link; a friend who signs up through it and validates a first day. */
export const TWEET_CREDITS = 50;
/** Posts with the referral link that pay per earning day. */
export const TWEET_DAILY_CAP = 1;
export const REFERRAL_CREDITS = 100;

/** docs/product.md: the social network's two public hosts. */
export const TWEET_HOSTS = ['twitter.com', 'x.com'] as const;

/** Letters in either case, dots literal: a pattern without flags (JSON Schema's have none). */
const anyCase = (text: string) => text.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`).replace(/\./g, '\\.');

/**
 * A post's URL on X as the server reads it, and the OpenAPI document states it: http(s), a host
 * (www. and mobile. too; scheme and host in any case), `/<user>/status/<id>` or
 * `/i/web/status/<id>`, then more path segments (`/photo/1`) and a query; spaces around. Group 1
 * is the post's id.
 */
export const TWEET_URL_PATTERN =
  `^ *${anyCase('http')}${anyCase('s')}?://(?:(?:${anyCase('www')}|${anyCase('mobile')})\\.)?(?:${TWEET_HOSTS.map(anyCase).join('|')})` +
  '/(?:[A-Za-z0-9_]{1,15}|i/web)/status(?:es)?/([0-9]{1,19})(?:/[A-Za-z0-9_-]*)*(?:\\?[A-Za-z0-9_=&%.~+,:/-]*)? *$';
export const TWEET_URL = new RegExp(TWEET_URL_PATTERN);

/** docs/product.md: each item's cost in credits (the catalogue: credits.rules MARKETPLACE). */
export const MARKETPLACE_COSTS = {
  'protein-discount': 250,
  'gym-pass': 150,
  'supplement-bundle': 400,
  'nutrition-plan': 300,
} as const;

/** docs/product.md: the only combinations of credits and SOL sold. */
export const CREDIT_PACKAGE_PRICES = [
  { credits: 100, sol: 0.001, usd: 0.2 },
  { credits: 500, sol: 0.005, usd: 0.95 },
  { credits: 1000, sol: 0.009, usd: 1.8 },
  { credits: 2500, sol: 0.02, usd: 4.25 },
] as const;
