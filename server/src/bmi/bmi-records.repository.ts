import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Id, toObjectId } from '../database/object-id';
import { BmiRecord } from './bmi-record.schema';

export type BmiRecordRow = BmiRecord & { _id: Types.ObjectId };

/** A measurement as the BMI service builds it: a report's record takes its upload's id as `_id`. */
export type NewBmiRecord = Pick<BmiRecord, 'bmi' | 'category' | 'source'> &
  Partial<Pick<BmiRecord, 'height' | 'weight' | 'bodyFatPercentage' | 'muscleMass'>> & { _id?: Id; userId: Id };

/** The one owner of the `bmi_records` collection. */
@Injectable()
export class BmiRecordsRepository {
  constructor(@InjectModel(BmiRecord.name) private readonly records: Model<BmiRecord>) {}

  /** Insert; a report stored before (same `_id`) fails with a duplicate-key error. */
  async create({ _id, userId, ...record }: NewBmiRecord): Promise<void> {
    await this.records.create({ ...record, ...(_id === undefined ? {} : { _id: toObjectId(_id) }), userId: toObjectId(userId) });
  }

  /** `(userId, createdAt)`: the user's records, newest first. */
  listByUser(userId: Id): Promise<BmiRecordRow[]> {
    return this.records.find({ userId: toObjectId(userId) }).sort({ createdAt: -1, _id: -1 }).lean<BmiRecordRow[]>().exec();
  }

  /** `(userId, createdAt)`, newest first: the latest analysed report that states a weight. */
  findLatestReportWeight(userId: Id): Promise<Pick<BmiRecordRow, 'weight'> | null> {
    return this.records
      .findOne({ userId: toObjectId(userId), source: 'report', weight: { $ne: null } }, { weight: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .lean()
      .exec();
  }

  /** `(userId, createdAt)`: when the user's records in [from, to) were made. */
  createdBetween(userId: Id, from: Date, to: Date): Promise<Array<Pick<BmiRecordRow, '_id' | 'createdAt'>>> {
    return this.records.find({ userId: toObjectId(userId), createdAt: { $gte: from, $lt: to } }, { createdAt: 1 }).lean().exec();
  }
}
