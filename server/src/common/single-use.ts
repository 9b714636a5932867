import { Global, Injectable, Module } from '@nestjs/common';
import { InjectModel, MongooseModule, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { isDuplicateKey } from '../database/duplicate-key';

/** A claimed one-time key (nonce, login code, upload signature). The `_id` is the key. */
@Schema({ collection: 'single_use_claims', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class SingleUseClaim {
  @Prop({ type: String, required: true }) _id!: string;
}
export const SingleUseClaimSchema = SchemaFactory.createForClass(SingleUseClaim);

/**
 * The one owner of the `single_use_claims` collection. "Exactly once" for tokens: a claim is the
 * insert of the key as `_id`, which has exactly one winner on every MongoDB-compatible server and
 * leaves a record that the token was used.
 */
@Injectable()
export class SingleUseClaimsRepository {
  constructor(@InjectModel(SingleUseClaim.name) private readonly claims: Model<SingleUseClaim>) {}

  /** Insert on `_id`: true for the first caller with this key, false for every later or concurrent one. */
  async claim(key: string): Promise<boolean> {
    try {
      await this.claims.create({ _id: key });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Gives a claim back when the use it was for did not happen (an upload whose client hung up). */
  async release(key: string): Promise<void> {
    await this.claims.deleteOne({ _id: key });
  }
}

@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: SingleUseClaim.name, schema: SingleUseClaimSchema }])],
  providers: [SingleUseClaimsRepository],
  exports: [SingleUseClaimsRepository],
})
export class SingleUseModule {}
