import { Injectable } from '@nestjs/common';
import { CHAT_HISTORY_KEPT, GenerateFromChatRequest, GenerateWorkoutRequest, WorkoutView } from '../contract';
import { AiJobs } from '../ai/ai.jobs';
import type { PlanRequest, WorkoutPlan } from '../ai/ai.provider';
import { UsersService, profileOf } from '../users/users.service';
import { dayIn } from '../users/users.rules';
import { chatDefaults, coachProfile } from './coach-profile.rules';
import { RecentTrainingService } from './recent-training.service';
import { StoredWorkout } from './workout.schema';
import { WorkoutSessionsRepository } from './workout-sessions.repository';
import { WorkoutsRepository } from './workouts.repository';
import { workoutOfPlan } from './workouts.rules';

/** Workout plans: generated from the generator's options or from a coach conversation. */
@Injectable()
export class WorkoutPlansService {
  constructor(
    private readonly workouts: WorkoutsRepository,
    private readonly sessions: WorkoutSessionsRepository,
    private readonly users: UsersService,
    private readonly training: RecentTrainingService,
    private readonly ai: AiJobs,
  ) {}

  /** A new workout from the generator options; it becomes today's workout. */
  async generate(userId: string, options: GenerateWorkoutRequest, jobKey?: string): Promise<WorkoutView> {
    // The saved profile says what the user has at hand, what to spare and what they train for.
    const [user, avoidMuscles] = await Promise.all([this.users.findById(userId), this.training.recentlyTrained(userId)]);
    const profile = profileOf(user);
    const request: PlanRequest = {
      type: options.type,
      difficulty: options.difficulty,
      minutes: options.duration,
      avoidMuscles,
      equipment: profile.equipment,
      limitations: profile.limitations,
      focus: [],
      goal: profile.goal,
    };
    const plan = await this.ai.generateWorkout(userId, request, jobKey);
    return this.save(userId, request, plan);
  }

  /**
   * A workout drawn from what the conversation asked for, the saved profile filling what it leaves
   * out; 422 when it asked for nothing readable.
   */
  async generateFromChat(userId: string, body: GenerateFromChatRequest, jobKey?: string): Promise<WorkoutView> {
    const [user, recentlyTrained] = await Promise.all([this.users.findById(userId), this.training.recentlyTrained(userId)]);
    const defaults = chatDefaults(coachProfile(user, body.userProfile), user.fitnessLevel);
    const { request, plan } = await this.ai.workoutFromChat({ ownerId: userId, history: body.chatHistory.slice(-CHAT_HISTORY_KEPT), defaults, recentlyTrained }, jobKey);
    return this.save(userId, request, plan);
  }

  /**
   * The newest workout generated today (UTC) that has not been completed, or null. The user's
   * newest workout is today's newest when it is from today; when not, none is.
   */
  async today(userId: string, now = new Date()): Promise<WorkoutView | null> {
    const latest = await this.workouts.findLatest(userId);
    if (!latest || latest.day !== dayIn(now) || (await this.sessions.existsForWorkout(latest._id))) return null;
    return toWorkoutView(latest);
  }

  private async save(userId: string, request: Parameters<typeof workoutOfPlan>[1], plan: WorkoutPlan): Promise<WorkoutView> {
    const workout = await this.workouts.create({ userId, ...workoutOfPlan(plan, request), day: dayIn(new Date()) });
    return toWorkoutView(workout);
  }
}

/** A stored workout as the API shows it; exercises from before the catalogue have no catalogueId or dose. */
export function toWorkoutView(w: StoredWorkout): WorkoutView {
  return {
    id: w._id.toString(),
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
  };
}
