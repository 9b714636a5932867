import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { GoalMetric, GoalStatus } from '../contract';

/**
 * A prediction goal with credits at stake. The money moves only through the ledger under
 * `goal:<id>:stake|bonus|settle` keys; `status` and `payout` here are a readable copy of the outcome.
 */
@Schema({ collection: 'goals', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class Goal {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ required: true }) title!: string;
  @Prop({ type: String, required: true }) metric!: GoalMetric;
  @Prop({ required: true }) targetValue!: number;
  /** YYYY-MM-DD; the goal runs until the end of that day (UTC). */
  @Prop({ required: true }) deadline!: string;
  @Prop({ required: true }) creditsStaked!: number;
  @Prop({ type: String, required: true, default: 'active', index: true }) status!: GoalStatus;
  @Prop({ type: Number, default: null }) payout!: number | null;
  /** When it was set on the server's Clock: it counts only what happened from then (goals stored before: createdAt). */
  @Prop({ type: Date }) startsAt?: Date;
  createdAt!: Date;
}

export const GoalSchema = SchemaFactory.createForClass(Goal);
GoalSchema.index({ userId: 1, createdAt: -1 });
