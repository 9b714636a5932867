import { Prop, raw, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { LoggedSetKind, LoggedSetSource, MuscleGroup, PersonalRecordKind } from '../contract';

/**
 * What a set ranks by for its exercise's records, present only on a work set that counts (not a
 * warm-up, not removed): the record reads are top-one reads of the indexes on these fields, so
 * they stay flat in the size of the log. docs/product.md, Training log.
 */
export interface SetRank {
  loadKg?: number;
  /** The load and the distance as strings too: the local store answers string equalities from an index. */
  loadKey?: string;
  reps?: number;
  e1rmKg?: number;
  volumeKg?: number;
  meters?: number;
  metersKey?: string;
  seconds?: number;
}

/**
 * One set done (logged in a session, or imported). Metric only: loads in kg, distances in metres,
 * times in seconds. `key` is the client's id for the set, unique per user, so a re-sent change
 * counts once; a removed set stays as a tombstone (`removed`) so a late re-send cannot bring it back.
 */
@Schema({ collection: 'logged_sets', versionKey: false, timestamps: { createdAt: true, updatedAt: true } })
export class LoggedSet {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ required: true }) key!: string;
  /** The workout it was done in; for an import, the id the import gives each imported workout. */
  @Prop({ type: SchemaTypes.ObjectId, required: true }) sessionId!: Types.ObjectId;
  /** The exercise's id within that workout. */
  @Prop({ required: true }) exerciseId!: string;
  /** The exercise across workouts: the catalogue id (or the exercise id for one without). */
  @Prop({ required: true }) catalogueId!: string;
  @Prop({ required: true }) exerciseName!: string;
  @Prop({ type: [String], default: [] }) muscles!: MuscleGroup[];
  @Prop({ type: String, required: true }) kind!: LoggedSetKind;
  /** Its place among the exercise's sets of the session (warm-ups and work sets each from 0). */
  @Prop({ required: true }) order!: number;
  @Prop({ required: true }) warmup!: boolean;
  @Prop() reps?: number;
  @Prop() loadKg?: number;
  @Prop() seconds?: number;
  @Prop() meters?: number;
  @Prop() rpe?: number;
  @Prop() e1rmKg?: number;
  @Prop({ type: Date, required: true }) performedAt!: Date;
  @Prop({ type: String, required: true }) source!: LoggedSetSource;
  /** The import job that brought it in (source 'import'). */
  @Prop() importId?: string;
  @Prop({ required: true, default: false }) removed!: boolean;
  @Prop({
    type: raw({
      loadKg: Number,
      loadKey: String,
      reps: Number,
      e1rmKg: Number,
      volumeKg: Number,
      meters: Number,
      metersKey: String,
      seconds: Number,
    }),
    default: undefined,
    _id: false,
  })
  rank?: SetRank;
  /** The records it set when logged (for the badge beside it). */
  @Prop({ type: [String], default: [] }) records!: PersonalRecordKind[];
  createdAt!: Date;
  updatedAt!: Date;
}

export type StoredLoggedSet = LoggedSet & { _id: Types.ObjectId };
export const LoggedSetSchema = SchemaFactory.createForClass(LoggedSet);
/** One set per client key: the idempotency of every change. */
LoggedSetSchema.index({ userId: 1, key: 1 }, { unique: true });
/** A session's sets. */
LoggedSetSchema.index({ sessionId: 1, order: 1 });
/** An exercise's history (newest first) and its latest session. */
LoggedSetSchema.index({ userId: 1, catalogueId: 1, performedAt: -1 });
/** Sets in a date range (weekly volume, recovery, export). */
LoggedSetSchema.index({ userId: 1, performedAt: -1 });
/** Records, each a top-one read in index order: heaviest load, most reps at one load, e1RM, volume, fastest over one distance. */
LoggedSetSchema.index({ userId: 1, catalogueId: 1, 'rank.loadKg': -1 });
LoggedSetSchema.index({ userId: 1, catalogueId: 1, 'rank.loadKey': 1, 'rank.reps': -1 });
LoggedSetSchema.index({ userId: 1, catalogueId: 1, 'rank.e1rmKg': -1 });
LoggedSetSchema.index({ userId: 1, catalogueId: 1, 'rank.volumeKg': -1 });
LoggedSetSchema.index({ userId: 1, catalogueId: 1, 'rank.metersKey': 1, 'rank.seconds': 1 });
