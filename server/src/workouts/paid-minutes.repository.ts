import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { isDuplicateKey } from '../database/duplicate-key';
import type { CapDay } from './completion.rules';
import { PaidMinutes } from './paid-minutes.schema';

export interface PaidMinutesClaim {
  /** The workout's minutes are paid today (now, or by an earlier try of the same completion). */
  paid: boolean;
  /** The day's paid minutes as the claim found them (before this workout's, when it was refused). */
  minutesToday: number;
}

/** The one owner of the `paid_minutes` collection (the daily cap's counters). */
@Injectable()
export class PaidMinutesRepository {
  constructor(@InjectModel(PaidMinutes.name) private readonly days: Model<PaidMinutes>) {}

  /**
   * The latest of the user's paid days among `days` (capDayCandidates), and the zone it was read in:
   * found by their `_id`s, so it reads at most those counters however many days the user has.
   */
  async latestDay(userId: string, days: string[]): Promise<{ day: string; timeZone?: string } | null> {
    const held = await this.days
      .find({ _id: { $in: days.map((day) => `${userId}:${day}`) } }, { timeZone: 1 })
      .lean<Array<Pick<PaidMinutes, '_id' | 'timeZone'>>>()
      .exec();
    const latest = held.sort((a, b) => (a._id < b._id ? 1 : -1))[0];
    return latest ? { day: latest._id.slice(userId.length + 1), timeZone: latest.timeZone } : null;
  }

  /**
   * `_id`: adds `minutes` for `workoutId` to the user's `day` if the day then stays within `cap`:
   * the day's first claim inserts its counter, later ones are one conditional `$inc`, so racing
   * completions are paid one by one. A workout already counted (a retried completion) stays paid.
   */
  async claim(
    userId: string,
    { day, timeZone }: CapDay,
    workoutId: string,
    minutes: number,
    cap: number,
  ): Promise<PaidMinutesClaim> {
    const _id = `${userId}:${day}`;
    if (minutes <= cap) {
      try {
        await this.days.create({ _id, minutes, workoutIds: [workoutId], timeZone });
        return { paid: true, minutesToday: minutes };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    const counted = await this.days
      .findOneAndUpdate(
        { _id, minutes: { $lte: cap - minutes }, workoutIds: { $ne: workoutId } },
        { $inc: { minutes }, $push: { workoutIds: workoutId } },
        { returnDocument: 'after' },
      )
      .lean<PaidMinutes>()
      .exec();
    if (counted) return { paid: true, minutesToday: counted.minutes };
    const held = await this.days.findById(_id).lean<PaidMinutes>().exec();
    return { paid: !!held?.workoutIds.includes(workoutId), minutesToday: held?.minutes ?? 0 };
  }
}
