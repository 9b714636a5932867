import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Id, toObjectId } from '../database/object-id';
import type { GoalMetric } from '../contract';
import { Goal } from './goal.schema';
import { openSlotOf } from './goals.rules';

export type GoalRecord = Goal & { _id: Types.ObjectId };

export type NewGoal = Pick<Goal, 'title' | 'metric' | 'targetValue' | 'deadline' | 'creditsStaked'> & { _id: Id; userId: Id };

/** The one owner of the `goals` collection. */
@Injectable()
export class GoalsRepository {
  constructor(@InjectModel(Goal.name) private readonly goals: Model<Goal>) {}

  /**
   * Insert under the id its stake was keyed with, holding the user's open slot for its metric until
   * settled; a taken `_id` or slot fails with a duplicate-key error.
   */
  async create({ _id, userId, ...goal }: NewGoal): Promise<GoalRecord> {
    const openSlot = openSlotOf(userId.toString(), goal.metric);
    return (await this.goals.create({ ...goal, _id: toObjectId(_id), userId: toObjectId(userId), openSlot })).toObject<GoalRecord>();
  }

  /** Unique `openSlot`: the user's active goal of this metric, if any. */
  findOpen(userId: Id, metric: GoalMetric): Promise<GoalRecord | null> {
    return this.goals.findOne({ openSlot: openSlotOf(userId.toString(), metric) }).lean<GoalRecord>().exec();
  }

  /** `_id`. */
  findById(id: Id): Promise<GoalRecord | null> {
    return this.goals.findById(toObjectId(id)).lean<GoalRecord>().exec();
  }

  /** `(userId, createdAt)`: the user's newest goals. */
  listByUser(userId: Id, limit: number): Promise<GoalRecord[]> {
    return this.goals.find({ userId: toObjectId(userId) }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<GoalRecord[]>().exec();
  }

  /** `status`: every goal still active, one at a time. */
  allActive(): AsyncIterable<GoalRecord> {
    return this.goals.find({ status: 'active' }).lean<GoalRecord[]>().cursor();
  }

  /** `_id`: the readable copy of a settled goal's outcome (the credits moved in the ledger); frees its open slot. */
  async recordOutcome(id: Id, outcome: Pick<Goal, 'status' | 'payout'>): Promise<void> {
    await this.goals.updateOne({ _id: toObjectId(id) }, { $set: { ...outcome, openSlot: id.toString() } });
  }
}
