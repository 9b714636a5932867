import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { type HealthAnswers, NO_HEALTH_ANSWERS } from '../contract';
import { Id, toObjectId } from '../database/object-id';
import { HealthAnswersRecord } from './health-answers.schema';

const DAY_MS = 86_400_000;

/** The one owner of the `health_answers` collection: each member's screening answers, read only for them. */
@Injectable()
export class HealthAnswersRepository {
  constructor(@InjectModel(HealthAnswersRecord.name) private readonly answers: Model<HealthAnswersRecord>) {}

  /**
   * `userId` (unique): the member's answers as of `now` (none given: nothing answered). Weeks move on
   * with time: 20 weeks pregnant answered four weeks ago reads 24 today.
   */
  async find(userId: Id, now: Date): Promise<HealthAnswers> {
    const record = await this.answers
      .findOne({ userId: toObjectId(userId) })
      .lean<HealthAnswersRecord>()
      .exec();
    if (!record) return { ...NO_HEALTH_ANSWERS };
    const weeksSince = Math.max(0, Math.floor((now.getTime() - record.answeredAt.getTime()) / (7 * DAY_MS)));
    const moved = (weeks: number | null) => (weeks === null ? null : weeks + weeksSince);
    return {
      pregnancy: record.pregnancy,
      pregnancyWeeks: moved(record.pregnancyWeeks),
      weeksSinceBirth: moved(record.weeksSinceBirth),
      usedToHighImpact: record.usedToHighImpact,
      conditions: record.conditions,
    };
  }

  /** `userId` (unique): replaces the member's answers, as of `at`. */
  async save(userId: Id, answers: HealthAnswers, at: Date): Promise<void> {
    await this.answers
      .updateOne({ userId: toObjectId(userId) }, { $set: { ...answers, answeredAt: at } }, { upsert: true })
      .exec();
  }
}
