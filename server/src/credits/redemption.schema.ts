import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * A redeemed marketplace item and its voucher. One per ledger spend: the unique `entryId` means a
 * retried request (same `redeem:<requestId>` entry) finds the record instead of adding a second one.
 */
@Schema({ collection: 'redemptions', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class Redemption {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ required: true }) itemId!: string;
  @Prop({ required: true }) title!: string;
  @Prop({ required: true }) cost!: number;
  @Prop({ required: true, unique: true }) voucherCode!: string;
  /** The ledger entry that paid for it. */
  @Prop({ required: true, unique: true }) entryId!: string;
  createdAt!: Date;
}

export const RedemptionSchema = SchemaFactory.createForClass(Redemption);
RedemptionSchema.index({ userId: 1, createdAt: -1 });
