import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import type { ProfileFields } from '../contract';
import { toObjectId } from '../database/object-id';
import { User } from '../users/user.schema';

/**
 * The writer of the user document's profile fields (age, height, weight, goal, equipment,
 * limitations, units, timeZone, profileSavedAt). Other modules move them through it: a BMI
 * measurement or report the height and weight, a validated proof day the time zone.
 */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /** `_id`: the profile as the user saved it (already checked by profile.rules), with the time of saving. */
  async save(userId: string, profile: ProfileFields, savedAt: Date): Promise<void> {
    await this.users.updateOne({ _id: toObjectId(userId) }, { $set: { ...profile, profileSavedAt: savedAt } });
  }

  /** `_id`: a height and weight measured or confirmed from a report; nothing when neither is given. */
  async recordFigures(userId: string, figures: Partial<Pick<User, 'height' | 'weight'>>): Promise<void> {
    if (Object.keys(figures).length === 0) return;
    await this.users.updateOne({ _id: toObjectId(userId) }, { $set: figures });
  }

  /** `_id`: the zone the browser was in on a validated proof day, so "today" is read there. */
  async moveTimeZone(userId: string, timeZone: string): Promise<void> {
    await this.users.updateOne({ _id: toObjectId(userId) }, { $set: { timeZone } });
  }
}
