import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import {
  CHAT_HISTORY_KEPT,
  CoachChatRequest,
  CoachChatResponse,
  CompleteWorkoutRequest,
  Difficulty,
  GenerateFromChatRequest,
  GenerateWorkoutRequest,
  MuscleGroup,
  SessionView,
  UserProfileInput,
  WorkoutCompletion,
  WorkoutView,
  sessionCredits,
  sessionIntensity,
} from '../contract';
import { AchievementsService } from '../achievements/achievements.service';
import { workoutAchievements } from '../achievements/achievements.rules';
import { AiJobs } from '../ai/ai.jobs';
import type { CoachProfile, PlanRequest, RecentTraining, WorkoutPlan } from '../ai/ai.provider';
import { bmiCategory } from '../bmi/bmi.rules';
import { badRequest, conflict, notFound } from '../common/errors';
import { LedgerService } from '../ledger/ledger.service';
import { User, UserDocument } from '../users/user.schema';
import { isDuplicateKey } from '../database/duplicate-key';
import { UsersService } from '../users/users.service';
import { dayIn, instantsOfDayAnywhere } from '../users/users.rules';
import { StoredWorkout, Workout } from './workout.schema';
import { WorkoutSession, WorkoutSessionDocument } from './workout-session.schema';
import { TRAINING_WINDOW_MS, checkTicked, creditsReward, fitnessLevel, trainingHistory } from './workouts.rules';

const HOUR = 3600_000;
const RECOVERY_WINDOW_MS = 48 * HOUR;
const BODY_PART_TAGS_EXCLUDED: MuscleGroup[] = ['cardio', 'mobility'];

@Injectable()
export class WorkoutsService {
  constructor(
    @InjectModel(Workout.name) private readonly workouts: Model<Workout>,
    @InjectModel(WorkoutSession.name) private readonly sessions: Model<WorkoutSession>,
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly usersService: UsersService,
    private readonly ledger: LedgerService,
    private readonly achievements: AchievementsService,
    private readonly ai: AiJobs,
  ) {}

  /** A new workout from the generator options; it becomes today's workout. */
  async generate(userId: string, options: GenerateWorkoutRequest, jobKey?: string): Promise<WorkoutView> {
    const request: PlanRequest = { ...options, avoidMuscles: await this.recentlyTrained(userId), limits: { injuries: [], noEquipment: false } };
    const plan = await this.ai.generateWorkout(userId, request, jobKey);
    return this.save(userId, options.difficulty, options.type, options.duration, plan);
  }

  /** A workout drawn from what the conversation asked for; 422 when it asked for nothing readable. */
  async generateFromChat(userId: string, body: GenerateFromChatRequest, jobKey?: string): Promise<WorkoutView> {
    const [user, recentlyTrained] = await Promise.all([this.usersService.findById(userId), this.recentlyTrained(userId)]);
    const { request, plan } = await this.ai.workoutFromChat(
      { ownerId: userId, history: body.chatHistory.slice(-CHAT_HISTORY_KEPT), fitnessLevel: user.fitnessLevel, recentlyTrained },
      jobKey,
    );
    return this.save(userId, request.difficulty, request.type, request.duration, plan);
  }

  async chat(userId: string, body: CoachChatRequest, jobKey?: string): Promise<CoachChatResponse> {
    const user = await this.usersService.findById(userId);
    const response = await this.ai.coachReply(
      userId,
      {
        message: body.message,
        history: body.chatHistory.slice(-CHAT_HISTORY_KEPT),
        profile: coachProfile(user, body.userProfile),
        recent: await this.recentTraining(userId),
      },
      jobKey,
    );
    return { response, workoutGenerated: false };
  }

  /** The newest workout generated today (UTC) that has not been completed, or null. */
  async today(userId: string, now = new Date()): Promise<WorkoutView | null> {
    const latest = await this.workouts.findOne({ userId: new Types.ObjectId(userId), day: dayIn(now) }).sort({ createdAt: -1 }).lean();
    if (!latest || (await this.sessions.exists({ workoutId: latest._id }))) return null;
    return toWorkoutView(latest);
  }

