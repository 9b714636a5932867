import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import type { Intensity } from '../contract';
import { Id, toObjectId, toView, View } from '../database/object-id';
import { WorkoutSession } from './workout-session.schema';
import { COUNTED_SESSION } from './workouts.rules';

type StoredSession = WorkoutSession & { _id: Types.ObjectId };
export type SessionRecord = View<StoredSession>;

/** `completedAt` from the server's clock (Clock), so the session rules and the tests read one time. */
export type NewSession = Omit<WorkoutSession, 'userId' | 'workoutId'> & { userId: Id; workoutId: Id };

/** The one owner of the `workout_sessions` collection (completed workouts). */
@Injectable()
export class WorkoutSessionsRepository {
  constructor(@InjectModel(WorkoutSession.name) private readonly sessions: Model<WorkoutSession>) {}

  /** Insert; the unique `workoutId` index refuses a second completion with a duplicate-key error. */
  async create({ userId, workoutId, ...session }: NewSession): Promise<SessionRecord> {
    const created = await this.sessions.create({
      ...session,
      userId: toObjectId(userId),
      workoutId: toObjectId(workoutId),
    });
    return toView(created.toObject<StoredSession>());
  }

  /** Unique `workoutId`. */
  async findByWorkout(workoutId: Id): Promise<SessionRecord | null> {
    const row = await this.sessions
      .findOne({ workoutId: toObjectId(workoutId) })
      .lean<StoredSession>()
      .exec();
    return row && toView(row);
  }

  /** Unique `workoutId`. */
  async existsForWorkout(workoutId: Id): Promise<boolean> {
    return (await this.sessions.exists({ workoutId: toObjectId(workoutId) })) !== null;
  }

  /** `(userId, completedAt)`: newest first. */
  async listByUser(userId: Id): Promise<SessionRecord[]> {
    const rows = await this.sessions
      .find({ userId: toObjectId(userId) })
      .sort({ completedAt: -1 })
      .lean<StoredSession[]>()
      .exec();
    return rows.map(toView);
  }

  /** `(userId, completedAt)`: the newest one. */
  async findLatest(userId: Id): Promise<SessionRecord | null> {
    const row = await this.sessions
      .findOne({ userId: toObjectId(userId) })
      .sort({ completedAt: -1 })
      .lean<StoredSession>()
      .exec();
    return row && toView(row);
  }

  /** `(userId, completedAt)` by its prefix. */
  countByUser(userId: Id): Promise<number> {
    return this.sessions.countDocuments({ userId: toObjectId(userId) }).exec();
  }

  /** `(userId, completedAt)`. */
  countSince(userId: Id, since: Date): Promise<number> {
    return this.sessions.countDocuments({ userId: toObjectId(userId), completedAt: { $gte: since } }).exec();
  }

  /** `(userId, completedAt)`: sessions since `since` that count for goals and referrals (COUNTED_SESSION). */
  countCountedSince(userId: Id, since: Date): Promise<number> {
    return this.sessions
      .countDocuments({
        userId: toObjectId(userId),
        completedAt: { $gte: since },
        intensity: { $in: [...COUNTED_SESSION.intensities] },
        creditsEarned: { $gt: 0 },
      })
      .exec();
  }

  /** `(userId, completedAt)`: when and how hard, for sessions completed from `from` (until `until`, if given). */
  completedSince(
    userId: Id,
    from: Date,
    until?: Date,
  ): Promise<Array<Pick<SessionRecord, 'completedAt' | 'intensity' | 'creditsEarned'>>> {
    const completedAt = until ? { $gte: from, $lt: until } : { $gte: from };
    return this.sessions
      .find({ userId: toObjectId(userId), completedAt }, { completedAt: 1, intensity: 1, creditsEarned: 1 })
      .lean()
      .exec();
  }

  /** `(userId, completedAt)`, then the intensity among those: muscles worked at these intensities since `since`. */
  async musclesWorkedSince(userId: Id, since: Date, intensities: Intensity[]): Promise<WorkoutSession['muscles']> {
    const rows = await this.sessions
      .find(
        { userId: toObjectId(userId), completedAt: { $gte: since }, intensity: { $in: intensities } },
        { muscles: 1 },
      )
      .lean()
      .exec();
    return rows.flatMap((row) => row.muscles);
  }
}
