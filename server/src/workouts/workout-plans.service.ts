import { Injectable } from '@nestjs/common';
import { CHAT_HISTORY_KEPT, Difficulty, GenerateFromChatRequest, GenerateWorkoutRequest, WorkoutView } from '../contract';
import { EQUIPMENT } from '../contract/values';
import { AiJobs } from '../ai/ai.jobs';
import type { PlanRequest, WorkoutPlan } from '../ai/ai.provider';
import { UsersService } from '../users/users.service';
import { dayIn } from '../users/users.rules';
import { chatDefaults, coachProfile } from './coach-profile.rules';
import { RecentTrainingService } from './recent-training.service';
import { StoredWorkout, Workout } from './workout.schema';
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
    // The generator card states no equipment or limitation: everything is assumed at hand, as before the profile.
    const request: PlanRequest = {
      type: options.type,
      difficulty: options.difficulty,
      minutes: options.duration,
      avoidMuscles: await this.training.recentlyTrained(userId),
      equipment: [...EQUIPMENT],
      limitations: [],
      focus: [],
      goal: null,
    };
    const plan = await this.ai.generateWorkout(userId, request, jobKey);
    return this.save(userId, options.difficulty, options.type, options.duration, plan);
  }

  /** A workout drawn from what the conversation asked for; 422 when it asked for nothing readable. */
  async generateFromChat(userId: string, body: GenerateFromChatRequest, jobKey?: string): Promise<WorkoutView> {
    const [user, recentlyTrained] = await Promise.all([this.users.findById(userId), this.training.recentlyTrained(userId)]);
    const defaults = chatDefaults(coachProfile(user, body.userProfile), user.fitnessLevel);
    const { request, plan } = await this.ai.workoutFromChat({ ownerId: userId, history: body.chatHistory.slice(-CHAT_HISTORY_KEPT), defaults, recentlyTrained }, jobKey);
    return this.save(userId, request.difficulty, request.type, request.minutes, plan);
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

  private async save(userId: string, difficulty: Difficulty, type: Workout['type'], minutes: number, plan: WorkoutPlan): Promise<WorkoutView> {
    const workout = await this.workouts.create({ userId, ...workoutOfPlan(plan, type, difficulty, minutes), day: dayIn(new Date()) });
    return toWorkoutView(workout);
  }
}

function toWorkoutView(w: StoredWorkout): WorkoutView {
  return {
    id: w._id.toString(),
    name: w.name,
    type: w.type,
    difficulty: w.difficulty,
    duration: w.duration,
    creditsReward: w.creditsReward,
    exercises: w.exercises.map((e) => ({ id: e.id, name: e.name, description: e.description, phase: e.phase, prescription: e.prescription, muscles: e.muscles })),
    notes: w.notes,
    createdAt: w.createdAt.toISOString(),
  };
}
