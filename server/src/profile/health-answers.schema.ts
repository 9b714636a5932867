import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { HealthCondition, PregnancyState } from '../contract';

/**
 * A member's health screening answers (docs/product.md, Health screening), one document per member,
 * kept apart from the user record so nothing that shows a user (sign-in, GET /api/user) carries them.
 */
@Schema({ collection: 'health_answers', versionKey: false, timestamps: false })
export class HealthAnswersRecord {
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) userId!: Types.ObjectId;
  @Prop({ type: String, default: null }) pregnancy!: PregnancyState | null;
  @Prop({ type: Number, default: null }) pregnancyWeeks!: number | null;
  @Prop({ type: Number, default: null }) weeksSinceBirth!: number | null;
  @Prop({ type: Boolean, default: false }) usedToHighImpact!: boolean;
  @Prop({ type: [String], default: [] }) conditions!: HealthCondition[];
  /** When the answers were given: a pregnancy's weeks move on from here. */
  @Prop({ type: Date, required: true }) answeredAt!: Date;
}

export const HealthAnswersRecordSchema = SchemaFactory.createForClass(HealthAnswersRecord);
