import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, mongo } from 'mongoose';

import { GroupedWrites } from '../database/grouped-writes';
import { toObjectId, toView, View } from '../database/object-id';
import { entryId, LedgerAccount, LedgerEntry } from './ledger-entry.schema';

/** The last entry of a chain, as far as posting the next one needs; seq 0 for an empty chain. */
export interface ChainHead {
  seq: number;
  balanceAfter: number;
}

const EMPTY_CHAIN: ChainHead = { seq: 0, balanceAfter: 0 };

/** An entry as it leaves this repository: `id` (`<owner>:<account>:<seq>`) and the owner's id as strings. */
export type EntryView = View<LedgerEntry>;

/** An entry as the ledger builds it; the repository gives it its `_id` and time. */
export type NewEntry = Omit<EntryView, 'id' | 'createdAt'>;

/** The one owner of the `ledger_entries` collection. Entries are only ever inserted, never changed. */
@Injectable()
export class LedgerEntriesRepository {
  private readonly inserts = new GroupedWrites<LedgerEntry>((entries) => this.insertEach(entries));

  constructor(@InjectModel(LedgerEntry.name) private readonly entries: Model<LedgerEntry>) {}

  /**
   * Insert, resolved once durable; the unique `_id`, `(userId, account, seq)` and `idempotencyKey`
   * indexes refuse a taken seq or a repeated operation with a duplicate-key error.
   */
  async append(draft: NewEntry): Promise<EntryView> {
    const id = entryId(draft.userId, draft.account, draft.seq);
    const createdAt = new Date();
    await this.inserts.add({ ...draft, _id: id, userId: toObjectId(draft.userId), createdAt });
    return { ...draft, id, createdAt };
  }

  /**
   * Concurrent postings' entries in one unordered insert: each is claimed or refused on its own, as
   * alone, and one command commits them together (FerretDB's SQLite backend writes an insert's
   * documents in one transaction, one fsync; when one is refused it inserts them one by one). Through
   * the driver's collection, past Mongoose's casting and validation: every field is built and
   * checked by the ledger, and that wrapping had cost the process more CPU per posting than the
   * driver's own work (`npm run bench`).
   */
  private async insertEach(entries: LedgerEntry[]): Promise<Map<number, unknown> | void> {
    try {
      await (this.entries.collection as unknown as mongo.Collection<LedgerEntry>).insertMany(entries, {
        ordered: false,
      });
    } catch (err) {
      const refused = err instanceof mongo.MongoBulkWriteError ? [err.writeErrors].flat() : [];
      if (refused.length === 0) throw err;
      return new Map(
        refused.map((one) => [
          one.index,
          new mongo.MongoServerError({ message: one.errmsg ?? 'write refused', code: one.code }),
        ]),
      );
    }
  }

  /** `_id`. */
  async findById(id: string): Promise<EntryView | null> {
    const entry = await this.entries.findById(id).lean<LedgerEntry>().exec();
    return entry && toView(entry);
  }

  /** Unique `idempotencyKey`: the entry of an operation posted before. */
  async findByIdempotencyKey(idempotencyKey: string): Promise<EntryView | null> {
    const entry = await this.entries.findOne({ idempotencyKey }).lean<LedgerEntry>().exec();
    return entry && toView(entry);
  }

  /** `(userId, account)`, then a scan of that user's credits: has an entry of this kind for `ref` been posted? */
  async existsForRef(userId: string, kind: string, ref: string): Promise<boolean> {
    return (await this.entries.exists({ userId: toObjectId(userId), account: 'credits', kind, ref }).exec()) !== null;
  }

  /** Unique `idempotencyKey`: which of these operations were posted. */
  async postedKeys(idempotencyKeys: string[]): Promise<string[]> {
    const rows = await this.entries
      .find({ idempotencyKey: { $in: idempotencyKeys } }, { idempotencyKey: 1 })
      .lean()
      .exec();
    return rows.map((row) => row.idempotencyKey);
  }

  /**
   * Unique `(userId, account, seq)`, read backwards: the chain's last entry, one index entry read
   * whatever the chain's length (MongoDB; the local FerretDB since local-store/patches/6-*.patch).
   */
  async head(userId: string, account: LedgerAccount): Promise<ChainHead> {
    const last = await this.entries
      .findOne({ userId: toObjectId(userId), account }, { seq: 1, balanceAfter: 1 })
      .sort({ seq: -1 })
      .lean()
      .exec();
    return last ?? EMPTY_CHAIN;
  }

  /** Unique `(userId, account, seq)`, read backwards: a page of one account, newest first, before a seq. */
  async page(userId: string, account: LedgerAccount, limit: number, before?: number): Promise<EntryView[]> {
    const filter = { userId: toObjectId(userId), account, ...(before === undefined ? {} : { seq: { $lt: before } }) };
    const entries = await this.entries.find(filter).sort({ seq: -1 }).limit(limit).lean<LedgerEntry[]>().exec();
    return entries.map(toView);
  }

  /** A full pass in the unique `(userId, account, seq)` index's order, for `ledger:verify`. */
  async *allInChainOrder(): AsyncGenerator<Pick<EntryView, 'userId' | 'account' | 'seq' | 'amount' | 'balanceAfter'>> {
    const rows = this.entries
      .find({}, { userId: 1, account: 1, seq: 1, amount: 1, balanceAfter: 1 })
      .sort({ userId: 1, account: 1, seq: 1 })
      .lean()
      .cursor();
    for await (const row of rows) yield { ...row, userId: row.userId.toHexString() };
  }
}
