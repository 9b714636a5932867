/** Pure rules of training: what a workout pays, how a session is scored, how fitness level moves. */
import type { Difficulty, Intensity } from '../contract';
import type { PlanRequest, WorkoutPlan } from '../contract/job-shapes';
import { dayIn } from '../users/users.rules';

/** Credits per started 15 minutes of a workout, by difficulty. */
const CREDITS_PER_QUARTER_HOUR: Record<Difficulty, number> = { beginner: 5, intermediate: 7, advanced: 10 };

/** creditsReward of a fully completed workout: 15 min beginner 5 … 60 min advanced 40. */
export function creditsReward(duration: number, difficulty: Difficulty): number {
  return Math.ceil(duration / 15) * CREDITS_PER_QUARTER_HOUR[difficulty];
}

/** A provider's plan as a workout is stored from it: its reward, exercise ids `ex1`, `ex2`…, and what SWAP must keep to. */
export function workoutOfPlan(
  plan: WorkoutPlan,
  request: Pick<
    PlanRequest,
    'type' | 'difficulty' | 'minutes' | 'equipment' | 'limitations' | 'screening' | 'focus' | 'focusMuscles'
  >,
) {
  return {
    name: plan.name,
    type: request.type,
    difficulty: request.difficulty,
    duration: request.minutes,
    creditsReward: creditsReward(request.minutes, request.difficulty),
    exercises: plan.exercises.map((exercise, index) => ({ ...exercise, id: `ex${index + 1}` })),
    notes: plan.notes,
    equipment: request.equipment,
    limitations: request.limitations,
    ...(request.screening ? { screening: request.screening } : {}),
    ...(request.focus.length ? { focus: request.focus } : {}),
    ...(request.focusMuscles?.length ? { focusMuscles: request.focusMuscles } : {}),
  };
}

export interface TrainingHistory {
  totalSessions: number;
  /** Sessions completed in the last 30 days, and how many of them were moderate or intense. */
  sessionsLast30Days: number;
  hardSessionsLast30Days: number;
}

/** How far back fitnessLevel looks at sessions. */
export const TRAINING_WINDOW_MS = 30 * 24 * 3600_000;

/** The counts fitnessLevel needs, from the user's session count and their sessions of the window (older ones are ignored). */
export function trainingHistory(
  totalSessions: number,
  sessions: Array<{ completedAt: Date; intensity: Intensity }>,
  now: Date,
): TrainingHistory {
  const recent = sessions.filter((s) => now.getTime() - s.completedAt.getTime() <= TRAINING_WINDOW_MS);
  return {
    totalSessions,
    sessionsLast30Days: recent.length,
    hardSessionsLast30Days: recent.filter((s) => s.intensity !== 'light').length,
  };
}

/**
 * Fitness level from what the user has actually done: advanced after 40 sessions with 12 in the last
 * 30 days (at least 8 of them moderate or intense); intermediate after 10 sessions with 6 in the last
 * 30 days; beginner otherwise, so a long break brings the level back down.
 */
export function fitnessLevel(h: TrainingHistory): Difficulty {
  if (h.totalSessions >= 40 && h.sessionsLast30Days >= 12 && h.hardSessionsLast30Days >= 8) return 'advanced';
  if (h.totalSessions >= 10 && h.sessionsLast30Days >= 6) return 'intermediate';
  return 'beginner';
}

/** Ticked ids, deduplicated, split into those the workout has and those it does not. */
export function checkTicked(ticked: string[], exerciseIds: string[]): { known: string[]; unknown: string[] } {
  const ids = new Set(exerciseIds);
  const unique = [...new Set(ticked)];
  return { known: unique.filter((id) => ids.has(id)), unknown: unique.filter((id) => !ids.has(id)) };
}

/**
 * A session that counts for goals and referrals: half its exercises or more were done
 * (moderate or intense) and it earned credits. One exercise ticked in a generated workout does not.
 */
export const COUNTED_SESSION = { intensities: ['moderate', 'intense'] } as const satisfies {
  intensities: readonly Intensity[];
};

/** COUNTED_SESSION as a predicate, for sessions already read. */
export function sessionCounts(session: { intensity: Intensity; creditsEarned: number }): boolean {
  return (COUNTED_SESSION.intensities as readonly Intensity[]).includes(session.intensity) && session.creditsEarned > 0;
}

/** A workout stays open this long after it was generated or started, so one from late in the day is not lost at midnight (UTC). */
export const SESSION_OPEN_MS = 6 * 3600_000;

/** Today's workout, if not completed: generated on today's day (UTC), or generated or started within SESSION_OPEN_MS. */
export function isOpenWorkout(workout: { day: string; createdAt: Date; startedAt?: Date }, now: Date): boolean {
  if (workout.day === dayIn(now)) return true;
  const latest = Math.max(workout.createdAt.getTime(), workout.startedAt?.getTime() ?? 0);
  return now.getTime() - latest < SESSION_OPEN_MS;
}
