import { z } from 'zod';

import { ObjectIdString } from './common';
import { ErrorCode } from './errors';
import {
  HISTORY_PAGE_SIZE,
  LOGGED_SET_KINDS,
  LOGGED_SET_SOURCES,
  PERSONAL_RECORD_KINDS,
  RPE_RANGE,
  SET_CHANGES_MAX,
  SET_KEY_PATTERN,
} from './values';
import { MuscleGroup } from './workouts';

/** docs/product.md, Training log: what a logged set measures. */
export const LoggedSetKind = z.enum(LOGGED_SET_KINDS);
export type LoggedSetKind = z.infer<typeof LoggedSetKind>;
export const LoggedSetSource = z.enum(LOGGED_SET_SOURCES);
export type LoggedSetSource = z.infer<typeof LoggedSetSource>;
export const PersonalRecordKind = z.enum(PERSONAL_RECORD_KINDS);
export type PersonalRecordKind = z.infer<typeof PersonalRecordKind>;

/** A client-made key naming one set for good: logging it again edits it, never adds a second. */
export const SetKey = z.string().regex(SET_KEY_PATTERN, 'must be 8–64 letters, digits, - or _');

/**
 * What was done in one set, metric only (the client converts lb and miles). The fields the
 * exercise's dose needs are required by the server, the others refused (LOG_SET_WRONG_KIND):
 * reps → `reps` (and `loadKg`, absent or 0 for bodyweight); time → `seconds`; distance → `meters`
 * and `seconds`. Bounds per exercise are the server's plausibility data (LOG_SET_IMPLAUSIBLE).
 */
export const SetMeasures = z.strictObject({
  reps: z.number().int().optional(),
  loadKg: z.number().finite().optional(),
  seconds: z.number().finite().optional(),
  meters: z.number().finite().optional(),
  rpe: z.number().min(RPE_RANGE.min).max(RPE_RANGE.max).multipleOf(RPE_RANGE.step).optional(),
});
export type SetMeasures = z.infer<typeof SetMeasures>;

/** Routes on one logged set: `/api/workout/{workoutId}/sets/{setKey}`. */
export const LoggedSetParams = z.strictObject({ workoutId: ObjectIdString, setKey: SetKey });
export type LoggedSetParams = z.infer<typeof LoggedSetParams>;

/**
 * PUT /api/workout/{workoutId}/sets/{setKey}: logs the set, or edits it (same key), while the
 * session is open. `performedAt`: when it was done, for a set logged offline and sent later
 * (clamped to the session's span); absent, now. `order`: its place among the exercise's sets.
 */
export const LogSetRequest = SetMeasures.extend({
  userId: ObjectIdString,
  exerciseId: z.string().min(1).max(64),
  warmup: z.boolean().default(false),
  order: z.number().int().min(0).max(99),
  performedAt: z.iso.datetime().optional(),
});
export type LogSetRequest = z.infer<typeof LogSetRequest>;

/** One logged set as every reader sees it (loads in kg, distances in metres). */
export const LoggedSetView = z.object({
  key: z.string(),
  /** The workout it was done in; for imported history, the id the import gave that workout. */
  sessionId: z.string(),
  exerciseId: z.string(),
  /** The exercise across workouts (the catalogue's id): history and records are kept per this. */
  catalogueId: z.string(),
  exerciseName: z.string(),
  muscles: z.array(MuscleGroup),
  kind: LoggedSetKind,
  order: z.number().int(),
  warmup: z.boolean(),
  reps: z.number().int().optional(),
  loadKg: z.number().optional(),
  seconds: z.number().optional(),
  meters: z.number().optional(),
  rpe: z.number().optional(),
  /** Epley, for a work set of 1–12 reps with a load. */
  e1rmKg: z.number().optional(),
  performedAt: z.string(),
  source: LoggedSetSource,
  /** The records it set when it was logged. */
  records: z.array(PersonalRecordKind),
});
export type LoggedSetView = z.infer<typeof LoggedSetView>;

