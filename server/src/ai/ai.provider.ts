import { z } from 'zod';

import type { ChatTurn, HealthAnswers, Intensity, TrainingGoal, UnitSystem } from '../contract';
import { Difficulty, ExerciseView, MuscleGroup, WorkoutType } from '../contract';
import { EQUIPMENT, LIMITATIONS } from '../contract/values';
import type { Equipment, Limitation, Muscle } from '../workouts/catalogue/catalogue.types';
import { MUSCLES } from '../workouts/catalogue/catalogue.types';
import type { ScreeningLimits } from '../workouts/screening/screening.rules';
import type { AdjustOutcome } from '../workouts/session-adjust.rules';

/** The shortest and longest session a plan is asked for, in minutes (the chat reads any time in between). */
export const PLAN_MINUTES = { min: 10, max: 90 } as const;

/**
 * What a plan is asked for. `avoidMuscles`: trained hard in the last 48 h, or reported sore;
 * `equipment`: what is at hand ([] = bodyweight); `limitations`: nothing may load them;
 * `focus`: body parts to favour ([] = balanced); `focusMuscles`: the muscles named within them
 * ("glutes and hamstrings"), which lead the main block; `goal`: the profile's, when set;
 * `screening`: what the member's health screening rules out, and the advice the plan carries
 * first; `seed` (the member and the day) varies the choice between equivalent exercises, the same
 * seed giving the same plan.
 */
export interface PlanRequest {
  type: WorkoutType;
  difficulty: Difficulty;
  minutes: number;
  avoidMuscles: MuscleGroup[];
  equipment: Equipment[];
  limitations: Limitation[];
  focus: MuscleGroup[];
  focusMuscles?: Muscle[];
  goal: TrainingGoal | null;
  screening?: ScreeningLimits;
  seed?: string;
}

/** An exercise as a provider plans it; the server gives it its id. */
export const PlannedExercise = ExerciseView.omit({ id: true });
export type PlannedExercise = z.infer<typeof PlannedExercise>;

/** A provider's workout: the OpenAI answer is checked against this before it is used. */
export const WorkoutPlan = z.object({
  name: z.string().trim().min(1).max(80),
  exercises: z.array(PlannedExercise).min(3).max(32),
  notes: z.array(z.string().max(300)).max(6),
});
export type WorkoutPlan = z.infer<typeof WorkoutPlan>;

/** What a conversation asked for; `null` from a provider when it asked for nothing readable. */
export const ChatWorkoutRequest = z.object({
  type: WorkoutType,
  difficulty: Difficulty,
  minutes: z.number().int().min(PLAN_MINUTES.min).max(PLAN_MINUTES.max),
  equipment: z.array(z.enum(EQUIPMENT)),
  limitations: z.array(z.enum(LIMITATIONS)),
  focus: z.array(MuscleGroup),
  /** Muscles the chat asks to rest: reported sore, or left out ("not legs today"). */
  soreMuscles: z.array(MuscleGroup),
  /** Muscles named within the focus ("hamstrings"); the local reader fills it, a model's reading leaves it out. */
  focusMuscles: z.array(z.enum(MUSCLES)).optional(),
});
export type ChatWorkoutRequest = z.infer<typeof ChatWorkoutRequest>;

/**
 * What the coach knows of the user: the saved profile (goal, equipment at hand — [] is bodyweight —,
 * limitations, the units they read; height in cm and weight in kg), their level and latest BMI.
 */
export interface CoachProfile {
  fitnessLevel: string;
  goal: TrainingGoal | null;
  equipment: Equipment[];
  limitations: Limitation[];
  units: UnitSystem;
  bmi: number | null;
  bmiCategory: string | null;
  age: number | null;
  height: number | null;
  weight: number | null;
  /** The health screening's answers (private: only the coach and the generator read them); absent: none given. */
  health?: HealthAnswers;
  /** What the screening of the answers and the conversation rules out, once the coach has read it. */
  screening?: ScreeningLimits;
}

/** What a conversation's workout falls back on where the chat is silent: the user's level and profile. */
export interface ChatDefaults {
  fitnessLevel: Difficulty;
  goal: TrainingGoal | null;
  equipment: Equipment[];
  limitations: Limitation[];
  /** The screening of the profile's answers and the conversation, applied to the plan. */
  screening?: ScreeningLimits;
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
  /** The member and the day: a session the coach describes is the one generated from the chat that day. */
  seed?: string;
  /** What asking to make today easier, harder or shorter did to today's session (the server applies it first). */
  adjusted?: AdjustOutcome;
}

/** The AI behind workouts and the coach: OpenAI-compatible when a key is set, local otherwise. */
export interface AiProvider {
  readonly engine: string;
  generateWorkout(request: PlanRequest): Promise<WorkoutPlan>;
  /** Reads what workout a conversation asks for; what it does not say comes from `defaults` (the profile). */
  readWorkoutRequest(history: ChatTurn[], defaults: ChatDefaults): Promise<ChatWorkoutRequest | null>;
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