  /**
   * Scores the ticked exercises on the server, stores the session once (unique workoutId), posts the
   * credits to the pending account, and refreshes the user's workout count, level and badges.
   */
  async complete(userId: string, body: CompleteWorkoutRequest): Promise<WorkoutCompletion> {
    const workout = await this.workouts.findOne({ _id: body.workoutId, userId });
    if (!workout) throw notFound('Workout not found');
    const { known, unknown } = checkTicked(body.completedExercises, workout.exercises.map((e) => e.id));
    if (unknown.length) throw badRequest(`Unknown exercise id(s): ${unknown.join(', ')}`, 'Validation Failed');
    const total = workout.exercises.length;
    const intensity = sessionIntensity(known.length, total);
    const creditsEarned = sessionCredits(workout.creditsReward, known.length, total);
    const now = new Date();

    let session: WorkoutSessionDocument;
    try {
      session = await this.sessions.create({
        userId: workout.userId,
        workoutId: workout._id,
        workout: { name: workout.name, type: workout.type, duration: workout.duration },
        completedExercises: known,
        intensity,
        creditsEarned,
        muscles: [...new Set(workout.exercises.filter((e) => known.includes(e.id)).flatMap((e) => e.muscles))],
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // The winner may have died before posting: the keyed posting below is a no-op if it did not.
      const existing = await this.sessions.findOne({ workoutId: workout._id });
      if (existing) await this.postCredits(existing, workout.name);
      throw conflict('This workout was already completed', 'Already Completed');
    }
    await this.postCredits(session, workout.name);
    const totalSessions = await this.refreshTrainingStats(userId, now);
    const newAchievements = await this.achievements.awardAll(userId, workoutAchievements(totalSessions, intensity));
    return { session: toSessionView(session), newAchievements };
  }

  /** Newest first. */
  async list(userId: string): Promise<SessionView[]> {
    const rows = await this.sessions.find({ userId: new Types.ObjectId(userId) }).sort({ completedAt: -1 });
    return rows.map(toSessionView);
  }

  /** Did the user complete a workout on this day (YYYY-MM-DD) of their time zone? */
  async hasCompletedSessionOn(userId: string, day: string, timeZone = 'UTC'): Promise<boolean> {
    const { from, to } = instantsOfDayAnywhere(day);
    const sessions = await this.sessions.find({ userId: new Types.ObjectId(userId), completedAt: { $gte: from, $lt: to } }, { completedAt: 1 }).lean();
    return sessions.some((s) => dayIn(s.completedAt, timeZone) === day);
  }

  /** Sessions completed at or after `since`. */
  countSessionsSince(userId: string, since: Date): Promise<number> {
    return this.sessions.countDocuments({ userId: new Types.ObjectId(userId), completedAt: { $gte: since } });
  }

  /**
   * Inserted as built here, without a Mongoose document (casting, validation, hooks): every field
   * is set above from checked input (the plan passed the contract's schema in the AI step), and
   * building the document was a third of what generate adds over the provider (`npm run bench`).
   */
  private async save(userId: string, difficulty: Difficulty, type: Workout['type'], duration: number, plan: WorkoutPlan): Promise<WorkoutView> {
    const workout: StoredWorkout = {
      _id: new Types.ObjectId(),
      userId: new Types.ObjectId(userId),
      name: plan.name,
      type,
      difficulty,
      duration,
      creditsReward: creditsReward(duration, difficulty),
      exercises: plan.exercises.map((e, index) => ({ ...e, id: `ex${index + 1}` })),
      notes: plan.notes,
      day: dayIn(new Date()),
      createdAt: new Date(),
    };
    await this.workouts.insertMany([workout], { lean: true });
    return toWorkoutView(workout);
  }

  private async postCredits(session: WorkoutSessionDocument, workoutName: string): Promise<void> {
    if (session.creditsEarned <= 0) return;
    await this.ledger.post({
      userId: session.userId.toString(),
      account: 'pending',
      amount: session.creditsEarned,
      kind: 'workout',
      reason: `Workout: ${workoutName}`,
      idempotencyKey: `session:${session.workoutId.toString()}`,
      ref: session.id,
    });
  }

  /**
   * totalWorkouts and fitnessLevel derived from counted sessions rather than $inc'd, so they always
   * match the sessions stored. Re-counts after writing so the last writer leaves the true figures.
   */
  private async refreshTrainingStats(userId: string, now: Date): Promise<number> {
    const owner = new Types.ObjectId(userId);
    const windowStart = new Date(now.getTime() - TRAINING_WINDOW_MS);
    let total = await this.sessions.countDocuments({ userId: owner });
    for (;;) {
      const recent = await this.sessions.find({ userId: owner, completedAt: { $gte: windowStart } }, { completedAt: 1, intensity: 1 }).lean();
      const history = trainingHistory(total, recent, now);
      await this.users.updateOne({ _id: owner }, { $set: { totalWorkouts: total, fitnessLevel: fitnessLevel(history) } });
      const recounted = await this.sessions.countDocuments({ userId: owner });
      if (recounted === total) return total;
      total = recounted;
    }
  }

  /** What the coach is told of the user's training: the last session, the week's count, sore muscles. */
  private async recentTraining(userId: string, now = new Date()): Promise<RecentTraining> {
    const owner = new Types.ObjectId(userId);
    const [recentlyTrained, sessionsLast7Days, last] = await Promise.all([
      this.recentlyTrained(userId, now),
      this.sessions.countDocuments({ userId: owner, completedAt: { $gte: new Date(now.getTime() - 7 * 24 * HOUR) } }),
      this.sessions.findOne({ userId: owner }).sort({ completedAt: -1 }).lean(),
    ]);
    return {
      sessionsLast7Days,
      lastSession: last ? { name: last.workout.name, type: last.workout.type, intensity: last.intensity, completedAt: last.completedAt.toISOString() } : null,
      recentlyTrained,
    };
  }

  /** Muscles worked moderately or hard within the recovery window: a new plan leaves them out. */
  private async recentlyTrained(userId: string, now = new Date()): Promise<RecentTraining['recentlyTrained']> {
    const recentHard = await this.sessions
      .find({ userId: new Types.ObjectId(userId), completedAt: { $gte: new Date(now.getTime() - RECOVERY_WINDOW_MS) }, intensity: { $in: ['moderate', 'intense'] } }, { muscles: 1 })
      .lean();
    return [...new Set(recentHard.flatMap((s) => s.muscles).filter((m) => !BODY_PART_TAGS_EXCLUDED.includes(m)))];
  }
}

/** The server's records first; the client's profile only fills what the server does not know. */
function coachProfile(user: UserDocument, given: UserProfileInput | undefined): CoachProfile {
  const bmi = user.latestBmi ?? given?.bmi ?? null;
  return {
    fitnessLevel: user.fitnessLevel,
    bmi,
    bmiCategory: bmi ? bmiCategory(bmi) : (given?.bmiCategory ?? null),
    age: user.age ?? given?.age ?? null,
    height: user.height ?? given?.height ?? null,
    weight: user.weight ?? given?.weight ?? null,
  };
}

function toWorkoutView(w: StoredWorkout): WorkoutView {
  return {
    id: w._id.toString(),
    name: w.name,
    type: w.type,
    difficulty: w.difficulty,
    duration: w.duration as WorkoutView['duration'],
    creditsReward: w.creditsReward,
    exercises: w.exercises.map((e) => ({ id: e.id, name: e.name, description: e.description, phase: e.phase, prescription: e.prescription, muscles: e.muscles })),
    notes: w.notes,
    createdAt: w.createdAt.toISOString(),
  };
}

function toSessionView(s: WorkoutSessionDocument): SessionView {
  return {
    id: s.id,
    workoutId: s.workoutId.toString(),
    workout: { name: s.workout.name, type: s.workout.type, duration: s.workout.duration },
    completedAt: s.completedAt.toISOString(),
    intensity: s.intensity,
    creditsEarned: s.creditsEarned,
  };
}
