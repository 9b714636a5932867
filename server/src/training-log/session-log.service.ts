import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import {
  type ExerciseView,
  type LoggedSetKind,
  type LogSetRequest,
  type LogSetResult,
  SESSION_SETS_MAX,
  type SessionLogView,
  type SetMeasures,
} from '../contract';
import { UsersRepository } from '../users/users.repository';
import { catalogueExercise } from '../workouts/catalogue';
import type { WorkoutRecord } from '../workouts/workout.schema';
import { exerciseNotFound, WorkoutPlansService } from '../workouts/workout-plans.service';
import { WorkoutSessionsRepository } from '../workouts/workout-sessions.repository';
import { WorkoutsRepository } from '../workouts/workouts.repository';
import { toLoggedSetView } from './logged-set.view';
import { type Bests, type LoggedSetRecord, LoggedSetsRepository } from './logged-sets.repository';
import { bestsWith, boundsFor, performedAt, rankOf, recordsSet, setRefusal } from './training-log.rules';

/**
 * What the set changes of one request share: the open session, its set count once read, and the
 * records of each exercise read so far (bestsFor), so a batch of changes reads them once.
 */
export interface LogContext {
  userId: string;
  workout: WorkoutRecord;
  count?: number;
  bests: CachedBests[];
  /** A set was stored: the session is started (once, by finish). */
  stored: boolean;
}

/** The records of one exercise at one load and distance, as of every set stored so far in the request. */
interface CachedBests {
  catalogueId: string;
  loadKg?: number;
  meters?: number;
  bests: Bests;
}

