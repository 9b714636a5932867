import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One per user and metric (`_id`: `<userId>:<metric>`): the goal that holds it. A new goal on the
 * metric takes the slot only from a goal that is no longer active, by one atomic compare-and-set,
 * so two submissions racing for one metric cannot both be stored (one open goal per metric).
 */
@Schema({ collection: 'goal_slots', versionKey: false })
export class GoalSlot {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) goalId!: string;
  /** When `goalId` took it: a claimant that stopped before storing its goal frees it after a while. */
  @Prop({ type: Date, required: true }) claimedAt!: Date;
}

export const GoalSlotSchema = SchemaFactory.createForClass(GoalSlot);
