import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';

import { isDuplicateKey } from '../database/duplicate-key';
import type { CachedBalance } from './balance-caches.repository';
import { LedgerHead } from './ledger-head.schema';

/** The one owner of the `ledger_heads` collection: cached heads of chains without a user document. */
@Injectable()
export class LedgerHeadsRepository {
  constructor(@InjectModel(LedgerHead.name) private readonly heads: Model<LedgerHead>) {}

  /** `_id`. */
  async find(chain: string): Promise<CachedBalance | null> {
    const head = await this.heads.findById(chain).lean<LedgerHead>().exec();
    return head ? { seq: head.seq, balance: head.balance } : null;
  }

  /**
   * `_id` with a seq guard, like a user's cached balance: only ever moves forward. The first write
   * creates the document; an upsert that loses to a newer head meets the `_id` and changes nothing.
   */
  async advance(chain: string, head: CachedBalance): Promise<void> {
    try {
      await this.heads
        .updateOne(
          { _id: chain, seq: { $lt: head.seq } },
          { $set: { seq: head.seq, balance: head.balance } },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** A full pass, for `ledger:verify`: each cached head with its chain (`id`). */
  async *all(): AsyncGenerator<CachedBalance & { id: string }> {
    for await (const head of this.heads.find({}).lean<LedgerHead>().cursor())
      yield { id: head._id, seq: head.seq, balance: head.balance };
  }
}
