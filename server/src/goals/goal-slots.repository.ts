import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import type { GoalMetric } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { GoalSlot } from './goal-slot.schema';

const slotId = (userId: string, metric: GoalMetric) => `${userId}:${metric}`;

/** The one owner of the `goal_slots` collection. */
@Injectable()
export class GoalSlotsRepository {
  constructor(@InjectModel(GoalSlot.name) private readonly slots: Model<GoalSlot>) {}

  /**
   * `_id`: gives the user's slot on `metric` to `goalId` when it is free or held by a goal `isOver`
   * says is no longer active. False when an active goal holds it (or won the race for it).
   */
  async claim(
    userId: string,
    metric: GoalMetric,
    goalId: string,
    isOver: (held: { goalId: string; claimedAt: Date }) => Promise<boolean>,
    now: Date,
  ): Promise<boolean> {
    const _id = slotId(userId, metric);
    try {
      await this.slots.create({ _id, goalId, claimedAt: now });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const held = await this.slots.findById(_id).lean<GoalSlot>().exec();
    if (!held) return false;
    if (held.goalId === goalId) return true;
    if (!(await isOver(held))) return false;
    // Compare-and-set: only one of several claimants replaces the goal that held it.
    const taken = await this.slots.updateOne({ _id, goalId: held.goalId }, { $set: { goalId, claimedAt: now } }).exec();
    return taken.modifiedCount === 1;
  }

  /** `_id`: gives the slot up, if `goalId` still holds it (its goal was refused after claiming). */
  async release(userId: string, metric: GoalMetric, goalId: string): Promise<void> {
    await this.slots.deleteOne({ _id: slotId(userId, metric), goalId }).exec();
  }
}
