import { Prop, raw, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { ActivityFormat, ActivityKind } from '../contract';
import type { PackedShape } from './series-shape.codec';

/** An activity imported from a file that validated a proof day: what the file showed. */
@Schema({ collection: 'activities', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class Activity {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  /** Indexed: a proof day released before its credit takes its activity with it. */
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) proofDayId!: Types.ObjectId;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) uploadId!: Types.ObjectId;
  /** The proof day it validated, YYYY-MM-DD in the user's time zone. */
  @Prop({ required: true }) day!: string;
  @Prop({ type: String, required: true }) format!: ActivityFormat;
  @Prop({ type: String, required: true }) kind!: ActivityKind;
  @Prop({ required: true }) startedAt!: Date;
  @Prop({ required: true }) durationSeconds!: number;
  @Prop({ type: Number, default: null }) distanceMeters!: number | null;
  @Prop({ type: Number, default: null }) heartRateAvg!: number | null;
  @Prop({ type: Number, default: null }) heartRateMax!: number | null;
  @Prop({ type: Number, default: null }) calories!: number | null;
  @Prop({ type: Number, default: null }) steps!: number | null;
  @Prop({ type: String, default: null }) device!: string | null;

  createdAt!: Date;
}

export const ActivitySchema = SchemaFactory.createForClass(Activity);
// The user's list (newest day first) and the steps of one day.
ActivitySchema.index({ userId: 1, day: -1 });

/**
 * A key an imported activity is known by (its device and start, its first position and time...):
 * inserting it is how one activity proves one day, once, for anyone (a second insert fails on `_id`).
 */
@Schema({ collection: 'activity_claims', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class ActivityClaim {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  /** Indexed: releasing a proof day deletes its claims by it. */
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) proofDayId!: Types.ObjectId;
  /**
   * A shape key (a landmark of a recording's series), one document per key so the index holds a
   * plain string: a new recording reads the few claims that share one of its keys, however many are stored.
   */
  @Prop({ type: String }) shapeKey?: string;
  /** On a recording's shape document: its series on the grid, packed (series-shape.codec.ts), compared with a new recording's. */
  @Prop({ type: raw({ heartRate: Buffer, east: Buffer, north: Buffer }), default: undefined, _id: false })
  shape?: PackedShape;

  createdAt!: Date;
}

export const ActivityClaimSchema = SchemaFactory.createForClass(ActivityClaim);
ActivityClaimSchema.index({ shapeKey: 1 });
