import { Prop, raw, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { Difficulty, ExerciseView, MuscleGroup, WorkoutType } from '../contract';
import type { ScreeningLimits } from '../contract/job-shapes';
import type { View } from '../database/object-id';
import type { Equipment, Limitation, Muscle } from './catalogue/catalogue.types';

/** A generated workout. The newest one of the day that has no session is "today's workout". */
@Schema({ collection: 'workouts', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class Workout {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ required: true }) name!: string;
  @Prop({ type: String, required: true }) type!: WorkoutType;
  @Prop({ type: String, required: true }) difficulty!: Difficulty;
  @Prop({ required: true }) duration!: number;
  @Prop({ required: true }) creditsReward!: number;
  @Prop({
    type: [
      raw({
        id: String,
        name: String,
        description: String,
        phase: String,
        prescription: String,
        muscles: [String],
        catalogueId: String,
        dose: {
          kind: String,
          sets: Number,
          reps: Number,
          workSeconds: Number,
          meters: Number,
          restSeconds: Number,
          eachSide: Boolean,
          loadKg: Number,
        },
      }),
    ],
    required: true,
    _id: false,
  })
  exercises!: ExerciseView[];
  @Prop({ type: [String], default: [] }) notes!: string[];
  /** What it was planned with, so SWAP keeps to it (absent on workouts from before the catalogue: none at hand, none stated). */
  @Prop({ type: [String], default: undefined }) equipment?: Equipment[];
  @Prop({ type: [String], default: undefined }) limitations?: Limitation[];
  /** What the member's health screening ruled out when it was planned (docs/product.md, Health screening); absent: nothing. */
  @Prop({
    type: raw({
      noSupine: Boolean,
      noProne: Boolean,
      noHighImpact: Boolean,
      noAllOut: Boolean,
      maxDifficulty: String,
      notes: [String],
    }),
    default: undefined,
    _id: false,
  })
  screening?: ScreeningLimits;
  /** The body parts and the muscles named within them it was planned for, so a session made easier or shorter keeps them (absent: a balanced plan). */
  @Prop({ type: [String], default: undefined }) focus?: MuscleGroup[];
  @Prop({ type: [String], default: undefined }) focusMuscles?: Muscle[];
  /** The active session's ticked exercise ids, kept as they are ticked so they survive reloads (absent until the first tick). */
  @Prop({ type: [String], default: undefined }) ticked?: string[];
  /** When the user started it (START or the first tick); half its duration later it may be completed. */
  @Prop({ type: Date, default: undefined }) startedAt?: Date;
  /** YYYY-MM-DD (UTC) it was generated on. */
  @Prop({ required: true }) day!: string;
  createdAt!: Date;
}

/** A workout as stored, read lean or built for a lean insert. */
export type StoredWorkout = Workout & { _id: Types.ObjectId };
/** A workout as its repository returns it. */
export type WorkoutRecord = View<StoredWorkout>;
export const WorkoutSchema = SchemaFactory.createForClass(Workout);
WorkoutSchema.index({ userId: 1, createdAt: -1 });
