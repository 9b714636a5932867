import { z } from 'zod';

import { AchievementList } from './achievements';
import { ObjectIdString } from './common';
import { multilineText, singleLineText } from './text';
import {
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES_SHOWN,
  DIFFICULTIES,
  DURATIONS,
  GENERATOR_DEFAULTS,
  INTENSITIES,
  MUSCLE_GROUPS,
  WORKOUT_TYPES,
} from './values';

export const WorkoutType = z.enum(WORKOUT_TYPES);
export type WorkoutType = z.infer<typeof WorkoutType>;
export const Difficulty = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof Difficulty>;
export const Duration = z.union(
  DURATIONS.map((d) => z.literal(d)) as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<45>, z.ZodLiteral<60>],
);
export type Duration = z.infer<typeof Duration>;

export const MuscleGroup = z.enum(MUSCLE_GROUPS);
export type MuscleGroup = z.infer<typeof MuscleGroup>;

export const Intensity = z.enum(INTENSITIES);
export type Intensity = z.infer<typeof Intensity>;

export const ExercisePhase = z.enum(['warmup', 'main', 'cooldown']);
export type ExercisePhase = z.infer<typeof ExercisePhase>;

/**
 * An exercise's dose as data: what the session's timer runs and what the time budget adds up.
 * `eachSide`: one-sided, the reps or seconds are done on each side.
 */
export const ExerciseDose = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reps'),
    sets: z.number().int().min(1).max(10),
    reps: z.number().int().min(1).max(50),
    restSeconds: z.number().int().min(0).max(300),
    eachSide: z.boolean(),
    /** The prescribed load (kg), set by a program from the log; absent: the member picks it. */
    loadKg: z.number().positive().max(500).optional(),
  }),
  z.object({
    kind: z.literal('time'),
    sets: z.number().int().min(1).max(20),
    workSeconds: z.number().int().min(5).max(3600),
    restSeconds: z.number().int().min(0).max(300),
    eachSide: z.boolean(),
  }),
  z.object({
    kind: z.literal('distance'),
    sets: z.number().int().min(1).max(20),
    meters: z.number().int().min(10).max(20000),
    restSeconds: z.number().int().min(0).max(300),
    eachSide: z.literal(false),
  }),
]);
export type ExerciseDose = z.infer<typeof ExerciseDose>;

/** One exercise of a workout: the product’s id, name, description, plus its block, dose and muscles. */
export const ExerciseView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  phase: ExercisePhase,
  /** The dose, e.g. "3 sets × 40 s work / 20 s rest". */
  prescription: z.string(),
  muscles: z.array(MuscleGroup),
  /** The catalogue entry it came from and its dose as data; absent on workouts generated before the catalogue. */
  catalogueId: z.string().optional(),
  dose: ExerciseDose.optional(),
});
export type ExerciseView = z.infer<typeof ExerciseView>;

export const WorkoutView = z.object({
  id: z.string(),
  name: z.string(),
  type: WorkoutType,
  difficulty: Difficulty,
  /** Minutes: a generator option (15/30/45/60), or the time said in the coach chat (10–90). */
  duration: z.number().int().positive(),
  creditsReward: z.number().int().min(0),
  exercises: z.array(ExerciseView),
  /** Why the plan looks the way it does (recovery, stated limits). */
  notes: z.array(z.string()),
  createdAt: z.string(),
  /** The active session's progress, kept on the server: the exercise ids ticked, and when it started (START or the first tick). */
  ticked: z.array(z.string()),
  startedAt: z.string().nullable(),
});
export type WorkoutView = z.infer<typeof WorkoutView>;

export const TodayWorkout = WorkoutView.nullable();

export const GenerateWorkoutRequest = z.strictObject({
  userId: ObjectIdString,
  type: WorkoutType.default(GENERATOR_DEFAULTS.type),
  difficulty: Difficulty.default(GENERATOR_DEFAULTS.difficulty),
  duration: Duration.default(GENERATOR_DEFAULTS.duration),
});
export type GenerateWorkoutRequest = z.infer<typeof GenerateWorkoutRequest>;

/**
 * The client's creditsEarned and intensity are accepted for the product’s call shape but recomputed by the server.
 * completedExercises: the ticks the client shows, which must be the ticks the server stored for the session
 * (PUT /api/workout/{id}/progress, in any order): those are what is paid (409 WORKOUT_TICKS_DIFFER otherwise).
 */
export const CompleteWorkoutRequest = z.strictObject({
  userId: ObjectIdString,
  workoutId: ObjectIdString,
  completedExercises: z.array(z.string().min(1).max(64)).min(1, 'tick at least one exercise').max(50),
  creditsEarned: z.number().optional(),
  intensity: z.string().max(20).optional(),
});
export type CompleteWorkoutRequest = z.infer<typeof CompleteWorkoutRequest>;

