import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId } from '../database/object-id';
import { ProofDay, ProofDayStatus, ProofFile } from './proof-day.schema';

export type ProofDayRecord = ProofDay & { _id: Types.ObjectId };

export type NewProofDay = Pick<ProofDay, 'day' | 'timeZone' | 'streakAfter' | 'proofs'> & { userId: Id };

/** The one owner of the `proof_days` collection. */
@Injectable()
export class ProofDaysRepository {
  constructor(@InjectModel(ProofDay.name) private readonly days: Model<ProofDay>) {}

  /** Insert as `checking`; the unique `(userId, day)` index makes this the day's lock (one winner). */
  async claim({ userId, ...day }: NewProofDay): Promise<ProofDayRecord> {
    return (
      await this.days.create({ ...day, userId: toObjectId(userId), status: 'checking' })
    ).toObject<ProofDayRecord>();
  }

  /** Unique `(userId, day)`. */
  findByUserDay(userId: Id, day: string): Promise<ProofDayRecord | null> {
    return this.days
      .findOne({ userId: toObjectId(userId), day })
      .lean<ProofDayRecord>()
      .exec();
  }

  /** Unique `(userId, day)`: was this day credited? */
  async isCredited(userId: Id, day: string): Promise<boolean> {
    return (await this.days.exists({ userId: toObjectId(userId), day, status: 'credited' })) !== null;
  }

  /** Unique `(userId, day)`, newest first: the last day past its check, for the streak. */
  findLastChecked(userId: Id): Promise<Pick<ProofDayRecord, 'day' | 'streakAfter'> | null> {
    return this.days
      .findOne({ userId: toObjectId(userId), status: { $ne: 'checking' } }, { day: 1, streakAfter: 1 })
      .sort({ day: -1 })
      .lean()
      .exec();
  }

  /** Unique `(userId, day)`: does the user have a day before this one? */
  async hasDayBefore(userId: Id, day: string): Promise<boolean> {
    return (await this.days.exists({ userId: toObjectId(userId), day: { $lt: day } })) !== null;
  }

  /** Unique `(userId, day)`, newest first: the user's credited days. */
  listCredited(userId: Id, limit: number): Promise<ProofDayRecord[]> {
    return this.days
      .find({ userId: toObjectId(userId), status: 'credited' })
      .sort({ day: -1 })
      .limit(limit)
      .lean<ProofDayRecord[]>()
      .exec();
  }

  /** `(status, createdAt)`: days in these states since before `before`, for the maintenance job. */
  listInStateBefore(statuses: ProofDayStatus[], before: Date): Promise<ProofDayRecord[]> {
    return this.days
      .find({ status: { $in: statuses }, createdAt: { $lt: before } })
      .lean<ProofDayRecord[]>()
      .exec();
  }

  /** `_id`: the files passed their checks. */
  async recordChecked(id: Id, proofs: ProofFile[]): Promise<void> {
    await this.days.updateOne({ _id: toObjectId(id) }, { $set: { proofs, status: 'checked' } });
  }

  /** `_id`: the pending credits were moved into the balance. */
  async recordCredited(id: Id, coinsValidated: number): Promise<void> {
    await this.days.updateOne({ _id: toObjectId(id) }, { $set: { status: 'credited', coinsValidated } });
  }

  /** `_id`. */
  async delete(id: Id): Promise<void> {
    await this.days.deleteOne({ _id: toObjectId(id) });
  }
}
