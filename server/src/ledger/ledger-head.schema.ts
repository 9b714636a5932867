import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The cached head of a chain whose owner has no user document to hold it (the community pool):
 * `_id` is the chain (`<owner>:<account>`), written only by the ledger, seq and balance together.
 */
@Schema({ collection: 'ledger_heads', versionKey: false })
export class LedgerHead {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) seq!: number;
  @Prop({ required: true }) balance!: number;
}

export const LedgerHeadSchema = SchemaFactory.createForClass(LedgerHead);
