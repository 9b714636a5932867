import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { toObjectId } from '../database/object-id';
import { User } from '../users/user.schema';

/** The writer of the user document's training stats (totalWorkouts, fitnessLevel). */
@Injectable()
export class TrainingStatsRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /** `_id`: the workout count and level, derived from the user's sessions. */
  async record(userId: string, stats: Pick<User, 'totalWorkouts' | 'fitnessLevel'>): Promise<void> {
    await this.users.updateOne({ _id: toObjectId(userId) }, { $set: stats });
  }
}
