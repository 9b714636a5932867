import type { ErrorCode } from '@contract';

/**
 * docs/product.md toast titles for refusals, chosen by the server's error code: the server's own title
 * may be reworded without changing what the client shows. Codes not here show the server's title.
 */
export const SPEC_TOAST_TITLES: Partial<Record<ErrorCode, string>> = {
  LEDGER_INSUFFICIENT_CREDITS: 'Insufficient Credits',
  TWEET_INVALID_URL: 'Invalid Tweet URL',
  TWEET_REFUSED: 'Validation Failed',
  AI_NO_CHAT_WORKOUT: 'Generation Failed',
  BMI_REPORT_UNREADABLE: 'Analysis Failed',
};

/** Refusals of what the user typed (docs/product.md BMI checks among them): the toast says what was wrong. */
export const INPUT_REFUSALS: Partial<Record<ErrorCode, true>> = {
  VALIDATION_FAILED: true,
  BMI_INVALID_MEASUREMENT: true,
};

/**
 * Completions refused by a session rule — not started, before half the planned minutes, a workout
 * replaced or closed, ticks changed elsewhere: the server's message says from when or why.
 */
export const SESSION_REFUSALS: Partial<Record<ErrorCode, true>> = {
  WORKOUT_NOT_STARTED: true,
  WORKOUT_TOO_EARLY: true,
  WORKOUT_NOT_OPEN: true,
  WORKOUT_TICKS_DIFFER: true,
};
