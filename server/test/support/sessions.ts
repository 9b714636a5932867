import { Clock } from '../../src/clock/clock';
import type { WorkoutView } from '../../src/contract';
import type { SignedIn, TestApp } from '../harness';

/** The app's clock (the app must run with TEST_CLOCK=1 to move it). */
export const clockOf = (t: TestApp) => t.app.get(Clock);

/** START_SESSION as the card presses it: the session's progress, or the refusal. */
export const startSession = (t: TestApp, me: SignedIn, workoutId: string) =>
  t.http.post(`/api/workout/${workoutId}/start`).set(me.auth).send({ userId: me.user.id });

/** One exercise of today's session ticked (or unticked) as the card does: its progress, or the refusal. */
export const tickExercise = (t: TestApp, me: SignedIn, workoutId: string, exerciseId: string, done = true) =>
  t.http.put(`/api/workout/${workoutId}/progress`).set(me.auth).send({ userId: me.user.id, exerciseId, done });

/**
 * Starts the session, ticks `ticked` (all its exercises when not said: the server pays the ticks it
 * stored) and lets half its planned minutes pass on the server's clock, so it may be completed.
 */
export async function startAndLetHalfPass(
  t: TestApp,
  me: SignedIn,
  workout: Pick<WorkoutView, 'id' | 'duration' | 'exercises'>,
  ticked = workout.exercises.map((e) => e.id),
): Promise<void> {
  await startSession(t, me, workout.id).expect(200);
  for (const exerciseId of ticked) await tickExercise(t, me, workout.id, exerciseId).expect(200);
  clockOf(t).advance(workout.duration * 30_000);
}

/** Moves the server's clock to 01:00 UTC of the next day, so what follows does not cross a midnight. */
export function advanceToNextMorning(t: TestApp): Date {
  const now = clockOf(t).now().getTime();
  const day = 24 * 3600_000;
  return clockOf(t).advance(Math.floor(now / day) * day + day + 3600_000 - now);
}
