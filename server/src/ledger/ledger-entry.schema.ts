import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, Types } from 'mongoose';

/**
 * Which balance of a user an entry moves: `credits` (spendable, the product’s sweatCredits) or `pending`
 * (earned by workouts, waiting for the daily proof).
 */
export type LedgerAccount = 'credits' | 'pending';

/**
 * One movement of credits on one account, append-only. `seq` numbers an account's entries
 * 1, 2, 3… and the unique (userId, account, seq) index lets exactly one concurrent writer claim each
 * number and finds a chain's last entry; `balanceAfter` chains them, so a balance is always the last
 * entry's. The `_id` is `<userId>:<account>:<seq>` (see entryId): readable where an operator names
 * an entry (`credits:reverse`), and the same for every writer of one seq.
 * `idempotencyKey` is always set (random when an operation has no natural key) because the
 * local FerretDB has no partial indexes; its unique index makes every keyed operation happen once.
 */
@Schema({ collection: 'ledger_entries', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class LedgerEntry {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: SchemaTypes.ObjectId, required: true }) userId!: Types.ObjectId;
  @Prop({ type: String, required: true, default: 'credits' }) account!: LedgerAccount;
  @Prop({ required: true }) seq!: number;
  @Prop({ required: true }) amount!: number;
  @Prop({ required: true, min: 0 }) balanceAfter!: number;
  @Prop({ required: true }) kind!: string;
  @Prop({ required: true }) reason!: string;
  @Prop({ required: true, unique: true }) idempotencyKey!: string;
  /** What the movement is about: a transaction signature, a tweet id, a goal id, a reversed entry… */
  @Prop({ type: String, default: null }) ref!: string | null;
  createdAt!: Date;
}

export const LedgerEntrySchema = SchemaFactory.createForClass(LedgerEntry);
LedgerEntrySchema.index({ userId: 1, account: 1, seq: 1 }, { unique: true });

/** One account's chain of entries: `<userId>:<account>`. */
export function chainId(userId: string, account: LedgerAccount): string {
  return `${userId}:${account}`;
}

export function entryId(userId: string, account: LedgerAccount, seq: number): string {
  return `${chainId(userId, account)}:${seq}`;
}
