import { z } from 'zod';

import { ObjectIdString } from './common';
import { COACH_PROGRAM_LIMITS, ENROLMENT_STATUSES, EQUIPMENT, TRAINING_GOALS } from './values';
import { Difficulty, ExercisePhase, WorkoutType } from './workouts';

/** docs/product.md, Programs: one program of the catalogue as the list shows it. */
export const ProgramSummary = z.object({
  id: z.string(),
  name: z.string(),
  summary: z.string(),
  goal: z.enum(TRAINING_GOALS),
  level: Difficulty,
  weeks: z.number().int(),
  daysPerWeek: z.number().int(),
  deloadWeeks: z.array(z.number().int()),
  /** ISO weekdays (1 Monday … 7 Sunday) the days are planned on. */
  weekdays: z.array(z.number().int().min(1).max(7)),
  /** Everything its exercises need beyond the floor; [] is bodyweight. */
  equipment: z.array(z.enum(EQUIPMENT)),
});
export type ProgramSummary = z.infer<typeof ProgramSummary>;
export const ProgramList = z.array(ProgramSummary);

/** A program with its week: each day's exercises and how each progresses ("3 × 8–12, load up at the top"). */
export const ProgramDetail = ProgramSummary.extend({
  days: z.array(
    z.object({
      name: z.string(),
      type: WorkoutType,
      exercises: z.array(
        z.object({ catalogueId: z.string(), name: z.string(), phase: ExercisePhase, plan: z.string() }),
      ),
    }),
  ),
});
export type ProgramDetail = z.infer<typeof ProgramDetail>;

export const ProgramIdParam = z.strictObject({ programId: z.string().min(1).max(64) });
export type ProgramIdParam = z.infer<typeof ProgramIdParam>;

export const EnrolmentStatus = z.enum(ENROLMENT_STATUSES);
export type EnrolmentStatus = z.infer<typeof EnrolmentStatus>;

/** One session along the plan. */
export const PlannedSessionView = z.object({
  index: z.number().int(),
  week: z.number().int(),
  day: z.number().int(),
  dayName: z.string(),
  deload: z.boolean(),
});
export type PlannedSessionView = z.infer<typeof PlannedSessionView>;

/**
 * The member's program and where they are in it. `next.when`: `due` (owed today or earlier,
 * `behind` of them missed), `doneToday` (one done today), `ahead` (nothing owed until `nextOn`; it
 * may be done early). `upcoming`: the next sessions on the planned days if none is missed; the last
 * of `finishOn` moves later when one is.
 */
export const ActiveProgramView = z.object({
  programId: z.string(),
  programName: z.string(),
  status: EnrolmentStatus,
  startedOn: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  next: z
    .object({
      session: PlannedSessionView,
      when: z.enum(['due', 'doneToday', 'ahead']),
      behind: z.number().int(),
      nextOn: z.string(),
    })
    .nullable(),
  upcoming: z.array(z.object({ date: z.string(), session: PlannedSessionView })),
  finishOn: z.string().nullable(),
  /** Today's workout when it is this program's session (not yet completed). */
  workoutId: z.string().nullable(),
});
export type ActiveProgramView = z.infer<typeof ActiveProgramView>;
export const ActiveProgram = ActiveProgramView.nullable();

/** POST /api/programs/{programId}/start: follow it from today (a program already followed is replaced). */
export const StartProgramRequest = z.strictObject({ userId: ObjectIdString });
export type StartProgramRequest = z.infer<typeof StartProgramRequest>;

/**
 * POST /api/programs/coach: the coach builds a program for the member and they follow it from today.
 * Days a week and weeks as chosen; left out, as the member said in the chat, else their level's.
 */
export const BuildCoachProgramRequest = z.strictObject({
  userId: ObjectIdString,
  daysPerWeek: z
    .number()
    .int()
    .min(COACH_PROGRAM_LIMITS.daysPerWeek.min)
    .max(COACH_PROGRAM_LIMITS.daysPerWeek.max)
    .optional(),
  weeks: z.number().int().min(COACH_PROGRAM_LIMITS.weeks.min).max(COACH_PROGRAM_LIMITS.weeks.max).optional(),
});
export type BuildCoachProgramRequest = z.infer<typeof BuildCoachProgramRequest>;

/** POST /api/programs/active/{action}: pause, resume or stop the member's program. */
export const ProgramActionParam = z.strictObject({ action: z.enum(['pause', 'resume', 'stop']) });
export type ProgramActionParam = z.infer<typeof ProgramActionParam>;
export const ProgramActionRequest = z.strictObject({ userId: ObjectIdString });
export type ProgramActionRequest = z.infer<typeof ProgramActionRequest>;

/** POST /api/programs/active/session: the next session of the program becomes today's workout (answers WorkoutView). */
export const ProgramSessionRequest = z.strictObject({ userId: ObjectIdString });
export type ProgramSessionRequest = z.infer<typeof ProgramSessionRequest>;
