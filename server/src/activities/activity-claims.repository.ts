import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { Id, toObjectId } from '../database/object-id';
import { ActivityClaim } from './activity.schema';

/** The one owner of the `activity_claims` collection: each key an activity is known by, used once, ever. */
@Injectable()
export class ActivityClaimsRepository {
  constructor(@InjectModel(ActivityClaim.name) private readonly claims: Model<ActivityClaim>) {}

  /** Insert on `_id` (the key): an activity claimed before fails with a duplicate-key error. */
  async claim(key: string, owner: { userId: Id; proofDayId: Id }): Promise<void> {
    await this.claims.create({ _id: key, userId: toObjectId(owner.userId), proofDayId: toObjectId(owner.proofDayId) });
  }

  /** `proofDayId`: releases the keys one proof day claimed. */
  async releaseDay(proofDayId: Id): Promise<void> {
    await this.claims.deleteMany({ proofDayId: toObjectId(proofDayId) });
  }
}
