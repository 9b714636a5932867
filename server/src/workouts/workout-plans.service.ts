import { Injectable } from '@nestjs/common';

import { AiJobs } from '../ai/ai.jobs';
import { readChatHealth } from '../ai/local/coach-screening.rules';
import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import { CHAT_HISTORY_KEPT, GenerateFromChatRequest, GenerateWorkoutRequest, WorkoutView } from '../contract';
import type { PlanRequest, WorkoutPlan } from '../contract/job-shapes';
import { HealthAnswersRepository } from '../profile/health-answers.repository';
import { dayIn } from '../users/users.rules';
import { profileOf, UsersService } from '../users/users.service';
import { chatDefaults, coachProfile } from './coach-profile.rules';
import { RecentTrainingService } from './recent-training.service';
import { screen, screenedDifficulty, type Screening } from './screening/screening.rules';
import { WorkoutRecord } from './workout.schema';
import { WorkoutSessionsRepository } from './workout-sessions.repository';
import { WorkoutsRepository } from './workouts.repository';
import { isOpenWorkout, workoutOfPlan } from './workouts.rules';

/** Workout plans: generated from the generator's options or from a coach conversation. */
@Injectable()
export class WorkoutPlansService {
  constructor(
    private readonly workouts: WorkoutsRepository,
    private readonly sessions: WorkoutSessionsRepository,
    private readonly users: UsersService,
    private readonly training: RecentTrainingService,
    private readonly ai: AiJobs,
    private readonly clock: Clock,
    private readonly health: HealthAnswersRepository,
  ) {}

  /** A new workout from the generator options; it becomes today's workout. */
  async generate(userId: string, options: GenerateWorkoutRequest, jobKey?: string): Promise<WorkoutView> {
    // The saved profile says what the user has at hand, what to spare and what they train for.
    const [user, avoidMuscles, health] = await Promise.all([
      this.users.findById(userId),
      this.training.recentlyTrained(userId),
      this.health.find(userId, this.clock.now()),
    ]);
    const profile = profileOf(user);
    const limits = screeningLimits(screen(health));
    const request: PlanRequest = {
      type: options.type,
      difficulty: screenedDifficulty(options.difficulty, limits),
      minutes: options.duration,
      avoidMuscles,
      equipment: profile.equipment,
      limitations: profile.limitations,
      focus: [],
      goal: profile.goal,
      ...(limits ? { screening: limits } : {}),
      seed: planSeed(userId, this.clock.now()),
    };
    const plan = await this.ai.generateWorkout(userId, request, jobKey);
    return this.save(userId, request, plan);
  }

  /**
   * A workout drawn from what the conversation asked for, the saved profile filling what it leaves
   * out; 422 when it asked for nothing readable.
   */
  async generateFromChat(userId: string, body: GenerateFromChatRequest, jobKey?: string): Promise<WorkoutView> {
    const [user, recentlyTrained, health] = await Promise.all([
      this.users.findById(userId),
      this.training.recentlyTrained(userId),
      this.health.find(userId, this.clock.now()),
    ]);
    const history = body.chatHistory.slice(-CHAT_HISTORY_KEPT);
    const limits = screeningLimits(screen(health, readChatHealth(history)));
    const defaults = {
      ...chatDefaults(coachProfile(user, body.userProfile), user.fitnessLevel),
      ...(limits ? { screening: limits } : {}),
    };
    const { request, plan } = await this.ai.workoutFromChat(
      { ownerId: userId, history, defaults, recentlyTrained, seed: planSeed(userId, this.clock.now()) },
      jobKey,
    );
    return this.save(userId, { ...request, ...(limits ? { screening: limits } : {}) }, plan);
  }

  /** Today's workout, the active session (isOpenWorkout), with its progress; null when there is none or it was completed. */
  async today(userId: string): Promise<WorkoutView | null> {
    const open = await this.openWorkout(userId);
    return open && toWorkoutView(open);
  }

  /** The user's active session if it is `workoutId`; 404 otherwise (another workout, someone else's, completed, or gone). */
  async findOpen(userId: string, workoutId: string): Promise<WorkoutRecord> {
    const open = await this.openWorkout(userId);
    if (!open || open.id !== workoutId) {
      throw new AppError(
        'WORKOUT_NOT_FOUND',
        "Workout not found: only today's workout, before it is completed, can be changed",
      );
    }
    return open;
  }

  /** The user's newest workout is the only one that can be open: a newer one replaces it. */
  async openWorkout(userId: string): Promise<WorkoutRecord | null> {
    const latest = await this.workouts.findLatest(userId);
    if (!latest || !isOpenWorkout(latest, this.clock.now()) || (await this.sessions.existsForWorkout(latest.id)))
      return null;
    return latest;
  }

  private async save(
    userId: string,
    request: Parameters<typeof workoutOfPlan>[1],
    plan: WorkoutPlan,
  ): Promise<WorkoutView> {
    const now = this.clock.now();
    const workout = await this.workouts.create({ userId, ...workoutOfPlan(plan, request), day: dayIn(now) }, now);
    return toWorkoutView(workout);
  }
}

/**
 * What a plan keeps to after the health screening; a red flag refuses the plan (409
 * WORKOUT_NEEDS_CLEARANCE, saying whom to see) and nothing is generated.
 */
function screeningLimits(screening: Screening) {
  if (screening.kind === 'refer')
    throw new AppError('WORKOUT_NEEDS_CLEARANCE', screening.message, 'See a Doctor First');
  return screening.kind === 'adapt' ? screening.limits : undefined;
}

/** What varies a member's plans between equivalent exercises: the member and the day (the same all day, so the coach's described session is the one built). */
export function planSeed(userId: string, now: Date): string {
  return `${userId}|${dayIn(now)}`;
}

/** A stored workout as the API shows it; exercises from before the catalogue have no catalogueId or dose. */
export function toWorkoutView(w: WorkoutRecord): WorkoutView {
  return {
    id: w.id,
    name: w.name,
    type: w.type,
    difficulty: w.difficulty,
    duration: w.duration,
    creditsReward: w.creditsReward,
    exercises: w.exercises.map((e) => ({
      id: e.id,
      name: e.name,
      description: e.description,
      phase: e.phase,
      prescription: e.prescription,
      muscles: e.muscles,
      ...(e.catalogueId && e.dose ? { catalogueId: e.catalogueId, dose: e.dose } : {}),
    })),
    notes: w.notes,
    createdAt: w.createdAt.toISOString(),
    ...progressOf(w),
  };
}

/** The refusal of an exercise id the workout does not have (SWAP, ticks). */
export const exerciseNotFound = (exerciseId: string) =>
  new AppError('WORKOUT_EXERCISE_NOT_FOUND', `This workout has no exercise ${exerciseId}`, 'Exercise Not Found');

/** What the active session's card restores: the ticks and the start (none on a workout never ticked). */
export function progressOf(w: Pick<WorkoutRecord, 'ticked' | 'startedAt'>): Pick<WorkoutView, 'ticked' | 'startedAt'> {
  return { ticked: w.ticked ?? [], startedAt: w.startedAt?.toISOString() ?? null };
}
