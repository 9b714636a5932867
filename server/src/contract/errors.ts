import { z } from 'zod';

/**
 * Stable codes every error body carries, one list per domain. The client chooses what to show by
 * code (titles and messages may be reworded); the server's table `ERROR_STATUS`
 * (common/error-status.ts) gives each its HTTP status, and must name every code here.
 */
export const COMMON_ERRORS = [
  'VALIDATION_FAILED',
  'MALFORMED_ID',
  'MALFORMED_JSON',
  'BODY_TOO_LARGE',
  'BODY_ENCODING_INVALID',
  'AUTH_REQUIRED',
  'SESSION_INVALID',
  'OPERATOR_TOKEN_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'REQUEST_TIMEOUT',
  'RATE_LIMITED',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;

export const AUTH_ERRORS = [
  'AUTH_INVALID_WALLET',
  'AUTH_CHALLENGE_EXPIRED',
  'AUTH_BAD_SIGNATURE',
  'AUTH_WALLET_IN_USE',
  'AUTH_LOGIN_CODE_USED',
  'AUTH_X_NOT_CONFIGURED',
  'X_ACCOUNT_TAKEN',
  'X_ACCOUNT_OTHER_LINKED',
  'X_LINK_CODE_USED',
] as const;

export const JOB_ERRORS = ['JOB_QUEUE_UNAVAILABLE', 'JOB_TIMEOUT', 'JOB_FAILED', 'JOB_NOT_FOUND'] as const;

export const AI_ERRORS = ['AI_TIMEOUT', 'AI_MALFORMED_ANSWER', 'AI_UNAVAILABLE', 'AI_NO_CHAT_WORKOUT'] as const;

export const LEDGER_ERRORS = [
  'LEDGER_INSUFFICIENT_CREDITS',
  'LEDGER_BUSY',
  'LEDGER_ENTRY_NOT_FOUND',
  'LEDGER_REVERSAL_OF_REVERSAL',
] as const;

export const UPLOAD_ERRORS = [
  'UPLOAD_TOO_LARGE',
  'UPLOAD_UNSUPPORTED_TYPE',
  'UPLOAD_INTERRUPTED',
  'UPLOAD_MALFORMED',
  'UPLOAD_NOT_FOUND',
  'UPLOAD_NOT_FINISHED',
  'UPLOAD_URL_INVALID',
  'UPLOAD_URL_EXPIRED',
  'UPLOAD_URL_USED',
  'UPLOAD_WRONG_PURPOSE',
  'UPLOAD_FOREIGN_URL',
  'UPLOAD_SIZE_REQUIRED',
  'UPLOAD_BUSY',
  'UPLOAD_OFFSET_MISMATCH',
] as const;

export const PROOF_ERRORS = [
  'PROOF_MISSING',
  'PROOF_ALREADY_VALIDATED',
  'PROOF_NOTHING_PENDING',
  'PROOF_MEDIA_REUSED',
  'PROOF_TOO_OLD',
  'PROOF_INVALID_TIME_ZONE',
  'PROOF_REJECTED',
  'PROOF_FILE_NOT_FOUND',
  'PROOF_FILE_DELETED',
  'PROOF_FILE_FORBIDDEN',
] as const;

/** An activity file that cannot be read (corrupt, truncated, a zip bomb, too slow), or one already used. */
export const ACTIVITY_ERRORS = ['ACTIVITY_UNREADABLE', 'ACTIVITY_ALREADY_USED'] as const;

export const BMI_ERRORS = ['BMI_INVALID_MEASUREMENT', 'BMI_REPORT_UNREADABLE', 'BMI_REPORT_NOT_FOUND'] as const;

export const WORKOUT_ERRORS = [
  'WORKOUT_NOT_FOUND',
  'WORKOUT_UNKNOWN_EXERCISE',
  'WORKOUT_ALREADY_COMPLETED',
  'WORKOUT_EXERCISE_NOT_FOUND',
  'WORKOUT_NO_EQUIVALENT',
  'WORKOUT_EXERCISE_DONE',
  'WORKOUT_NOT_STARTED',
  'WORKOUT_TOO_EARLY',
  'WORKOUT_NOT_OPEN',
  'WORKOUT_TICKS_DIFFER',
  'WORKOUT_NEEDS_CLEARANCE',
] as const;

/** The training log: a set that does not fit its exercise, a key already spent, a session no longer open to it. */
export const LOG_ERRORS = [
  'LOG_SET_WRONG_KIND',
  'LOG_SET_IMPLAUSIBLE',
  'LOG_SET_REMOVED',
  'LOG_SET_KEY_TAKEN',
  'LOG_SESSION_COMPLETED',
  'LOG_SESSION_FULL',
  'LOG_EXERCISE_UNKNOWN',
] as const;

export const CREDIT_ERRORS = [
  'CREDITS_INVALID_COST',
  'CREDITS_ITEM_UNAVAILABLE',
  'CREDITS_DUPLICATE_REQUEST',
  'CREDITS_NOT_EARNED_YET',
  'CREDITS_ALREADY_EARNED',
  'TWEET_INVALID_URL',
  'TWEET_REFUSED',
  'TWEET_LOOKUP_NOT_CONFIGURED',
  'TWEET_LOOKUP_UNAVAILABLE',
  'TWEET_NO_X_ACCOUNT',
  'TWEET_NOT_YOURS',
  'TWEET_DAILY_CAP',
] as const;

export const GOAL_ERRORS = ['GOAL_INVALID', 'GOAL_METRIC_TAKEN', 'GOAL_SUBMISSION_SPENT'] as const;

export const PURCHASE_ERRORS = [
  'PURCHASE_INVALID_PACKAGE',
  'PURCHASE_WALLET_REQUIRED',
  'PURCHASE_NOT_VERIFIED',
  'PURCHASE_NOT_CONFIRMED',
  'PURCHASE_RPC_UNAVAILABLE',
  'PURCHASE_SIGNATURE_USED',
] as const;

export const USER_ERRORS = ['USER_UNKNOWN'] as const;

/** One code per profile field, so a client can show the refusal beside the field it names. */
export const PROFILE_ERRORS = [
  'PROFILE_INVALID_AGE',
  'PROFILE_INVALID_HEIGHT',
  'PROFILE_INVALID_WEIGHT',
  'PROFILE_INVALID_GOAL',
  'PROFILE_INVALID_EQUIPMENT',
  'PROFILE_INVALID_LIMITATIONS',
  'PROFILE_INVALID_UNITS',
  'PROFILE_INVALID_TIME_ZONE',
  'PROFILE_INVALID_HEALTH',
] as const;

export const PROGRAM_ERRORS = [
  'PROGRAM_NOT_FOUND',
  'PROGRAM_NOT_ACTIVE',
  'PROGRAM_NOT_PAUSED',
  'PROGRAM_FINISHED',
  'PROGRAM_TRAINED_TODAY',
] as const;

export const IMPORT_ERRORS = ['IMPORT_UNKNOWN_LAYOUT', 'IMPORT_NO_ROWS', 'IMPORT_MAPPING_INVALID'] as const;

export const ErrorCode = z.enum([
  ...COMMON_ERRORS,
  ...AUTH_ERRORS,
  ...JOB_ERRORS,
  ...AI_ERRORS,
  ...LEDGER_ERRORS,
  ...UPLOAD_ERRORS,
  ...PROOF_ERRORS,
  ...ACTIVITY_ERRORS,
  ...BMI_ERRORS,
  ...WORKOUT_ERRORS,
  ...LOG_ERRORS,
  ...CREDIT_ERRORS,
  ...GOAL_ERRORS,
  ...PURCHASE_ERRORS,
  ...USER_ERRORS,
  ...PROFILE_ERRORS,
  ...PROGRAM_ERRORS,
  ...IMPORT_ERRORS,
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** The one error shape every failure answers with. `error` is the short title a toast shows. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  code: ErrorCode,
  message: z.string(),
  error: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
