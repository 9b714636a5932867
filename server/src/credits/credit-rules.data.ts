/**
 * Every way credits move, one row per rule: docs/product.md's Credits table is this table
 * (credit-rules.data.spec.ts keeps the two equal), and each rule reads its row for where it pays.
 */
import {
  DAILY_PAID_MINUTES,
  type EarnAction,
  EARNING_ACTIONS,
  GOAL_BONUS_RATE,
  REFERRAL_CREDITS,
  TWEET_CREDITS,
  TWEET_DAILY_CAP,
  WEEKLY_STREAK_DAYS,
} from '../contract';

export type CreditMovement = 'pending' | 'validated' | 'earned' | 'staked' | 'won' | 'lost' | 'spent';

export interface CreditRule {
  /** What the member does, as the screens name it. */
  name: string;
  movement: CreditMovement;
  /** The account it moves: the balance, pending credits (validated with a proof day), or the community pool. */
  account: 'balance' | 'pending' | 'pool';
  credits: string;
  cap: string;
  /** Which day it counts on, and in which time zone. */
  day: string;
  /** What the server checks before anything moves. */
  checksFirst: string;
}

const EARNING_DAY = 'the earning day: the zone of the last validated proof day (sign-up zone before one)';

export const CREDIT_RULES = {
  session: {
    name: 'Completed session',
    movement: 'pending',
    account: 'pending',
    credits: 'round(reward × share of exercises ticked)',
    cap: `sessions planning ${DAILY_PAID_MINUTES} minutes a day are paid; later ones are recorded, not paid`,
    day: "the day it started, in the profile's zone; a new zone applies once the last paid day is over there",
    checksFirst: 'the open session, started, half its minutes passed, the ticks the server stored',
  },
  completeWorkout: {
    name: `${EARNING_ACTIONS.workout.title} (claim)`,
    movement: 'pending',
    account: 'pending',
    credits: `+${EARNING_ACTIONS.workout.credits}`,
    cap: 'once per earning day',
    day: EARNING_DAY,
    checksFirst: 'a counted session (half its exercises or more, credits earned) completed that day',
  },
  proofDay: {
    name: 'Daily proof validation',
    movement: 'validated',
    account: 'balance',
    credits: 'all pending credits, in one entry',
    cap: 'once per day',
    day: 'the day in the zone the browser sends; that zone becomes the earning zone',
    checksFirst: 'three proofs uploaded today, not used before, pending credits above 0, today not validated',
  },
  weeklyStreak: {
    name: EARNING_ACTIONS.streak.title,
    movement: 'earned',
    account: 'balance',
    credits: `+${EARNING_ACTIONS.streak.credits}`,
    cap: 'once per ISO week of the earning day',
    day: EARNING_DAY,
    checksFirst: `a current proof streak of ${WEEKLY_STREAK_DAYS} days or more`,
  },
  logWeight: {
    name: EARNING_ACTIONS.weight.title,
    movement: 'earned',
    account: 'balance',
    credits: `+${EARNING_ACTIONS.weight.credits}`,
    cap: 'once per earning day',
    day: EARNING_DAY,
    checksFirst: 'a calculator record or analysed report stored that day',
  },
  steps: {
    name: EARNING_ACTIONS.steps.title,
    movement: 'earned',
    account: 'balance',
    credits: `+${EARNING_ACTIONS.steps.credits}`,
    cap: 'once per earning day',
    day: EARNING_DAY,
    checksFirst: "10,000 steps read from the day's imported activity files",
  },
  post: {
    name: 'Post with the referral link on X',
    movement: 'earned',
    account: 'balance',
    credits: `+${TWEET_CREDITS}`,
    cap: `${TWEET_DAILY_CAP} post per earning day; each post once ever (its canonical id)`,
    day: EARNING_DAY,
    checksFirst: "the post exists, carries the member's link and was posted by the member's linked X account",
  },
  referral: {
    name: 'Referred friend',
    movement: 'earned',
    account: 'balance',
    credits: `+${REFERRAL_CREDITS} to the referrer`,
    cap: 'once per friend',
    day: "the friend's first validated proof day after a counted session",
    checksFirst: 'the friend signed up through the link and has a counted session',
  },
  goalStake: {
    name: 'Prediction goal set',
    movement: 'staked',
    account: 'balance',
    credits: '− the stake',
    cap: 'one open goal per metric; a stake in proportion to the effort asked',
    day: 'the instant it is set; it counts only what happens after',
    checksFirst: 'a target reachable by the deadline at the metric’s pace, the balance covers the stake',
  },
  goalWon: {
    name: 'Prediction goal reached',
    movement: 'won',
    account: 'balance',
    credits: `+ the stake + ${GOAL_BONUS_RATE * 100}% bonus from the pool (while it can pay)`,
    cap: 'once per goal',
    day: 'any time before the end of the deadline day (UTC)',
    checksFirst: 'the metric counted since the goal was set reaches the target',
  },
  goalLost: {
    name: 'Prediction goal missed',
    movement: 'lost',
    account: 'pool',
    credits: 'the stake goes to the pool',
    cap: 'once per goal',
    day: 'after the end of the deadline day (UTC)',
    checksFirst: 'the target was not reached by then',
  },
  redeem: {
    name: 'Marketplace redeem',
    movement: 'spent',
    account: 'balance',
    credits: '− the catalogue cost',
    cap: 'once per request id',
    day: 'none',
    checksFirst: 'the catalogue cost, the item available, the balance covers it',
  },
  purchase: {
    name: 'Credit package bought with SOL',
    movement: 'earned',
    account: 'balance',
    credits: '+ the package credits',
    cap: 'once per transaction signature',
    day: 'none',
    checksFirst: 'a confirmed devnet transfer of the package price to the treasury',
  },
} as const satisfies Record<string, CreditRule>;

export type CreditRuleId = keyof typeof CREDIT_RULES;

/** The row each earning action's CLAIM follows. */
export const EARN_ACTION_RULES: Record<EarnAction, CreditRuleId> = {
  workout: 'completeWorkout',
  streak: 'weeklyStreak',
  weight: 'logWeight',
  steps: 'steps',
};

/** The table as docs/product.md states it (Markdown). */
export function creditRulesTable(): string {
  const header = ['Rule', 'Moves', 'Account', 'Credits', 'Cap', 'Day (zone)', 'Checked first'];
  const rows = Object.values(CREDIT_RULES).map((rule: CreditRule) => [
    rule.name,
    rule.movement,
    rule.account,
    rule.credits,
    rule.cap,
    rule.day,
    rule.checksFirst,
  ]);
  return [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
