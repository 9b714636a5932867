import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId } from '../database/object-id';
import { Redemption } from './redemption.schema';

export type RedemptionRecord = Redemption & { _id: Types.ObjectId };

export type NewRedemption = Omit<Redemption, 'userId' | 'createdAt'> & { userId: Id };

/** The one owner of the `redemptions` collection. */
@Injectable()
export class RedemptionsRepository {
  constructor(@InjectModel(Redemption.name) private readonly redemptions: Model<Redemption>) {}

  /** Unique `entryId`: the redemption a ledger spend paid for. */
  findByEntryId(entryId: string): Promise<RedemptionRecord | null> {
    return this.redemptions.findOne({ entryId }).lean<RedemptionRecord>().exec();
  }

  /** Insert; the unique `entryId` and `voucherCode` indexes refuse a second record or a colliding code. */
  async create({ userId, ...redemption }: NewRedemption): Promise<RedemptionRecord> {
    return (await this.redemptions.create({ ...redemption, userId: toObjectId(userId) })).toObject<RedemptionRecord>();
  }

  /** `(userId, createdAt)`: the user's newest redemptions. */
  listByUser(userId: Id, limit: number): Promise<RedemptionRecord[]> {
    return this.redemptions
      .find({ userId: toObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<RedemptionRecord[]>()
      .exec();
  }
}
