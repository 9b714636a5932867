import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { toObjectId } from '../database/object-id';
import { User } from '../users/user.schema';

/** The writer of the user document's streak fields, stored as of the last proof day shown. */
@Injectable()
export class StreaksRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /** `_id`: the streak fields as of the last proof day. */
  async find(userId: string): Promise<Pick<User, 'longestStreak' | 'lastProofDay'> | null> {
    return this.users.findById(toObjectId(userId), { longestStreak: 1, lastProofDay: 1 }).lean().exec();
  }

  /** `_id`: display fields; they derive from proof days and can be recomputed, so a plain $set. */
  async record(userId: string, streak: Pick<User, 'currentStreak' | 'longestStreak' | 'lastProofDay'>): Promise<void> {
    await this.users.updateOne({ _id: toObjectId(userId) }, { $set: streak });
  }
}
