import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId, toView, View } from '../database/object-id';
import { Achievement } from './achievement.schema';

type StoredAchievement = Achievement & { _id: Types.ObjectId };
export type AchievementRecord = View<StoredAchievement>;

/** The one owner of the `achievements` collection. */
@Injectable()
export class AchievementsRepository {
  constructor(@InjectModel(Achievement.name) private readonly achievements: Model<Achievement>) {}

  /** Insert; the unique `(userId, code)` index refuses a badge the user holds with a duplicate-key error. */
  async create(userId: Id, code: string): Promise<AchievementRecord> {
    return toView((await this.achievements.create({ userId: toObjectId(userId), code })).toObject<StoredAchievement>());
  }

  /** Unique `(userId, code)` by its prefix, oldest first (a handful per user, sorted in memory). */
  async listByUser(userId: Id): Promise<AchievementRecord[]> {
    const rows = await this.achievements
      .find({ userId: toObjectId(userId) })
      .sort({ earnedAt: 1 })
      .lean<StoredAchievement[]>()
      .exec();
    return rows.map(toView);
  }
}
