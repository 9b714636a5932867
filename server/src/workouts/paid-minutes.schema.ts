import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The planned minutes paid on one user's day (`_id`: `<userId>:<YYYY-MM-DD>`, the day of capDay)
 * and the workouts they were paid for. A completion claims its minutes here by one conditional
 * update, so two completions at the same instant cannot both pay past DAILY_PAID_MINUTES.
 */
@Schema({ collection: 'paid_minutes', versionKey: false })
export class PaidMinutes {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) minutes!: number;
  @Prop({ type: [String], required: true }) workoutIds!: string[];
  /** The zone the day was read in (capDay), absent on counters kept before it was. */
  @Prop({ type: String, default: undefined }) timeZone?: string;
}

export const PaidMinutesSchema = SchemaFactory.createForClass(PaidMinutes);
