import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Id, toObjectId, toView, View } from '../database/object-id';
import { BmiRecord } from './bmi-record.schema';

type StoredBmiRecord = BmiRecord & { _id: Types.ObjectId };
export type BmiRecordRow = View<StoredBmiRecord>;

/** A measurement as the BMI service builds it: a report's record takes its upload's id as `_id`. */
export type NewBmiRecord = Pick<BmiRecord, 'bmi' | 'category' | 'source'> &
  Partial<Pick<BmiRecord, 'height' | 'weight' | 'bodyFatPercentage' | 'muscleMass'>> & { _id?: Id; userId: Id };

/** The one owner of the `bmi_records` collection. */
@Injectable()
export class BmiRecordsRepository {
  constructor(@InjectModel(BmiRecord.name) private readonly records: Model<BmiRecord>) {}

  /** Insert; a report stored before (same `_id`) fails with a duplicate-key error. */
  async create({ _id, userId, ...record }: NewBmiRecord): Promise<void> {
    await this.records.create({
      ...record,
      ...(_id === undefined ? {} : { _id: toObjectId(_id) }),
      userId: toObjectId(userId),
    });
  }

  /** `(userId, createdAt)`: the user's records, newest first. */
  async listByUser(userId: Id): Promise<BmiRecordRow[]> {
    const rows = await this.records
      .find({ userId: toObjectId(userId) })
      .sort({ createdAt: -1, _id: -1 })
      .lean<StoredBmiRecord[]>()
      .exec();
    return rows.map(toView);
  }

  /**
   * `(userId, createdAt)`: the weight of the user's newest analysed report that read one, or null.
   * Weight goals are judged on these alone (a number typed into the calculator proves nothing).
   */
  async latestReportWeight(userId: Id): Promise<number | null> {
    const row = await this.records
      .findOne({ userId: toObjectId(userId), source: 'report', weight: { $ne: null } }, { weight: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .lean<Pick<BmiRecordRow, 'weight'>>()
      .exec();
    return row?.weight ?? null;
  }

  /** `(userId, createdAt)`: the user's newest calculator record, or null. */
  latestCalculatorRecord(userId: Id): Promise<Pick<BmiRecordRow, 'height' | 'weight' | 'createdAt'> | null> {
    return this.records
      .findOne({ userId: toObjectId(userId), source: 'calculator' }, { height: 1, weight: 1, createdAt: 1 })
      .sort({ createdAt: -1, _id: -1 })
      .lean<Pick<BmiRecordRow, 'height' | 'weight' | 'createdAt'>>()
      .exec();
  }

  /** `_id`, then its owner and source: one of the user's analysed reports, or null. */
  findReport(userId: Id, recordId: Id): Promise<Pick<BmiRecordRow, 'height' | 'weight'> | null> {
    return this.records
      .findOne({ _id: toObjectId(recordId), userId: toObjectId(userId), source: 'report' }, { height: 1, weight: 1 })
      .lean<Pick<BmiRecordRow, 'height' | 'weight'>>()
      .exec();
  }

  /** `(userId, createdAt)`: when the user's records in [from, to) were made. */
  async createdBetween(userId: Id, from: Date, to: Date): Promise<Array<Pick<BmiRecordRow, 'id' | 'createdAt'>>> {
    const rows = await this.records
      .find({ userId: toObjectId(userId), createdAt: { $gte: from, $lt: to } }, { createdAt: 1 })
      .lean()
      .exec();
    return rows.map(toView);
  }
}