/** PUT …/sets/{setKey}: the set as stored and the records it set now (announced once: a re-send sets none). */
export const LogSetResult = z.object({ set: LoggedSetView, newRecords: z.array(PersonalRecordKind) });
export type LogSetResult = z.infer<typeof LogSetResult>;

/**
 * POST /api/workout/{workoutId}/sets/batch: set changes waiting on the device, applied in order,
 * each as its own PUT or DELETE of the set would be (a re-sent change counts once).
 */
export const SetChange = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('set'), setKey: SetKey, set: LogSetRequest.omit({ userId: true }) }),
  z.strictObject({ kind: z.literal('removeSet'), setKey: SetKey }),
]);
export type SetChange = z.infer<typeof SetChange>;
export const SetChangesRequest = z.strictObject({
  userId: ObjectIdString,
  changes: z.array(SetChange).min(1).max(SET_CHANGES_MAX),
});
export type SetChangesRequest = z.infer<typeof SetChangesRequest>;

/** Each change's answer, in order: what its own request would have answered, or its refusal (4xx). */
export const SetChangeResult = z.union([
  z.object({ ok: z.literal(true), logged: LogSetResult.nullable() }),
  z.object({
    ok: z.literal(false),
    statusCode: z.number().int(),
    code: ErrorCode,
    message: z.string(),
    /** The refusal's title, as the error body's `error`. */
    title: z.string(),
  }),
]);
export type SetChangeResult = z.infer<typeof SetChangeResult>;
export const SetChangesResult = z.object({ results: z.array(SetChangeResult) });
export type SetChangesResult = z.infer<typeof SetChangesResult>;

/** GET /api/workout/{workoutId}/sets: the session's sets, and per exercise id the sets of the last time it was done. */
export const SessionLogView = z.object({
  workoutId: z.string(),
  sets: z.array(LoggedSetView),
  lastTime: z.record(z.string(), z.array(LoggedSetView)),
  /** The exercise ids loaded on a barbell: the card offers the plate calculator for these. */
  barbellExercises: z.array(z.string()),
});
export type SessionLogView = z.infer<typeof SessionLogView>;

/** One record of an exercise: its value (kg, reps, kg·reps or seconds) and the set that holds it. */
export const PersonalRecordView = z.object({
  kind: PersonalRecordKind,
  value: z.number(),
  /** most_reps: the load the reps were done at; fastest: the distance. */
  atLoadKg: z.number().optional(),
  atMeters: z.number().optional(),
  set: LoggedSetView,
});
export type PersonalRecordView = z.infer<typeof PersonalRecordView>;

export const CatalogueIdParam = z.strictObject({ catalogueId: z.string().min(1).max(64) });
export const HistoryQuery = z.strictObject({
  before: z.iso.datetime().optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE).default(HISTORY_PAGE_SIZE),
});
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** GET /api/log/exercises/{catalogueId}: a page of its sets (newest first), its records, and the next page's `before`. */
export const ExerciseHistoryView = z.object({
  catalogueId: z.string(),
  exerciseName: z.string(),
  sets: z.array(LoggedSetView),
  records: z.array(PersonalRecordView),
  nextBefore: z.string().nullable(),
});
export type ExerciseHistoryView = z.infer<typeof ExerciseHistoryView>;

/** GET /api/log/progress: the best e1RM of each charted exercise by week, and work-set volume by muscle group and week. */
export const ProgressChartsView = z.object({
  /** Mondays (UTC, YYYY-MM-DD), oldest first: the weeks every series below is given for. */
  weeks: z.array(z.string()),
  e1rm: z.array(
    z.object({ catalogueId: z.string(), exerciseName: z.string(), bestKg: z.array(z.number().nullable()) }),
  ),
  /** Work sets per muscle group and week, and their volume (kg·reps; bodyweight sets add sets, not kg). */
  volume: z.array(z.object({ muscle: MuscleGroup, kg: z.array(z.number()), sets: z.array(z.number().int()) })),
});
export type ProgressChartsView = z.infer<typeof ProgressChartsView>;
