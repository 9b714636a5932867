import { z } from 'zod';
import { Difficulty, Duration, ExerciseView, MuscleGroup, WorkoutType } from '../contract';
import type { ChatTurn, Intensity } from '../contract';

/** Joints a stated injury protects: exercises that load them are left out. */
export const JOINTS = ['knee', 'back', 'shoulder', 'wrist', 'ankle'] as const;
export const Joint = z.enum(JOINTS);
export type Joint = z.infer<typeof Joint>;

/** Limits the user stated (in chat): injuries, no equipment at hand. */
export const WorkoutLimits = z.object({
  injuries: z.array(Joint).default([]),
  noEquipment: z.boolean().default(false),
});
export type WorkoutLimits = z.infer<typeof WorkoutLimits>;

/** What a plan is asked for. `avoidMuscles`: trained hard in the last 48 h, or reported sore. */
export interface PlanRequest {
  type: WorkoutType;
  difficulty: Difficulty;
  duration: Duration;
  avoidMuscles: MuscleGroup[];
  limits: WorkoutLimits;
}

/** An exercise as a provider plans it; the server gives it its id. */
export const PlannedExercise = ExerciseView.omit({ id: true });
export type PlannedExercise = z.infer<typeof PlannedExercise>;

/** A provider's workout: the OpenAI answer is checked against this before it is used. */
export const WorkoutPlan = z.object({
  name: z.string().trim().min(1).max(80),
  exercises: z.array(PlannedExercise).min(3).max(20),
  notes: z.array(z.string().max(300)).max(6),
});
export type WorkoutPlan = z.infer<typeof WorkoutPlan>;

/** What a conversation asked for; `null` from a provider when it asked for nothing readable. */
export const ChatWorkoutRequest = z.object({
  type: WorkoutType,
  difficulty: Difficulty,
  duration: Duration,
  limits: WorkoutLimits,
  soreMuscles: z.array(MuscleGroup).default([]),
});
export type ChatWorkoutRequest = z.infer<typeof ChatWorkoutRequest>;

export interface CoachProfile {
  fitnessLevel: string;
  bmi: number | null;
  bmiCategory: string | null;
  age: number | null;
  height: number | null;
  weight: number | null;
}

export interface RecentTraining {
  sessionsLast7Days: number;
  lastSession: { name: string; type: WorkoutType; intensity: Intensity; completedAt: string } | null;
  /** Muscle groups trained at moderate or intense level in the last 48 hours. */
  recentlyTrained: MuscleGroup[];
}

export interface CoachContext {
  message: string;
  /** The latest turns before `message`, oldest first (already capped). */
  history: ChatTurn[];
  profile: CoachProfile;
  recent: RecentTraining;
}

/** The AI behind workouts and the coach: OpenAI-compatible when a key is set, local otherwise. */
export interface AiProvider {
  readonly engine: string;
  generateWorkout(request: PlanRequest): Promise<WorkoutPlan>;
  /** Reads what workout a conversation asks for, with the user's level as the fallback difficulty. */
  readWorkoutRequest(history: ChatTurn[], fitnessLevel: Difficulty): Promise<ChatWorkoutRequest | null>;
  coachReply(context: CoachContext): Promise<string>;
}

export const AI_PROVIDER = Symbol('AI_PROVIDER');

/** The provider answered something that does not fit the schema (retried, then a clear error). */
export class MalformedAiAnswer extends Error {
  constructor(detail: string) {
    super(`The AI answer did not match the expected shape: ${detail}`);
    this.name = 'MalformedAiAnswer';
  }
}

/** The provider did not answer within OPENAI_TIMEOUT_MS (retried, then a clear 504). */
export class AiTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`The AI service did not answer within ${timeoutMs} ms`);
    this.name = 'AiTimeout';
  }
}
