import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

import type { EvidenceCheck, ProofKind } from '../contract';

/**
 * What the proof.check job found in one file for one challenge code: kept so validate-all reuses
 * the early check (POST /api/proof/check) of an unchanged file instead of running it again. The
 * unique (uploadId, sha256, challengeCode) index lets two checks of one file race: the first write wins.
 */
@Schema({ collection: 'proof_checks', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class ProofCheck {
  @Prop({ type: SchemaTypes.ObjectId, required: true }) uploadId!: Types.ObjectId;
  @Prop({ required: true }) sha256!: string;
  @Prop({ required: true }) challengeCode!: string;
  @Prop({ type: String, required: true }) kind!: ProofKind;
  @Prop({ type: [Object], required: true }) checks!: EvidenceCheck[];

  createdAt!: Date;
}

export const ProofCheckSchema = SchemaFactory.createForClass(ProofCheck);
ProofCheckSchema.index({ uploadId: 1, sha256: 1, challengeCode: 1 }, { unique: true });
