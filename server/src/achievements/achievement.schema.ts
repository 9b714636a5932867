import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/** An earned badge. The unique (userId, code) index makes each one an insert that happens once. */
@Schema({ collection: 'achievements', versionKey: false, timestamps: { createdAt: 'earnedAt', updatedAt: false } })
export class Achievement {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ required: true }) code!: string;
  earnedAt!: Date;
}

export const AchievementSchema = SchemaFactory.createForClass(Achievement);
AchievementSchema.index({ userId: 1, code: 1 }, { unique: true });
