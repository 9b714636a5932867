import { z } from 'zod';
import { ObjectIdString } from './common';
import { text } from './text';

/** weight: kg to reach or go below; workouts: sessions completed since the goal was set; streak: days. */
export const GoalMetric = z.enum(['weight', 'workouts', 'streak']);
export type GoalMetric = z.infer<typeof GoalMetric>;

export const GoalStatus = z.enum(['active', 'won', 'lost']);
export type GoalStatus = z.infer<typeof GoalStatus>;

/** A calendar day, YYYY-MM-DD (UTC); a goal runs until the end of its deadline day. */
export const DayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

export const CreateGoalRequest = z.strictObject({
  /** Optional; when sent it must be the signed-in user. */
  userId: ObjectIdString.optional(),
  title: text(z.string().trim().min(1, 'title is required').max(80)),
  metric: GoalMetric,
  targetValue: z.number().positive().max(1000),
  deadline: DayString,
  creditsStaked: z.number().int().min(1).max(10_000),
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
