/** The device's one outbox for the active session, sending through the API's endpoints, and the hook that reads what waits. */
import type { LogSetResult, WorkoutCompletion } from '@contract';
import { pendingCreditsText, WORKOUT_ALREADY_COMPLETED } from '@contract/values';
import { useSyncExternalStore } from 'react';

import { describeError, isApiError } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import type { AppDispatch } from '../../../app/store';
import { showToast } from '../../../app/toast/toastSlice';
import { workoutsApi } from '../workoutsApi';
import { logApi } from './logApi';
import { type Change, indexedDbStorage, Outbox, type Outcome, type SetChangeBatch } from './outbox';
import { RECORD_LABELS } from './sessionLog.logic';

/** A failure worth sending again: no network, a time-out, or the server's own trouble (5xx, 429). */
function retryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return typeof error.status !== 'number' || error.status >= 500 || error.status === 429 || error.status === 408;
}

function sender(dispatch: AppDispatch) {
  return async (change: Change): Promise<Outcome> => {
    const call = () => {
      switch (change.kind) {
        case 'set':
          return dispatch(
            logApi.endpoints.logSet.initiate({ workoutId: change.workoutId, setKey: change.setKey, ...change.body }),
          ).unwrap();
        case 'removeSet':
          return dispatch(
            logApi.endpoints.removeSet.initiate({ workoutId: change.workoutId, setKey: change.setKey }),
          ).unwrap();
        case 'tick':
          return dispatch(
            workoutsApi.endpoints.updateProgress.initiate({
              userId: change.userId,
              workoutId: change.workoutId,
              exerciseId: change.exerciseId,
              done: change.done,
            }),
          ).unwrap();
        case 'start':
          return dispatch(
            workoutsApi.endpoints.startSession.initiate({ userId: change.userId, workoutId: change.workoutId }),
          ).unwrap();
        case 'complete':
          return dispatch(
            workoutsApi.endpoints.completeWorkout.initiate({
              userId: change.userId,
              workoutId: change.workoutId,
              completedExercises: change.completedExercises,
            }),
          ).unwrap();
      }
    };
    try {
      return { ok: true, answer: await call() };
    } catch (error) {
      return { ok: false, retry: retryable(error), error };
    }
  };
}

/**
 * Sends set changes of one workout in one request, each answered in its place; a request refused
 * whole, or lost, comes to that for each. Without a set among them the user is not known, so each
 * goes on its own.
 */
function batchSender(dispatch: AppDispatch, single: (change: Change) => Promise<Outcome>) {
  return async (changes: SetChangeBatch): Promise<Outcome[]> => {
    const userId = changes.find((c) => c.kind === 'set')?.body.userId;
    if (!userId) {
      const outcomes: Outcome[] = [];
      for (const change of changes) {
        const outcome = await single(change);
        outcomes.push(outcome);
        if (!outcome.ok && outcome.retry) break;
      }
      return outcomes;
    }
    try {
      const { results } = await dispatch(
        logApi.endpoints.logSetChanges.initiate({
          workoutId: changes[0].workoutId,
          userId,
          changes: changes.map((c) =>
            c.kind === 'set'
              ? { kind: 'set', setKey: c.setKey, set: withoutUser(c.body) }
              : { kind: 'removeSet', setKey: c.setKey },
          ),
        }),
      ).unwrap();
      return results.map((result): Outcome =>
        result.ok
          ? { ok: true, answer: result.logged ?? { ok: true } }
          : {
              ok: false,
              retry: false,
              error: { status: result.statusCode, code: result.code, message: result.message, title: result.title },
            },
      );
    } catch (error) {
      return changes.map(() => ({ ok: false, retry: retryable(error), error }));
    }
  };
}

const withoutUser = ({ userId: _userId, ...set }: Extract<Change, { kind: 'set' }>['body']) => set;

/** What the member hears once a change landed: a record, a completion's credits, or why it was refused. */
function announcer(dispatch: AppDispatch) {
  return (change: Change, outcome: Outcome) => {
    if (!outcome.ok) {
      // A completion of a session already completed (a retry that landed before) says nothing more.
      if (change.kind === 'complete' && isApiError(outcome.error) && outcome.error.code === WORKOUT_ALREADY_COMPLETED)
        return;
      dispatch(showToast({ ...describeError(outcome.error, 'Not Saved'), variant: 'destructive' }));
      return;
    }
    if (change.kind === 'set') {
      const { newRecords } = outcome.answer as LogSetResult;
      if (newRecords.length)
        dispatch(
          showToast({
            title: 'NEW PERSONAL RECORD 🏆',
            description: newRecords.map((r) => RECORD_LABELS[r]).join(' · '),
          }),
        );
    }
    if (change.kind === 'complete') {
      const { session, creditsNote } = outcome.answer as WorkoutCompletion;
      dispatch(
        showToast({
          title: 'Workout Completed! 🎉',
          description: creditsNote ?? pendingCreditsText(session.creditsEarned),
        }),
      );
    }
  };
}

const outboxes = new WeakMap<AppDispatch, Outbox>();

/** The outbox of this store (one per app): created on first use, sending again whenever the browser is back online. */
export function outboxFor(dispatch: AppDispatch): Outbox {
  let outbox = outboxes.get(dispatch);
  if (!outbox) {
    const send = sender(dispatch);
    const made = new Outbox(indexedDbStorage(), send, announcer(dispatch), batchSender(dispatch, send));
    window.addEventListener('online', () => void made.flush());
    void made.flush();
    outboxes.set(dispatch, made);
    outbox = made;
  }
  return outbox;
}

/** The outbox and its waiting changes, re-rendering as they change. */
export function useOutbox(): { outbox: Outbox; pending: readonly Change[] } {
  const outbox = outboxFor(useAppDispatch());
  const pending = useSyncExternalStore(
    (onChange) => outbox.subscribe(onChange),
    () => outbox.pending(),
  );
  return { outbox, pending };
}
