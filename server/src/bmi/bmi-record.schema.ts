import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { BmiCategory } from '../contract';

/**
 * One BMI measurement. A report's record takes its upload's id as `_id`, so analysing the same
 * report again (a retried job, a double click) stores it once.
 */
@Schema({ collection: 'bmi_records', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class BmiRecord {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ required: true }) bmi!: number;
  @Prop({ type: String, required: true }) category!: BmiCategory;
  @Prop({ type: Number, default: null }) height!: number | null;
  @Prop({ type: Number, default: null }) weight!: number | null;
  @Prop({ type: String, required: true }) source!: 'calculator' | 'report';
  @Prop({ type: Number, default: null }) bodyFatPercentage!: number | null;
  @Prop({ type: Number, default: null }) muscleMass!: number | null;

  createdAt!: Date;
}

export const BmiRecordSchema = SchemaFactory.createForClass(BmiRecord);
BmiRecordSchema.index({ userId: 1, createdAt: -1 });
