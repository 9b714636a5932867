import { Injectable } from '@nestjs/common';

import { workoutAchievements } from '../achievements/achievements.rules';
import { AchievementsService } from '../achievements/achievements.service';
import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import {
  CompleteWorkoutRequest,
  DAILY_PAID_MINUTES,
  FALLBACK_TIME_ZONE,
  sessionCredits,
  sessionDone,
  sessionIntensity,
  SessionView,
  WorkoutCompletion,
} from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { LedgerService } from '../ledger/ledger.service';
import { LoggedSetsRepository } from '../training-log/logged-sets.repository';
import { UsersRepository } from '../users/users.repository';
import { dayIn, instantsOfDayAnywhere } from '../users/users.rules';
import {
  CapDay,
  capDay,
  capDayCandidates,
  cappedCredits,
  CompletionRefusal,
  completionRefusal,
  openRefusal,
  ticksRefusal,
} from './completion.rules';
import { PaidMinutesRepository } from './paid-minutes.repository';
import { TrainingStatsRepository } from './training-stats.repository';
import { WorkoutRecord } from './workout.schema';
import { SessionRecord, WorkoutSessionsRepository } from './workout-sessions.repository';
import { WorkoutsRepository } from './workouts.repository';
import { checkTicked, fitnessLevel, sessionCounts, TRAINING_WINDOW_MS, trainingHistory } from './workouts.rules';

