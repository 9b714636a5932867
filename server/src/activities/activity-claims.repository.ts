import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import type { SeriesShape } from '../contract/job-shapes';
import { Id, toObjectId } from '../database/object-id';
import { ActivityClaim } from './activity.schema';
import { packShape, unpackShape } from './series-shape.codec';

/** At most this many claims are read per look-up, whatever the collection holds. */
export const SHAPE_CANDIDATES_READ = 64;

const shapeId = (proofDayId: Id) => `shape:${proofDayId.toString()}`;

/** The one owner of the `activity_claims` collection: each key an activity is known by, used once, ever. */
@Injectable()
export class ActivityClaimsRepository {
  constructor(@InjectModel(ActivityClaim.name) private readonly claims: Model<ActivityClaim>) {}

  /** Insert on `_id` (the key): an activity claimed before fails with a duplicate-key error. */
  async claim(key: string, owner: { userId: Id; proofDayId: Id }): Promise<void> {
    await this.claims.create({ _id: key, userId: toObjectId(owner.userId), proofDayId: toObjectId(owner.proofDayId) });
  }

  /** Stores a recording's shape for a proof day, and one key document per shape key (indexed). */
  async claimShape(shape: SeriesShape, keys: string[], owner: { userId: Id; proofDayId: Id }): Promise<void> {
    const base = { userId: toObjectId(owner.userId), proofDayId: toObjectId(owner.proofDayId) };
    await this.claims.insertMany([
      { _id: shapeId(owner.proofDayId), ...base, shape: packShape(shape) },
      ...keys.map((key) => ({ _id: `${key}:${owner.proofDayId.toString()}`, ...base, shapeKey: key })),
    ]);
  }

  /** The shapes of other proof days that share one of `keys` (a bounded number), to compare. */
  async shapesSharing(
    keys: string[],
    exceptProofDayId: Id,
  ): Promise<Array<{ proofDayId: string; shape: SeriesShape }>> {
    const days = (await this.proofDaysSharing(keys)).filter((id) => id !== exceptProofDayId.toString());
    return this.shapesOf(days);
  }

  /** `shapeKey` (indexed): the proof days whose claims share any of these keys, at most SHAPE_CANDIDATES_READ key documents read. */
  async proofDaysSharing(keys: string[]): Promise<string[]> {
    if (!keys.length) return [];
    const hits = await this.claims
      .find({ shapeKey: { $in: keys } }, { proofDayId: 1 })
      .limit(SHAPE_CANDIDATES_READ)
      .lean();
    return [...new Set(hits.map((h) => h.proofDayId.toString()))];
  }

  /** `_id`: the stored series shapes of these proof days. */
  async shapesOf(proofDayIds: string[]): Promise<Array<{ proofDayId: string; shape: SeriesShape }>> {
    if (!proofDayIds.length) return [];
    const shapes = await this.claims
      .find({ _id: { $in: proofDayIds.map(shapeId) } }, { proofDayId: 1, shape: 1 })
      .lean();
    return shapes
      .filter((s) => s.shape)
      .map((s) => ({ proofDayId: s.proofDayId.toString(), shape: unpackShape(s.shape!) }));
  }

  /** `proofDayId`: releases the keys one proof day claimed. */
  async releaseDay(proofDayId: Id): Promise<void> {
    await this.claims.deleteMany({ proofDayId: toObjectId(proofDayId) });
  }
}
