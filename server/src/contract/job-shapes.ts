/**
 * What crosses the queue between the API process and the worker: the data of the jobs whose shape
 * a domain builds and the results their handlers answer. The job registry (queue/job-registry)
 * declares each job with these, so it imports no domain; the domains import them from here.
 * Server only: the index the client reads does not export this file.
 */
import { z } from 'zod';

import type { ActivityVerdict, ChatTurn, EvidenceCheck, HealthAnswers, Intensity, ProofKind, UnitSystem } from '.';
import { Difficulty, ExerciseView, MuscleGroup, TrainingGoal, WorkoutType } from '.';
import { EQUIPMENT, LIMITATIONS, MUSCLES, PLAN_MINUTES } from './values';

/** What a member's health screening rules out (workouts/screening), carried by the plan's request. */
export const ScreeningLimits = z.object({
  noSupine: z.boolean(),
  noProne: z.boolean(),
  noHighImpact: z.boolean(),
  /** No sprints, maximal jumps or explosive lifts: an effort the member can talk through, no breath-holding. */
  noAllOut: z.boolean(),
  maxDifficulty: Difficulty,
  notes: z.array(z.string()),
});
export type ScreeningLimits = z.infer<typeof ScreeningLimits>;

/**
 * What a plan is asked for. `avoidMuscles`: trained hard in the last 48 h, or reported sore;
 * `equipment`: what is at hand ([] = bodyweight); `limitations`: nothing may load them;
 * `focus`: body parts to favour ([] = balanced); `focusMuscles`: the muscles named within them
 * ("glutes and hamstrings"), which lead the main block; `goal`: the profile's, when set;
 * `screening`: what the member's health screening rules out, and the advice the plan carries
 * first; `seed` (the member and the day) varies the choice between equivalent exercises, the same
 * seed giving the same plan.
 */
export const PlanRequest = z.object({
  type: WorkoutType,
  difficulty: Difficulty,
  minutes: z.number().int().min(PLAN_MINUTES.min).max(PLAN_MINUTES.max),
  avoidMuscles: z.array(MuscleGroup),
  equipment: z.array(z.enum(EQUIPMENT)),
  limitations: z.array(z.enum(LIMITATIONS)),
  focus: z.array(MuscleGroup),
  focusMuscles: z.array(z.enum(MUSCLES)).optional(),
  goal: TrainingGoal.nullable(),
  screening: ScreeningLimits.optional(),
  seed: z.string().max(200).optional(),
});
export type PlanRequest = z.infer<typeof PlanRequest>;

/** What a conversation's workout falls back on where the chat is silent: the user's level and profile. */
export const ChatDefaults = z.object({
  fitnessLevel: Difficulty,
  goal: TrainingGoal.nullable(),
  equipment: z.array(z.enum(EQUIPMENT)),
  limitations: z.array(z.enum(LIMITATIONS)),
  /** The screening of the profile's answers and the conversation, applied to the plan. */
  screening: ScreeningLimits.optional(),
});
export type ChatDefaults = z.infer<typeof ChatDefaults>;

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

/** What the workout.fromChat job answers: the request read from the chat, and the plan made for it. */
export interface ChatPlan {
  request: ChatWorkoutRequest;
  plan: WorkoutPlan;
}

/**
 * What the coach knows of the user: the saved profile (goal, equipment at hand — [] is bodyweight —,
 * limitations, the units they read; height in cm and weight in kg), their level and latest BMI.
 */
export interface CoachProfile {
  fitnessLevel: string;
  goal: TrainingGoal | null;
  equipment: (typeof EQUIPMENT)[number][];
  limitations: (typeof LIMITATIONS)[number][];
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

export interface RecentTraining {
  sessionsLast7Days: number;
  lastSession: { name: string; type: WorkoutType; intensity: Intensity; completedAt: string } | null;
  /** Muscle groups trained at moderate or intense level in the last 48 hours. */
  recentlyTrained: MuscleGroup[];
}

/** What a chat message asks to change in today's session. */
export type AdjustKind = 'easier' | 'harder' | 'shorter';

/** What happened to today's session, for the coach to say. */
export type AdjustOutcome =
  | { kind: 'adjusted'; asked: AdjustKind; name: string; minutes: number; difficulty: Difficulty }
  | { kind: 'no_workout'; asked: AdjustKind }
  | { kind: 'started'; asked: AdjustKind; name: string }
  | { kind: 'at_limit'; asked: AdjustKind; name: string; minutes: number; difficulty: Difficulty };

/** The coach.chat job's context, built by the server from the user's own records. */
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

/** The checks each file of a proof.check job went through. */
export type ProofChecks = Partial<Record<ProofKind, EvidenceCheck[]>>;

/** A recording on the grid: heart rate in tenths of bpm, movement per grid step in decimetres (east, north). */
export interface SeriesShape {
  heartRate: number[];
  east: number[];
  north: number[];
}

/** What the activity.read job answers: the verdict shown to the user, and the keys to claim it under. */
export interface ActivityReadResult {
  verdict: ActivityVerdict;
  keys: string[];
  /** The recording's series on the grid, null when too short to compare (see series-shape.rules). */
  shape: SeriesShape | null;
  /** A file without device data whose series do not look like a body's: it supports the day, it does not prove an activity. */
  supporting: boolean;
}