/** Logging the active session set by set: each set under its client key (a re-send counts once), checked, ranked for records. */
@Injectable()
export class SessionLogService {
  constructor(
    private readonly sets: LoggedSetsRepository,
    private readonly plans: WorkoutPlansService,
    private readonly workouts: WorkoutsRepository,
    private readonly sessions: WorkoutSessionsRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Logs or edits one set of today's open session; the first set starts the session. Refused
   * (changing nothing): a set that does not fit the exercise's dose or its bounds, a key of a
   * removed set or of another session, a completed session, a session past SESSION_SETS_MAX sets.
   */
  async log(userId: string, workoutId: string, key: string, body: LogSetRequest): Promise<LogSetResult> {
    const context = await this.open(userId, workoutId);
    const logged = await this.logIn(context, key, body);
    await this.finish(context);
    return logged;
  }

  /** The open session the changes of one request apply to (404, or 409 LOG_SESSION_COMPLETED). */
  async open(userId: string, workoutId: string): Promise<LogContext> {
    return { userId, workout: await this.openSession(userId, workoutId), bests: [], stored: false };
  }

  /** Starts the session if a set was stored (a set's first log starts it). */
  async finish(context: LogContext): Promise<void> {
    if (context.stored) await this.workouts.start(context.workout.id, context.userId, this.clock.now());
  }

  /** Logs or edits one set in the request's session: `log`'s checks, records and refusals. */
  async logIn(context: LogContext, key: string, body: Omit<LogSetRequest, 'userId'>): Promise<LogSetResult> {
    const { userId, workout } = context;
    const exercise = workout.exercises.find((e) => e.id === body.exerciseId);
    if (!exercise) throw exerciseNotFound(body.exerciseId);
    const kind: LoggedSetKind = exercise.dose?.kind ?? 'reps';
    const measures: SetMeasures = {
      reps: body.reps,
      loadKg: body.loadKg === undefined ? undefined : Math.round(body.loadKg * 1000) / 1000,
      seconds: body.seconds,
      meters: body.meters,
      rpe: body.rpe,
    };
    const catalogueId = catalogueIdOf(exercise);
    const bounds = boundsFor(catalogueId, catalogueExercise(catalogueId)?.equipment ?? []);
    if (setRefusal(kind, measures, bounds, exercise.name, 'metric')) {
      // Said in the member's units: only a refused set pays for reading them.
      const units = (await this.users.findById(userId))?.units ?? 'metric';
      const refusal = setRefusal(kind, measures, bounds, exercise.name, units)!;
      throw new AppError(refusal.code, refusal.message, REFUSAL_TITLES[refusal.code]);
    }

    const previous = await this.sets.findByKey(userId, key);
    if (!previous) {
      context.count ??= await this.sets.countForSession(workout.id);
      if (context.count >= SESSION_SETS_MAX)
        throw new AppError('LOG_SESSION_FULL', `A session holds at most ${SESSION_SETS_MAX} sets`, 'Session Full');
    }
    const now = this.clock.now();
    const rank = rankOf({ ...measures, warmup: body.warmup });
    const at = { catalogueId, loadKg: rank?.loadKg, meters: rank?.meters };
    const bests = await this.bestsFor(context, at, key);
    const records = recordsSet(rank, {
      heaviest: bests.heaviest?.rank,
      most_reps: bests.most_reps?.rank,
      best_e1rm: bests.best_e1rm?.rank,
      best_volume: bests.best_volume?.rank,
      fastest: bests.fastest?.rank,
    });
    const stored = await this.sets.upsert({
      userId,
      sessionId: workout.id,
      key,
      exerciseId: exercise.id,
      catalogueId,
      exerciseName: exercise.name,
      muscles: exercise.muscles,
      kind,
      order: body.order,
      warmup: body.warmup,
      ...measures,
      e1rmKg: rank?.e1rmKg,
      performedAt: previous?.performedAt ?? performedAt(body.performedAt, workout.startedAt ?? workout.createdAt, now),
      source: 'app',
      rank,
      records,
    });
    if (stored === 'removed') throw new AppError('LOG_SET_REMOVED', 'This set was removed', 'Set Removed');
    if (stored === 'other_session')
      throw new AppError('LOG_SET_KEY_TAKEN', 'This set key names a set of another session', 'Set Key Taken');
    if (!previous && context.count !== undefined) context.count++;
    context.stored = true;
    this.keepBests(context, at, stored);
    const announced = previous && !previous.removed ? previous.records : [];
    return { set: toLoggedSetView(stored), newRecords: records.filter((r) => !announced.includes(r)) };
  }

  /** Removes one set of today's open session; removing it again, or a key never logged, is a no-op. */
  async remove(userId: string, workoutId: string, key: string): Promise<{ ok: true }> {
    await this.removeIn(await this.open(userId, workoutId), key);
    return { ok: true };
  }

  /** Removes one set in the request's session; records it held are read again when next needed. */
  async removeIn(context: LogContext, key: string): Promise<void> {
    await this.sets.remove(context.userId, context.workout.id, key);
    context.bests = context.bests.filter((cached) => !heldBy(cached.bests, key));
  }

  /**
   * The records a set at `at` competes with, leaving itself out: read from the log, or kept from
   * earlier in the request unless the set itself holds one of them (then read again without it).
   */
  private async bestsFor(context: LogContext, at: Omit<CachedBests, 'bests'>, key: string): Promise<Bests> {
    const cached = context.bests.find((c) => sameAt(c, at));
    if (cached && !heldBy(cached.bests, key)) return cached.bests;
    const bests = await this.sets.bests(context.userId, at.catalogueId, at, key);
    context.bests = [...context.bests.filter((c) => c !== cached), { ...at, bests }];
    return bests;
  }

  /**
   * After a set is stored, the kept records include it: where it beats one it holds it; elsewhere
   * its old version may have held one, so those are read again.
   */
  private keepBests(context: LogContext, at: Omit<CachedBests, 'bests'>, stored: LoggedSetRecord): void {
    context.bests = context.bests.flatMap((cached) => {
      if (cached.catalogueId !== at.catalogueId) return [cached];
      if (!sameAt(cached, at) && heldBy(cached.bests, stored.key)) return [];
      return [{ ...cached, bests: bestsWith(cached.bests, stored, cached) }];
    });
  }

  /** A workout's sets and, per exercise, the sets of the last other session it was done in (for prefill). */
  async view(userId: string, workoutId: string): Promise<SessionLogView> {
    const workout = await this.workouts.findOwned(workoutId, userId);
    if (!workout) throw new AppError('WORKOUT_NOT_FOUND', 'Workout not found');
    const [sets, latest] = await Promise.all([
      this.sets.forSession(userId, workout.id),
      this.sets.latestPerExercise(userId, workout.exercises.map(catalogueIdOf), workout.id),
    ]);
    const lastTime: SessionLogView['lastTime'] = {};
    for (const exercise of workout.exercises) {
      const before = latest.get(catalogueIdOf(exercise));
      if (before) lastTime[exercise.id] = before.map(toLoggedSetView);
    }
    const barbellExercises = workout.exercises
      .filter((e) => catalogueExercise(catalogueIdOf(e))?.equipment.includes('barbell_rack'))
      .map((e) => e.id);
    return { workoutId, sets: sets.map(toLoggedSetView), lastTime, barbellExercises };
  }

  /** Today's open session, or why not: 409 LOG_SESSION_COMPLETED once completed (so a late sync knows), else 404. */
  private async openSession(userId: string, workoutId: string): Promise<WorkoutRecord> {
    try {
      return await this.plans.findOpen(userId, workoutId);
    } catch (err) {
      const owned = await this.workouts.findOwned(workoutId, userId);
      if (owned && (await this.sessions.existsForWorkout(owned.id)))
        throw new AppError(
          'LOG_SESSION_COMPLETED',
          'This session was completed: its sets can no longer change',
          'Session Completed',
        );
      throw err;
    }
  }
}

const REFUSAL_TITLES = { LOG_SET_IMPLAUSIBLE: 'Implausible Set', LOG_SET_WRONG_KIND: 'Wrong Measures' } as const;

const catalogueIdOf = (e: Pick<ExerciseView, 'id' | 'catalogueId'>) => e.catalogueId ?? e.id;

const sameAt = (a: Omit<CachedBests, 'bests'>, b: Omit<CachedBests, 'bests'>) =>
  a.catalogueId === b.catalogueId && a.loadKg === b.loadKg && a.meters === b.meters;

const heldBy = (bests: Bests, key: string) => Object.values(bests).some((held) => held?.key === key);
