/** docs/product.md, Programs: where a member's program stands. */
export const ENROLMENT_STATUSES = ['active', 'paused', 'stopped', 'finished'] as const;

/** The id of a member's coach-built program: one per member, kept on their enrolment. */
export const COACH_PROGRAM_ID = 'coach-built';

/** What a coach-built program may span. */
export const COACH_PROGRAM_LIMITS = {
  daysPerWeek: { min: 2, max: 6 },
  weeks: { min: 4, max: 12 },
} as const;
