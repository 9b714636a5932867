import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, mongo } from 'mongoose';

import { GroupedWrites } from '../database/grouped-writes';
import { toObjectId } from '../database/object-id';
import { User } from '../users/user.schema';
import type { LedgerAccount } from './ledger-entry.schema';

/** A ledger account's cached balance, with the seq of the entry it reflects. */
export interface CachedBalance {
  seq: number;
  balance: number;
}

/** One user's cached balances, for `ledger:verify`. */
export interface UserBalanceCaches {
  userId: string;
  username: string;
  caches: Record<LedgerAccount, CachedBalance>;
}

/** Where each ledger account's balance is cached on the user document. */
const CACHE_FIELDS: Record<
  LedgerAccount,
  { balance: 'sweatCredits' | 'pendingCredits'; seq: 'creditsSeq' | 'pendingSeq' }
> = {
  credits: { balance: 'sweatCredits', seq: 'creditsSeq' },
  pending: { balance: 'pendingCredits', seq: 'pendingSeq' },
};

/** A move of one user's cached balance to a newer head. */
interface CacheMove {
  id: string;
  account: LedgerAccount;
  head: CachedBalance;
}

/**
 * The only writer of the user document's balance caches (sweatCredits, creditsSeq, pendingCredits,
 * pendingSeq). They stay on the user document so that the session guard's one read also answers a
 * member's balances, and each move stays one atomic single-document update; no other module writes them.
 */
@Injectable()
export class BalanceCachesRepository {
  private readonly cacheMoves = new GroupedWrites<CacheMove>((moves) => this.writeCacheMoves(moves));

  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /** `_id`: a ledger account's cached balance; null for an unknown user. */
  async find(userId: string, account: LedgerAccount): Promise<CachedBalance | null> {
    const fields = CACHE_FIELDS[account];
    const user = await this.users
      .findById(toObjectId(userId), { [fields.balance]: 1, [fields.seq]: 1 })
      .lean()
      .exec();
    return user ? { seq: user[fields.seq] ?? 0, balance: user[fields.balance] ?? 0 } : null;
  }

  /**
   * `_id` with a seq guard: moves the cached balance to `head` unless a newer entry is cached. The
   * guard and the write are one atomic update, so the cache only moves forward and ends on the
   * chain's last entry whatever order concurrent writers land in. Resolves once written.
   */
  advance(userId: string, account: LedgerAccount, head: CachedBalance): Promise<void> {
    return this.cacheMoves.add({ id: userId, account, head });
  }

  /**
   * The moves of concurrent postings in one unordered bulk write, each its own guarded update, and
   * through the driver's collection: this runs on every posting, and per posting a command of its
   * own and Mongoose's casting had cost the process more CPU than the database's work.
   */
  private async writeCacheMoves(moves: CacheMove[]): Promise<void> {
    await (this.users.collection as unknown as mongo.Collection).bulkWrite(
      moves.map(({ id, account, head }) => {
        const fields = CACHE_FIELDS[account];
        return {
          updateOne: {
            filter: { _id: toObjectId(id), [fields.seq]: { $lt: head.seq } },
            update: { $set: { [fields.balance]: head.balance, [fields.seq]: head.seq } },
          },
        };
      }),
      { ordered: false },
    );
  }

  /** A full pass, for `ledger:verify`: every user's name and cached balances. */
  async *all(): AsyncGenerator<UserBalanceCaches> {
    const projection = { username: 1, sweatCredits: 1, creditsSeq: 1, pendingCredits: 1, pendingSeq: 1 };
    for await (const user of this.users.find({}, projection).lean().cursor()) {
      const cacheOf = (account: LedgerAccount) => ({
        seq: user[CACHE_FIELDS[account].seq],
        balance: user[CACHE_FIELDS[account].balance],
      });
      yield {
        userId: user._id.toString(),
        username: user.username,
        caches: { credits: cacheOf('credits'), pending: cacheOf('pending') },
      };
    }
  }
}