/** Completed workouts: scoring and storing a completion once, its credits, and what it counts toward. */
@Injectable()
export class WorkoutsService {
  constructor(
    private readonly workouts: WorkoutsRepository,
    private readonly sessions: WorkoutSessionsRepository,
    private readonly users: UsersRepository,
    private readonly trainingStats: TrainingStatsRepository,
    private readonly ledger: LedgerService,
    private readonly achievements: AchievementsService,
    private readonly paidMinutes: PaidMinutesRepository,
    private readonly loggedSets: LoggedSetsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Completes the user's open session (one at a time: openRefusal) once it started and half its
   * planned minutes passed, scoring the ticks the server stored (the request must list them); claims
   * its minutes of the cap's day (capDay); stores the session once (unique workoutId), posts the
   * credits to the pending account, and refreshes workout count, level and badges. A refusal changes nothing.
   */
  async complete(userId: string, body: CompleteWorkoutRequest): Promise<WorkoutCompletion> {
    const now = this.clock.now();
    const workout = await this.openToComplete(userId, body.workoutId, now);
    const { known, unknown } = checkTicked(
      body.completedExercises,
      workout.exercises.map((e) => e.id),
    );
    if (unknown.length)
      throw new AppError(
        'WORKOUT_UNKNOWN_EXERCISE',
        `Unknown exercise id(s): ${unknown.join(', ')}`,
        'Validation Failed',
      );
    const [timeZone, lastPaidDay] = await Promise.all([
      this.users.findTimeZone(userId),
      this.paidMinutes.latestDay(userId, capDayCandidates(workout.startedAt ?? now)),
    ]);
    const zone = timeZone ?? FALLBACK_TIME_ZONE;
    const ticked = workout.ticked ?? [];
    refuse(completionRefusal(workout.startedAt, workout.duration, now, zone) ?? ticksRefusal(known, ticked));
    const total = workout.exercises.length;
    const done = sessionDone(
      workout.exercises,
      ticked,
      workSetsPerExercise(await this.loggedSets.forSession(userId, workout.id)),
    );
    const intensity = sessionIntensity(done, total);
    // completionRefusal refused a session without a start.
    const day = capDay(workout.startedAt!, zone, lastPaidDay);
    const { credits: creditsEarned, note } = await this.payWithinDailyCap(
      userId,
      workout.id,
      sessionCredits(workout.creditsReward, done, total),
      workout.duration,
      day,
    );

    let session: SessionRecord;
    try {
      session = await this.sessions.create({
        userId: workout.userId,
        workoutId: workout.id,
        workout: { name: workout.name, type: workout.type, duration: workout.duration },
        completedExercises: ticked,
        intensity,
        creditsEarned,
        muscles: [...new Set(workout.exercises.filter((e) => ticked.includes(e.id)).flatMap((e) => e.muscles))],
        completedAt: now,
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // The winner may have died before posting: the keyed posting below is a no-op if it did not.
      const existing = await this.sessions.findByWorkout(workout.id);
      if (existing) await this.postCredits(existing, workout.name);
      throw alreadyCompleted();
    }
    await this.postCredits(session, workout.name);
    const totalSessions = await this.refreshTrainingStats(userId, now);
    const newAchievements = await this.achievements.awardAll(userId, workoutAchievements(totalSessions, intensity));
    return { session: toSessionView(session), newAchievements, creditsNote: note };
  }

  /**
   * The user's workout `workoutId` if it is their open session; 404 when it is not theirs, 409 when
   * it was completed, replaced by a newer one, or closed. The newest is read first: it is the one
   * completed, so the usual completion reads one workout.
   */
  private async openToComplete(userId: string, workoutId: string, now: Date): Promise<WorkoutRecord> {
    const newest = await this.workouts.findLatest(userId);
    const workout = newest?.id === workoutId ? newest : await this.workouts.findOwned(workoutId, userId);
    if (!workout) throw new AppError('WORKOUT_NOT_FOUND', 'Workout not found');
    const refusal = openRefusal(workout, workout === newest, now);
    if (refusal && (await this.sessions.existsForWorkout(workout.id))) throw alreadyCompleted();
    refuse(refusal);
    return workout;
  }

  /**
   * The session's credits if its planned minutes fit in the day's paid cap, claimed atomically so
   * concurrent completions cannot both pass it; otherwise none, with the reason. A session that earns
   * nothing claims nothing.
   */
  private async payWithinDailyCap(
    userId: string,
    workoutId: string,
    credits: number,
    plannedMinutes: number,
    day: CapDay,
  ) {
    if (credits === 0) return { credits, note: null };
    const claim = await this.paidMinutes.claim(userId, day, workoutId, plannedMinutes, DAILY_PAID_MINUTES);
    return claim.paid ? { credits, note: null } : cappedCredits(credits, plannedMinutes, claim.minutesToday);
  }

  /** Newest first. */
  async list(userId: string): Promise<SessionView[]> {
    return (await this.sessions.listByUser(userId)).map(toSessionView);
  }

  /** Did the user complete a workout on this day (YYYY-MM-DD) of their time zone? */
  async hasCountedSessionOn(userId: string, day: string, timeZone = FALLBACK_TIME_ZONE): Promise<boolean> {
    const { from, to } = instantsOfDayAnywhere(day);
    const sessions = await this.sessions.completedSince(userId, from, to);
    return sessions.some((s) => dayIn(s.completedAt, timeZone) === day && sessionCounts(s));
  }

  /** Days (of `timeZone`) with a session that counts (COUNTED_SESSION) completed since `since`: a workouts goal's progress. */
  async countCountedDaysSince(userId: string, since: Date, timeZone: string): Promise<number> {
    const sessions = await this.sessions.completedSince(userId, since);
    return new Set(sessions.filter(sessionCounts).map((s) => dayIn(s.completedAt, timeZone))).size;
  }

  /** Sessions that count (COUNTED_SESSION) completed since `since`. */
  countCountedSessionsSince(userId: string, since: Date): Promise<number> {
    return this.sessions.countCountedSince(userId, since);
  }

  private async postCredits(session: SessionRecord, workoutName: string): Promise<void> {
    if (session.creditsEarned <= 0) return;
    await this.ledger.post({
      userId: session.userId,
      account: 'pending',
      amount: session.creditsEarned,
      kind: 'workout',
      reason: `Workout: ${workoutName}`,
      idempotencyKey: `session:${session.workoutId}`,
      ref: session.id,
    });
  }

  /**
   * totalWorkouts and fitnessLevel derived from counted sessions rather than $inc'd, so they always
   * match the sessions stored. Re-counts after writing so the last writer leaves the true figures.
   */
  private async refreshTrainingStats(userId: string, now: Date): Promise<number> {
    const windowStart = new Date(now.getTime() - TRAINING_WINDOW_MS);
    let total = await this.sessions.countByUser(userId);
    for (;;) {
      const recent = await this.sessions.completedSince(userId, windowStart);
      const history = trainingHistory(total, recent, now);
      await this.trainingStats.record(userId, { totalWorkouts: total, fitnessLevel: fitnessLevel(history) });
      const recounted = await this.sessions.countByUser(userId);
      if (recounted === total) return total;
      total = recounted;
    }
  }
}

const REFUSAL_TITLES: Record<CompletionRefusal['code'], string> = {
  WORKOUT_NOT_OPEN: 'Not Open',
  WORKOUT_NOT_STARTED: 'Not Started',
  WORKOUT_TOO_EARLY: 'Too Early',
  WORKOUT_TICKS_DIFFER: 'Ticks Differ',
};

function refuse(refusal: CompletionRefusal | null): void {
  if (refusal) throw new AppError(refusal.code, refusal.message, REFUSAL_TITLES[refusal.code]);
}

const alreadyCompleted = () =>
  new AppError('WORKOUT_ALREADY_COMPLETED', 'This workout was already completed', 'Already Completed');

/** Work sets logged per exercise id (warm-ups are not the prescription). */
function workSetsPerExercise(sets: Array<{ exerciseId: string; warmup: boolean }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of sets) if (!s.warmup) counts[s.exerciseId] = (counts[s.exerciseId] ?? 0) + 1;
  return counts;
}

function toSessionView(s: SessionRecord): SessionView {
  return {
    id: s.id,
    workoutId: s.workoutId,
    workout: { name: s.workout.name, type: s.workout.type, duration: s.workout.duration },
    completedAt: s.completedAt.toISOString(),
    intensity: s.intensity,
    creditsEarned: s.creditsEarned,
  };
}
