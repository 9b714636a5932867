import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId, toView, View } from '../database/object-id';
import { Goal } from './goal.schema';

type StoredGoal = Goal & { _id: Types.ObjectId };
export type GoalRecord = View<StoredGoal>;

export type NewGoal = Pick<Goal, 'title' | 'metric' | 'targetValue' | 'deadline' | 'creditsStaked'> & {
  id: Id;
  userId: Id;
  startsAt: Date;
};

/** The one owner of the `goals` collection. */
@Injectable()
export class GoalsRepository {
  constructor(@InjectModel(Goal.name) private readonly goals: Model<Goal>) {}

  /** Insert under the id its stake was keyed with; active until settled. */
  async create({ id, userId, ...goal }: NewGoal): Promise<GoalRecord> {
    return toView(
      (await this.goals.create({ ...goal, _id: toObjectId(id), userId: toObjectId(userId) })).toObject<StoredGoal>(),
    );
  }

  /** `_id`. */
  async findById(id: Id): Promise<GoalRecord | null> {
    const goal = await this.goals.findById(toObjectId(id)).lean<StoredGoal>().exec();
    return goal && toView(goal);
  }

  /** `(userId, createdAt)`: the user's newest goals. */
  async listByUser(userId: Id, limit: number): Promise<GoalRecord[]> {
    const goals = await this.goals
      .find({ userId: toObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .limit(limit)
      .lean<StoredGoal[]>()
      .exec();
    return goals.map(toView);
  }

  /** `status`: every goal still active, one at a time. */
  async *allActive(): AsyncGenerator<GoalRecord> {
    for await (const goal of this.goals.find({ status: 'active' }).lean<StoredGoal[]>().cursor()) yield toView(goal);
  }

  /** `_id`: the readable copy of a settled goal's outcome (the credits moved in the ledger). */
  async recordOutcome(id: Id, outcome: Pick<Goal, 'status' | 'payout'>): Promise<void> {
    await this.goals.updateOne({ _id: toObjectId(id) }, { $set: outcome });
  }
}
