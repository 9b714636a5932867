import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { toObjectId } from '../database/object-id';
import { User } from '../users/user.schema';

/** The writer of the user document's BMI caches: the latest BMI, and the months with an analysed report (profile rank). */
@Injectable()
export class BmiCachesRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /** `_id`: the calculator's latest BMI, shown on the dashboard. */
  async recordLatest(userId: string, latestBmi: number): Promise<void> {
    await this.users.updateOne({ _id: toObjectId(userId) }, { $set: { latestBmi } });
  }

  /** `_id`: an analysed body-scan report's BMI and its month (distinct months feed the rank). */
  async recordReport(userId: string, latestBmi: number, month: string): Promise<void> {
    await this.users.updateOne(
      { _id: toObjectId(userId) },
      { $set: { latestBmi }, $addToSet: { reportMonths: month } },
    );
  }
}
