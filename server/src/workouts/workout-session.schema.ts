import { Prop, raw, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { Intensity, MuscleGroup, WorkoutType } from '../contract';

/**
 * A completed workout. The unique index on `workoutId` makes completion an insert with exactly one
 * winner.
 */
@Schema({
  collection: 'workout_sessions',
  versionKey: false,
  timestamps: { createdAt: 'completedAt', updatedAt: false },
})
export class WorkoutSession {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ type: SchemaTypes.ObjectId, required: true, unique: true }) workoutId!: Types.ObjectId;
  // `type` spelled out: a bare `type` key would be read as the subdocument's own schema type.
  @Prop(raw({ name: { type: String }, type: { type: String }, duration: { type: Number } }))
  workout!: { name: string; type: WorkoutType; duration: number };
  @Prop({ type: [String], required: true }) completedExercises!: string[];
  @Prop({ type: String, required: true }) intensity!: Intensity;
  @Prop({ required: true }) creditsEarned!: number;
  /** Muscle groups of the ticked exercises, for the coach's 48-hour recovery rule. */
  @Prop({ type: [String], default: [] }) muscles!: MuscleGroup[];
  completedAt!: Date;
}

export const WorkoutSessionSchema = SchemaFactory.createForClass(WorkoutSession);
WorkoutSessionSchema.index({ userId: 1, completedAt: -1 });
