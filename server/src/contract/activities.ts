import { z } from 'zod';

import { ObjectIdString, TimeZoneName } from './common';
import { ACTIVITY_CHECKS, ACTIVITY_FORMAT_NAMES, ACTIVITY_KINDS, type ActivityFormat } from './values';

export const ActivityKind = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKind>;
export const ActivityFormatName = z.enum(ACTIVITY_FORMAT_NAMES as [ActivityFormat, ...ActivityFormat[]]);

/** What was read from an activity file: the figures the format carries, null where it has none. */
export const ActivitySummary = z.object({
  format: ActivityFormatName,
  kind: ActivityKind,
  startedAt: z.string(),
  durationSeconds: z.number().int().min(0),
  distanceMeters: z.number().min(0).nullable(),
  heartRateAvg: z.number().int().nullable(),
  heartRateMax: z.number().int().nullable(),
  calories: z.number().int().min(0).nullable(),
  steps: z.number().int().min(0).nullable(),
  /** The recording device as the file names it ("Garmin fr255Music", "Apple Watch"). */
  device: z.string().nullable(),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;

/** One rule an activity file was checked against, and why it passed or not. */
export const ActivityCheck = z.object({ name: z.enum(ACTIVITY_CHECKS), passed: z.boolean(), reason: z.string() });
export type ActivityCheck = z.infer<typeof ActivityCheck>;

/** POST /api/activities/read: what the file shows and whether the daily proof would accept it. */
export const ActivityVerdict = z.object({
  accepted: z.boolean(),
  checks: z.array(ActivityCheck),
  activity: ActivitySummary,
});
export type ActivityVerdict = z.infer<typeof ActivityVerdict>;

/** POST /api/activities/read: an activity file the caller uploaded to the activity slot. */
export const ActivityReadRequest = z.strictObject({
  fileUrl: z.string().min(1).max(2048),
  timeZone: TimeZoneName.optional(),
});
export type ActivityReadRequest = z.infer<typeof ActivityReadRequest>;

/** One imported activity in GET /api/activities/{userId}, newest first. */
export const ActivityView = ActivitySummary.extend({
  id: ObjectIdString,
  /** The proof day it validated (YYYY-MM-DD in the user's time zone). */
  day: z.string(),
});
export type ActivityView = z.infer<typeof ActivityView>;
export const ActivityList = z.array(ActivityView);
