import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import type { SeriesShape } from '../contract/job-shapes';
import { Id, toObjectId } from '../database/object-id';
import { ActivityClaim } from './activity.schema';
import { packShape, unpackShape } from './series-shape.codec';
import { byKeysShared, SHAPE_RULES } from './series-shape.rules';

/**
 * Pair-key documents read per look-up, to rank claims by the keys they share: every one up to about
 * 200,000 claims, an arbitrary part beyond (measured: docs/evidence.md, "A reused recording").
 */
export const PAIR_HITS_READ = 4096;

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

  /**
   * The shapes of other proof days likeliest to be this recording (a bounded number): those sharing
   * the most landmark pairs first, then any sharing a landmark.
   */
  async shapesSharing(
    keys: { pairs: string[]; landmarks: string[] },
    exceptProofDayId: Id,
  ): Promise<Array<{ proofDayId: string; shape: SeriesShape }>> {
    const own = exceptProofDayId.toString();
    const days = new Set(
      byKeysShared(await this.proofDaysSharing(keys.pairs, PAIR_HITS_READ))
        .filter((id) => id !== own)
        .slice(0, SHAPE_RULES.candidatesCompared),
    );
    if (days.size < SHAPE_RULES.candidatesCompared) {
      for (const id of await this.proofDaysSharing(keys.landmarks, SHAPE_RULES.candidatesCompared))
        if (id !== own && days.size < SHAPE_RULES.candidatesCompared) days.add(id);
    }
    return this.shapesOf([...days]);
  }

  /** `shapeKey` (indexed): the proof day of each key document holding one of `keys`, at most `limit` read. */
  async proofDaysSharing(keys: string[], limit: number): Promise<string[]> {
    if (!keys.length) return [];
    const hits = await this.claims
      .find({ shapeKey: { $in: keys } }, { proofDayId: 1 })
      .limit(limit)
      .lean();
    return hits.map((h) => h.proofDayId.toString());
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
