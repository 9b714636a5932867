/** SPEC.md section 9, Earning actions: what each pays, and its name on the card and the ledger. */
export const EARN_ACTIONS = ['workout', 'streak', 'weight', 'steps'] as const;
export const EARNING_ACTIONS: Record<(typeof EARN_ACTIONS)[number], { title: string; credits: number }> = {
  workout: { title: 'Complete Workout', credits: 10 },
  streak: { title: 'Weekly Streak', credits: 50 },
  weight: { title: 'Log Weight', credits: 5 },
  steps: { title: '10K Steps', credits: 15 },
};
/** "10K Steps": the steps read from the day's imported activity files must reach this. */
export const DAILY_STEPS_TARGET = 10_000;

/** A "Weekly Streak" is a current streak of at least this many days. */
export const WEEKLY_STREAK_DAYS = 7;

/** A validated post with the referral link; a friend who signs up through it and validates a first day. */
export const TWEET_CREDITS = 50;
export const REFERRAL_CREDITS = 100;

/** SPEC §5: the social network's two public hosts. */
export const TWEET_HOSTS = ['twitter.com', 'x.com'] as const;
