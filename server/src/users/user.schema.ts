import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import {
  type Difficulty,
  type EquipmentKind,
  FALLBACK_TIME_ZONE,
  type LimitationKind,
  type TrainingGoal,
  type UnitSystem,
} from '../contract';

/**
 * A member: one document, read whole by the session guard, whose fields each have one writing module
 * (docs/architecture.md, Data owners; test/data-owners.spec.ts). `sweatCredits` and `pendingCredits`
 * are only caches of the ledger's last balances (with the seq they reflect), written by the ledger's
 * BalanceCachesRepository. Streak fields are stored as of the last proof day.
 */
@Schema({ collection: 'users', timestamps: { createdAt: true, updatedAt: false } })
export class User {
  @Prop({ required: true, unique: true }) username!: string;
  @Prop({ type: String, default: null, index: true }) walletAddress!: string | null;
  @Prop({ type: String, default: null, index: true }) twitterId!: string | null;
  @Prop({ type: String, default: null }) twitterHandle!: string | null;
  @Prop({ type: SchemaTypes.ObjectId, default: null }) referredBy!: Types.ObjectId | null;

  @Prop({ default: 0, min: 0 }) sweatCredits!: number;
  @Prop({ default: 0 }) creditsSeq!: number;
  @Prop({ default: 0, min: 0 }) pendingCredits!: number;
  @Prop({ default: 0 }) pendingSeq!: number;

  @Prop({ default: 0 }) currentStreak!: number;
  @Prop({ default: 0 }) longestStreak!: number;
  @Prop({ type: String, default: null }) lastProofDay!: string | null;
  /**
   * The user's IANA time zone, set on the profile and by each proof validation (the zone the browser
   * was in): lastProofDay is a day there, so "today" is read there too.
   */
  @Prop({ type: String, default: FALLBACK_TIME_ZONE }) timeZone!: string;
  /**
   * The zone daily earnings are counted in (docs/product.md, Credits): the one of the last validated
   * proof day, the sign-up zone until then. The profile's zone does not move it: a proof day can, once a day.
   */
  @Prop({ type: String, default: FALLBACK_TIME_ZONE }) earningTimeZone!: string;
  /** The latest day (YYYY-MM-DD) a daily earning was paid on, and the zone it was read in; null before the first. */
  @Prop({ type: String, default: null }) lastEarningDay!: string | null;
  @Prop({ type: String, default: null }) lastEarningTimeZone!: string | null;

  /** Written only from workouts.rules fitnessLevel. */
  @Prop({ type: String, default: 'beginner' }) fitnessLevel!: Difficulty;
  @Prop({ type: Number, default: null }) height!: number | null;
  @Prop({ type: Number, default: null }) weight!: number | null;
  @Prop({ type: Number, default: null }) age!: number | null;
  @Prop({ type: Number, default: null }) latestBmi!: number | null;
  @Prop({ type: String, default: null }) goal!: TrainingGoal | null;
  @Prop({ type: [String], default: [] }) equipment!: EquipmentKind[];
  @Prop({ type: [String], default: [] }) limitations!: LimitationKind[];
  /** Display only: heights and weights are stored in cm and kg whatever this says. */
  @Prop({ type: String, default: 'metric' }) units!: UnitSystem;
  /** When the profile was last saved; null until then (the profile screen then proposes the browser's zone). */
  @Prop({ type: Date, default: null }) profileSavedAt!: Date | null;
  @Prop({ default: 0 }) totalWorkouts!: number;
  /** Distinct YYYY-MM months with an analysed body-scan report (feeds profile rank). */
  @Prop({ type: [String], default: [] }) reportMonths!: string[];

  /** Bumped by "sign out everywhere": a session token carries the epoch it was issued in. */
  @Prop({ default: 0 }) sessionEpoch!: number;
  /**
   * Signed-out sessions (token id → its expiry, in seconds) until they would have expired anyway.
   * Users are read lean everywhere, so this is a plain object (a Map only on hydrated documents).
   */
  @Prop({ type: Map, of: Number, default: {} }) revokedSessions!: Record<string, number>;

  createdAt!: Date;
}

export const UserSchema = SchemaFactory.createForClass(User);
