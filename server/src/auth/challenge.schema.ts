import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

export type ChallengePurpose = 'signin' | 'link';

/**
 * A sign-in nonce and the exact message issued with it. Consumed once through SingleUseClaimsRepository
 * (an insert, the one primitive atomic on every server); `expiresAt` is checked when it is read.
 * (No TTL index: FerretDB does not implement them; expired rows are swept on each new challenge.)
 */
@Schema({ collection: 'auth_challenges', versionKey: false })
export class AuthChallenge {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) walletAddress!: string;
  @Prop({ required: true }) message!: string;
  @Prop({ type: String, required: true }) purpose!: ChallengePurpose;
  @Prop({ required: true, index: true }) expiresAt!: Date;
}
export const AuthChallengeSchema = SchemaFactory.createForClass(AuthChallenge);

/**
 * A short-lived, single-use code carried by a browser navigation instead of a session token: `signin`,
 * put in the address by the X callback; `link`, taken by the profile's "link your X account" to X.
 */
@Schema({ collection: 'login_codes', versionKey: false })
export class LoginCode {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ required: true }) userId!: string;
  /** Codes stored before link codes existed are sign-in codes. */
  @Prop({ type: String, default: 'signin' }) purpose!: ChallengePurpose;
  @Prop({ required: true, index: true }) expiresAt!: Date;
}
export const LoginCodeSchema = SchemaFactory.createForClass(LoginCode);
