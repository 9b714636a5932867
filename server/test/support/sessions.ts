import type { WorkoutView } from '../../src/contract';
import { Clock } from '../../src/clock/clock';
import type { SignedIn, TestApp } from '../harness';

/** The app's clock (the app must run with TEST_CLOCK=1 to move it). */
export const clockOf = (t: TestApp) => t.app.get(Clock);

/** START_SESSION as the card presses it: the session's progress, or the refusal. */
export const startSession = (t: TestApp, me: SignedIn, workoutId: string) => t.http.post(`/api/workout/${workoutId}/start`).set(me.auth).send({ userId: me.user.id });

/** Starts the session and lets half its planned minutes pass on the server's clock, so it may be completed. */
export async function startAndLetHalfPass(t: TestApp, me: SignedIn, workout: Pick<WorkoutView, 'id' | 'duration'>): Promise<void> {
  await startSession(t, me, workout.id).expect(200);
  clockOf(t).advance(workout.duration * 30_000);
}

/** Moves the server's clock to 01:00 UTC of the next day, so what follows does not cross a midnight. */
export function advanceToNextMorning(t: TestApp): Date {
  const now = clockOf(t).now().getTime();
  const day = 24 * 3600_000;
  return clockOf(t).advance(Math.floor(now / day) * day + day + 3600_000 - now);
}
