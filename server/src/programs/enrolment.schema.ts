import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema, SchemaTypes, Types } from 'mongoose';

import type { EnrolmentStatus } from '../contract';
import type { Program } from './catalogue';

// A coach-built program as the catalogue's are typed (catalogue/program.types.ts); `type` is spelt
// `{ type: String }` since Mongoose reads a bare `type` key as the path's own type.
const WeekDoseSchema = new MongooseSchema({ sets: Number, workSeconds: Number, restSeconds: Number }, { _id: false });
const SlotTargetSchema = new MongooseSchema(
  {
    kind: String,
    repsMin: Number,
    repsMax: Number,
    reps: Number,
    seconds: Number,
    meters: Number,
    addPerWeek: Number,
    max: Number,
    weeks: { type: [WeekDoseSchema], default: undefined },
  },
  { _id: false },
);
const SlotSchema = new MongooseSchema(
  { exercise: String, phase: String, sets: Number, restSeconds: Number, target: SlotTargetSchema },
  { _id: false },
);
const DaySchema = new MongooseSchema({ name: String, type: { type: String }, slots: [SlotSchema] }, { _id: false });
const CoachProgramSchema = new MongooseSchema(
  {
    id: String,
    name: String,
    summary: String,
    goal: String,
    level: String,
    weeks: Number,
    deloadWeeks: [Number],
    weekdays: [Number],
    days: [DaySchema],
  },
  { _id: false },
);

/**
 * A member's program: one per member (starting another replaces it). Days are YYYY-MM-DD in the
 * member's time zone. The schedule (schedule.rules.ts) reads `startedOn`, `done` and `lastDoneOn`.
 */
@Schema({ collection: 'program_enrolments', versionKey: false, timestamps: { createdAt: false, updatedAt: true } })
export class ProgramEnrolment {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ required: true }) programId!: string;
  /** A program the coach built for this member (programId `coach-built`); null for the catalogue's. */
  @Prop({ type: CoachProgramSchema, default: null }) program!: Program | null;
  @Prop({ type: String, required: true }) status!: EnrolmentStatus;
  /** The first planned day, moved later by the days spent paused. */
  @Prop({ required: true }) startedOn!: string;
  /** Sessions completed along the plan. */
  @Prop({ required: true, default: 0 }) done!: number;
  @Prop({ type: String, default: null }) lastDoneOn!: string | null;
  @Prop({ type: String, default: null }) pausedOn!: string | null;
  /** The workout issued for the next session and its place along the plan, until it is completed or replaced. */
  @Prop({ type: SchemaTypes.ObjectId, default: null }) workoutId!: Types.ObjectId | null;
  @Prop({ type: Number, default: null }) workoutIndex!: number | null;
  /** Workouts issued in deload weeks: progression passes over their sets (bounded by the plan's deload sessions). */
  @Prop({ type: [String], default: [] }) deloadWorkouts!: string[];
  /** Bumped by every change, so two concurrent writers cannot both apply theirs. */
  @Prop({ required: true, default: 0 }) version!: number;
  updatedAt!: Date;
}

export type StoredEnrolment = ProgramEnrolment & { _id: Types.ObjectId };
export const ProgramEnrolmentSchema = SchemaFactory.createForClass(ProgramEnrolment);
ProgramEnrolmentSchema.index({ userId: 1 }, { unique: true });
