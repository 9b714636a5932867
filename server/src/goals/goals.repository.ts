import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId } from '../database/object-id';
import { Goal } from './goal.schema';

export type GoalRecord = Goal & { _id: Types.ObjectId };

export type NewGoal = Pick<Goal, 'title' | 'metric' | 'targetValue' | 'deadline' | 'creditsStaked'> & {
  _id: Id;
  userId: Id;
  startsAt: Date;
};

/** The one owner of the `goals` collection. */
@Injectable()
export class GoalsRepository {
  constructor(@InjectModel(Goal.name) private readonly goals: Model<Goal>) {}

  /** Insert under the id its stake was keyed with; active until settled. */
  async create({ _id, userId, ...goal }: NewGoal): Promise<GoalRecord> {
    return (
      await this.goals.create({ ...goal, _id: toObjectId(_id), userId: toObjectId(userId) })
    ).toObject<GoalRecord>();
  }

  /** `_id`. */
  findById(id: Id): Promise<GoalRecord | null> {
    return this.goals.findById(toObjectId(id)).lean<GoalRecord>().exec();
  }

  /** `(userId, createdAt)`: the user's newest goals. */
  listByUser(userId: Id, limit: number): Promise<GoalRecord[]> {
    return this.goals
      .find({ userId: toObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<GoalRecord[]>()
      .exec();
  }

  /** `status`: every goal still active, one at a time. */
  allActive(): AsyncIterable<GoalRecord> {
    return this.goals.find({ status: 'active' }).lean<GoalRecord[]>().cursor();
  }

  /** `_id`: the readable copy of a settled goal's outcome (the credits moved in the ledger). */
  async recordOutcome(id: Id, outcome: Pick<Goal, 'status' | 'payout'>): Promise<void> {
    await this.goals.updateOne({ _id: toObjectId(id) }, { $set: outcome });
  }
}
