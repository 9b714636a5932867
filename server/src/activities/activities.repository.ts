import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId, toView, View } from '../database/object-id';
import { Activity } from './activity.schema';

type StoredActivity = Activity & { _id: Types.ObjectId };
export type ActivityRecord = View<StoredActivity>;
export type NewActivity = Omit<Activity, 'userId' | 'proofDayId' | 'uploadId' | 'createdAt'> & {
  userId: Id;
  proofDayId: Id;
  uploadId: Id;
};

/** The one owner of the `activities` collection. */
@Injectable()
export class ActivitiesRepository {
  constructor(@InjectModel(Activity.name) private readonly activities: Model<Activity>) {}

  async insert({ userId, proofDayId, uploadId, ...activity }: NewActivity): Promise<void> {
    await this.activities.create({
      ...activity,
      userId: toObjectId(userId),
      proofDayId: toObjectId(proofDayId),
      uploadId: toObjectId(uploadId),
    });
  }

  /** `(userId, day)`, newest day first. */
  async listByUser(userId: Id, limit: number): Promise<ActivityRecord[]> {
    const rows = await this.activities
      .find({ userId: toObjectId(userId) })
      .sort({ day: -1, startedAt: -1 })
      .limit(limit)
      .lean<StoredActivity[]>()
      .exec();
    return rows.map(toView);
  }

  /** `(userId, day)`: the steps the day's imported activities carry (0 without any). */
  async stepsOn(userId: Id, day: string): Promise<number> {
    const rows = await this.activities
      .find({ userId: toObjectId(userId), day }, { steps: 1 })
      .lean()
      .exec();
    return rows.reduce((total, row) => total + (row.steps ?? 0), 0);
  }

  /** `proofDayId`. */
  async deleteByProofDay(proofDayId: Id): Promise<void> {
    await this.activities.deleteMany({ proofDayId: toObjectId(proofDayId) });
  }
}