/** POST /api/workout/swap: one exercise of today's workout replaced by an equivalent; answers the updated workout. */
export const SwapExerciseRequest = z.strictObject({
  userId: ObjectIdString,
  workoutId: ObjectIdString,
  exerciseId: z.string().min(1).max(64),
});
export type SwapExerciseRequest = z.infer<typeof SwapExerciseRequest>;

/** Routes on one workout: `/api/workout/{workoutId}/…`. */
export const WorkoutIdParam = z.strictObject({ workoutId: ObjectIdString });
export type WorkoutIdParam = z.infer<typeof WorkoutIdParam>;

/** POST /api/workout/{workoutId}/start: the session starts now (once; later calls keep the first start). */
export const StartSessionRequest = z.strictObject({ userId: ObjectIdString });
export type StartSessionRequest = z.infer<typeof StartSessionRequest>;

/** PUT /api/workout/{workoutId}/progress: one exercise done or not (idempotent); the first tick also starts the session. */
export const SessionProgressRequest = z.strictObject({
  userId: ObjectIdString,
  exerciseId: z.string().min(1).max(64),
  done: z.boolean(),
});
export type SessionProgressRequest = z.infer<typeof SessionProgressRequest>;

/** The active session's progress as the server keeps it. */
export const SessionProgress = WorkoutView.pick({ id: true, ticked: true, startedAt: true });
export type SessionProgress = z.infer<typeof SessionProgress>;

/** docs/product.md. */
export const SessionView = z.object({
  id: z.string(),
  workoutId: z.string(),
  workout: z.object({ name: z.string(), type: WorkoutType, duration: z.number().int() }),
  completedAt: z.string(),
  intensity: Intensity,
  creditsEarned: z.number().int().min(0),
});
export type SessionView = z.infer<typeof SessionView>;
export const SessionList = z.array(SessionView);

export const ChatRole = z.enum(['user', 'assistant']);
export const ChatTurn = z.strictObject({ role: ChatRole, content: multilineText(z.string().max(4000)) });
export type ChatTurn = z.infer<typeof ChatTurn>;
const ChatHistory = z.array(ChatTurn).max(200);

/** docs/product.md: what the client knows about the user; the server prefers its own records. */
export const UserProfileInput = z.strictObject({
  height: z.number().positive().max(300).nullish(),
  weight: z.number().positive().max(700).nullish(),
  age: z.number().int().min(0).max(130).nullish(),
  fitnessLevel: singleLineText(z.string().max(40)).nullish(),
  bmi: z.number().positive().max(200).nullish(),
  bmiCategory: singleLineText(z.string().max(40)).nullish(),
});
export type UserProfileInput = z.infer<typeof UserProfileInput>;

export const CoachChatRequest = z.strictObject({
  userId: ObjectIdString,
  message: multilineText(z.string().trim().min(1, 'message must not be blank').max(CHAT_MESSAGE_MAX)),
  userProfile: UserProfileInput.optional(),
  chatHistory: ChatHistory.default([]),
});
export type CoachChatRequest = z.infer<typeof CoachChatRequest>;

/** docs/product.md. `workoutGenerated`: the reply also created today's workout. */
export const CoachChatResponse = z.object({ response: z.string(), workoutGenerated: z.boolean() });
export type CoachChatResponse = z.infer<typeof CoachChatResponse>;

/** docs/product.md: one stored turn of the user's coach conversation. */
export const ChatMessageView = z.object({ id: z.string(), role: ChatRole, content: z.string(), timestamp: z.string() });
export type ChatMessageView = z.infer<typeof ChatMessageView>;
/** GET /api/workout/chat/history/:userId: the latest CHAT_MESSAGES_SHOWN messages, oldest first. */
export const ChatHistoryView = z.array(ChatMessageView).max(CHAT_MESSAGES_SHOWN);
/** DELETE /api/workout/chat/history/:userId: how many messages were removed. */
export const ChatHistoryCleared = z.object({ deleted: z.number().int().min(0) });
export type ChatHistoryCleared = z.infer<typeof ChatHistoryCleared>;

export const GenerateFromChatRequest = z.strictObject({
  userId: ObjectIdString,
  chatHistory: ChatHistory.min(1, 'chatHistory must not be empty'),
  userProfile: UserProfileInput.optional(),
});
export type GenerateFromChatRequest = z.infer<typeof GenerateFromChatRequest>;

/** POST /api/workout/complete: the stored session (server-computed credits and intensity) and badges it earned. */
/** `creditsNote`: why the session earned nothing though exercises were done (the day's paid minutes are used up). */
export const WorkoutCompletion = z.object({
  session: SessionView,
  newAchievements: AchievementList,
  creditsNote: z.string().nullable(),
});
export type WorkoutCompletion = z.infer<typeof WorkoutCompletion>;
