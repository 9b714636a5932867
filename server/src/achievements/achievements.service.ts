import { Injectable } from '@nestjs/common';

import { AchievementView } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { AchievementRecord, AchievementsRepository } from './achievements.repository';
import { AchievementCode, ACHIEVEMENTS, isAchievementCode } from './achievements.rules';

@Injectable()
export class AchievementsService {
  constructor(private readonly achievements: AchievementsRepository) {}

  /** Awards a badge once, ever: the new badge, or null when the user already had it. */
  async award(userId: string, code: AchievementCode): Promise<AchievementView | null> {
    try {
      return toView(await this.achievements.create(userId, code));
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
    return (await this.achievements.listByUser(userId)).map(toView);
  }
}

function toView(row: AchievementRecord): AchievementView {
  const entry = isAchievementCode(row.code) ? ACHIEVEMENTS[row.code] : { title: row.code, description: '' };
  return {
    id: row.id,
    code: row.code,
    title: entry.title,
    description: entry.description,
    earnedAt: row.earnedAt.toISOString(),
  };
}
