import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AchievementView } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { Achievement } from './achievement.schema';
import { ACHIEVEMENTS, AchievementCode, isAchievementCode } from './achievements.rules';

@Injectable()
export class AchievementsService {
  constructor(@InjectModel(Achievement.name) private readonly achievements: Model<Achievement>) {}

  /** Awards a badge once, ever: the new badge, or null when the user already had it. */
  async award(userId: string, code: AchievementCode): Promise<AchievementView | null> {
    try {
      const created = await this.achievements.create({ userId: new Types.ObjectId(userId), code });
      return toView(created);
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  /** Awards several; answers only the newly earned ones. */
  async awardAll(userId: string, codes: AchievementCode[]): Promise<AchievementView[]> {
    const results = await Promise.all(codes.map((code) => this.award(userId, code)));
    return results.filter((a): a is AchievementView => a !== null);
  }

  /** The user's badges, oldest first. */
  async list(userId: string): Promise<AchievementView[]> {
    const rows = await this.achievements.find({ userId: new Types.ObjectId(userId) }).sort({ earnedAt: 1 }).lean();
    return rows.map(toView);
  }
}

function toView(row: Achievement & { _id: Types.ObjectId }): AchievementView {
  const entry = isAchievementCode(row.code) ? ACHIEVEMENTS[row.code] : { title: row.code, description: '' };
  return { id: row._id.toString(), code: row.code, title: entry.title, description: entry.description, earnedAt: row.earnedAt.toISOString() };
}
