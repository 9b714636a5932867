import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { EvidenceCheck, ProofKind } from '../contract';
import type { Plain } from '../database/object-id';

/**
 * Where a validation is: `checking` (the day is claimed, the proof.check job runs), `checked`
 * (passed; the ledger moves may still be missing after a crash and are completed by a retry),
 * `credited` (pending moved into the balance, streak shown).
 */
export type ProofDayStatus = 'checking' | 'checked' | 'credited';

export interface ProofFile {
  kind: ProofKind;
  uploadId: Types.ObjectId;
  mime: string;
  size: number;
  sha256: string;
  checks: EvidenceCheck[];
}

/** A proof file as services hold it: its upload's id as a string. */
export type ProofFileView = Plain<ProofFile>;

/**
 * One validated day of one user. The unique (userId, day) index makes the insert the lock: the day
 * is claimed by creating it, with exactly one winner.
 */
@Schema({ collection: 'proof_days', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class ProofDay {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  /** YYYY-MM-DD in `timeZone`. */
  @Prop({ required: true }) day!: string;
  @Prop({ required: true }) timeZone!: string;
  @Prop({ required: true }) streakAfter!: number;
  @Prop({ type: String, required: true }) status!: ProofDayStatus;
  /** Set once credited: the pending credits this day moved into the balance. */
  @Prop({ default: 0 }) coinsValidated!: number;
  @Prop({ type: [Object], required: true }) proofs!: ProofFile[];

  createdAt!: Date;
}

export const ProofDaySchema = SchemaFactory.createForClass(ProofDay);
ProofDaySchema.index({ userId: 1, day: -1 }, { unique: true });
// The maintenance job's search for days a dead request left behind.
ProofDaySchema.index({ status: 1, createdAt: 1 });

/**
 * A file used as a proof, keyed by its sha256: inserting it is how a photo or video is used once,
 * ever, by anyone (a second insert of the same bytes fails on `_id`).
 */
@Schema({ collection: 'proof_media', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class ProofMedia {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) uploadId!: Types.ObjectId;
  /** Indexed: releasing a day deletes its media by it. */
  @Prop({ type: SchemaTypes.ObjectId, required: true, index: true }) proofDayId!: Types.ObjectId;

  createdAt!: Date;
}

export const ProofMediaSchema = SchemaFactory.createForClass(ProofMedia);
