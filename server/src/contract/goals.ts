import { z } from 'zod';

import { ObjectIdString } from './common';
import { singleLineText } from './text';
import { GOAL_METRICS, GOAL_STAKE_MAX, GOAL_STAKE_MIN, GOAL_STATUSES, GOAL_TARGET_MAX, GOAL_TITLE_MAX } from './values';

export const GoalMetric = z.enum(GOAL_METRICS);
export type GoalMetric = z.infer<typeof GoalMetric>;

export const GoalStatus = z.enum(GOAL_STATUSES);
export type GoalStatus = z.infer<typeof GoalStatus>;

/**
 * A calendar day, YYYY-MM-DD (UTC); a goal runs until the end of its deadline day. A day that does
 * not exist (2025-02-30) passes here and is refused by goals.rules with its own message; the
 * document says `format: date`, which admits real days only.
 */
export const DayString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .meta({ format: 'date', pattern: undefined });

export const CreateGoalRequest = z.strictObject({
  /** Optional; when sent it must be the signed-in user. */
  userId: ObjectIdString.optional(),
  title: singleLineText(z.string().trim().min(1, 'title is required').max(GOAL_TITLE_MAX)),
  metric: GoalMetric,
  targetValue: z.number().positive().max(GOAL_TARGET_MAX),
  deadline: DayString,
  creditsStaked: z.number().int().min(GOAL_STAKE_MIN).max(GOAL_STAKE_MAX),
  /** A fresh uuid per form submission makes a retried or repeated post create one goal (like redeem's). */
  requestId: z.uuid().optional(),
});
export type CreateGoalRequest = z.infer<typeof CreateGoalRequest>;

export const GoalView = z.object({
  id: z.string(),
  title: z.string(),
  metric: GoalMetric,
  creditsStaked: z.number().int(),
  currentValue: z.number(),
  targetValue: z.number(),
  deadline: z.string(),
  status: GoalStatus,
  /** Credits paid back on success (stake + pool bonus), null until won. */
  payout: z.number().int().nullable(),
  createdAt: z.string(),
});
export type GoalView = z.infer<typeof GoalView>;
export const GoalList = z.array(GoalView);
