import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { FALLBACK_TIME_ZONE } from '../contract';
import { isObjectId, toObjectId } from '../database/object-id';
import { User } from '../users/user.schema';

/** Where a member's daily earnings are counted: the zone, and the last day one was paid on. */
export interface EarningPin {
  timeZone: string;
  lastDay: { day: string; timeZone: string } | null;
}

/** The writer of the user document's earning fields (earningTimeZone, lastEarningDay, lastEarningTimeZone). */
@Injectable()
export class EarningPinsRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /** `_id`: the zone daily earnings are counted in and the last day one was paid on; null for an unknown user. */
  async find(userId: string): Promise<EarningPin | null> {
    if (!isObjectId(userId)) return null;
    const user = await this.users
      .findById(toObjectId(userId), { earningTimeZone: 1, lastEarningDay: 1, lastEarningTimeZone: 1 })
      .lean()
      .exec();
    if (!user) return null;
    const timeZone = user.earningTimeZone ?? FALLBACK_TIME_ZONE;
    return {
      timeZone,
      lastDay: user.lastEarningDay
        ? { day: user.lastEarningDay, timeZone: user.lastEarningTimeZone ?? timeZone }
        : null,
    };
  }

  /** `_id`: a daily earning paid on `paid`; only a later day replaces the one stored, so it never moves back. */
  async recordEarningDay(userId: string, paid: { day: string; timeZone: string }): Promise<void> {
    const set = { $set: { lastEarningDay: paid.day, lastEarningTimeZone: paid.timeZone } };
    const first = await this.users.updateOne({ _id: toObjectId(userId), lastEarningDay: null }, set);
    if (first.matchedCount === 0)
      await this.users.updateOne({ _id: toObjectId(userId), lastEarningDay: { $lt: paid.day } }, set);
  }

  /** `_id`: the zone of the member's latest validated proof day, where earnings are counted from now on. */
  async pinZone(userId: string, timeZone: string): Promise<void> {
    await this.users.updateOne({ _id: toObjectId(userId) }, { $set: { earningTimeZone: timeZone } });
  }
}
