import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * One sign-in identity (`wallet:<address>` or `x:<id>`) → its account. The key is the `_id`, so
 * "one wallet, one account" holds on any MongoDB-compatible server, with no sparse or partial index.
 */
@Schema({ collection: 'identities', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class Identity {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) userId!: Types.ObjectId;
}

export const IdentitySchema = SchemaFactory.createForClass(Identity);

export const walletIdentity = (address: string) => `wallet:${address}`;
export const twitterIdentity = (id: string) => `x:${id}`;
