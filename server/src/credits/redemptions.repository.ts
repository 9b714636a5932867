import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId, toView, View } from '../database/object-id';
import { Redemption } from './redemption.schema';

type StoredRedemption = Redemption & { _id: Types.ObjectId };
export type RedemptionRecord = View<StoredRedemption>;

export type NewRedemption = Omit<Redemption, 'userId' | 'createdAt'> & { userId: Id };

/** The one owner of the `redemptions` collection. */
@Injectable()
export class RedemptionsRepository {
  constructor(@InjectModel(Redemption.name) private readonly redemptions: Model<Redemption>) {}

  /** Unique `entryId`: the redemption a ledger spend paid for. */
  async findByEntryId(entryId: string): Promise<RedemptionRecord | null> {
    const row = await this.redemptions.findOne({ entryId }).lean<StoredRedemption>().exec();
    return row && toView(row);
  }

  /** Insert; the unique `entryId` and `voucherCode` indexes refuse a second record or a colliding code. */
  async create({ userId, ...redemption }: NewRedemption): Promise<RedemptionRecord> {
    return toView(
      (await this.redemptions.create({ ...redemption, userId: toObjectId(userId) })).toObject<StoredRedemption>(),
    );
  }

  /** `(userId, createdAt)`: the user's newest redemptions. */
  async listByUser(userId: Id, limit: number): Promise<RedemptionRecord[]> {
    const rows = await this.redemptions
      .find({ userId: toObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<StoredRedemption[]>()
      .exec();
    return rows.map(toView);
  }
}
