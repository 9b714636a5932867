import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId, toView, View } from '../database/object-id';
import { ProofDay, ProofDayStatus, ProofFile, ProofFileView } from './proof-day.schema';

type StoredProofDay = ProofDay & { _id: Types.ObjectId };
export type ProofDayRecord = View<StoredProofDay>;

export type NewProofDay = Pick<ProofDay, 'day' | 'timeZone' | 'streakAfter'> & { userId: Id; proofs: ProofFileView[] };

const stored = (proofs: ProofFileView[]): ProofFile[] =>
  proofs.map((proof) => ({ ...proof, uploadId: toObjectId(proof.uploadId) }));

/** The one owner of the `proof_days` collection. */
@Injectable()
export class ProofDaysRepository {
  constructor(@InjectModel(ProofDay.name) private readonly days: Model<ProofDay>) {}

  /** Insert as `checking`; the unique `(userId, day)` index makes this the day's lock (one winner). */
  async claim({ userId, proofs, ...day }: NewProofDay): Promise<ProofDayRecord> {
    return toView(
      (
        await this.days.create({ ...day, proofs: stored(proofs), userId: toObjectId(userId), status: 'checking' })
      ).toObject<StoredProofDay>(),
    );
  }

  /** Unique `(userId, day)`. */
  async findByUserDay(userId: Id, day: string): Promise<ProofDayRecord | null> {
    const found = await this.days
      .findOne({ userId: toObjectId(userId), day })
      .lean<StoredProofDay>()
      .exec();
    return found && toView(found);
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
  async listCredited(userId: Id, limit: number): Promise<ProofDayRecord[]> {
    const days = await this.days
      .find({ userId: toObjectId(userId), status: 'credited' })
      .sort({ day: -1 })
      .limit(limit)
      .lean<StoredProofDay[]>()
      .exec();
    return days.map(toView);
  }

  /** `(status, createdAt)`: days in these states since before `before`, for the maintenance job. */
  async listInStateBefore(statuses: ProofDayStatus[], before: Date): Promise<ProofDayRecord[]> {
    const days = await this.days
      .find({ status: { $in: statuses }, createdAt: { $lt: before } })
      .lean<StoredProofDay[]>()
      .exec();
    return days.map(toView);
  }

  /** `_id`: the files passed their checks. */
  async recordChecked(id: Id, proofs: ProofFileView[]): Promise<void> {
    await this.days.updateOne({ _id: toObjectId(id) }, { $set: { proofs: stored(proofs), status: 'checked' } });
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
