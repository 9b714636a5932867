import { Injectable } from '@nestjs/common';

import { TransactionView } from '../contract';
import { BalanceCachesRepository } from './balance-caches.repository';
import { LedgerEntriesRepository } from './ledger-entries.repository';
import { LedgerAccount } from './ledger-entry.schema';
import { LedgerHeadsRepository } from './ledger-heads.repository';
import { OwnerCaches, verifyLedger, VerifyReport } from './ledger-verify';

/** What the ledger says without changing it: balances, the statement, which operations happened, and the check of every chain. */
@Injectable()
export class LedgerReadsService {
  constructor(
    private readonly entries: LedgerEntriesRepository,
    private readonly balances: BalanceCachesRepository,
    private readonly heads: LedgerHeadsRepository,
  ) {}

  /** The balance as of the chain's last entry, exact even while a writer is updating the cache. */
  async balance(userId: string, account: LedgerAccount = 'credits'): Promise<number> {
    return (await this.entries.head(userId, account)).balanceAfter;
  }

  /** Newest first; `before` is a seq cursor for the next page. */
  async history(userId: string, limit: number, before?: number): Promise<TransactionView[]> {
    const rows = await this.entries.page(userId, 'credits', limit, before);
    return rows.map((row) => ({
      id: row.id,
      seq: row.seq,
      createdAt: row.createdAt.toISOString(),
      reason: row.reason,
      kind: row.kind,
      amount: row.amount,
      balance: row.balanceAfter,
      ref: row.ref,
    }));
  }

  /** Whether `reverse(entryId)` has happened (its keyed entry exists). */
  async wasReversed(entryId: string): Promise<boolean> {
    return (await this.entries.findByIdempotencyKey(`reverse:${entryId}`)) !== null;
  }

  /** Whether the user was credited for `ref` under this kind (a post, say), whatever its key. */
  wasCreditedFor(userId: string, kind: string, ref: string): Promise<boolean> {
    return this.entries.existsForRef(userId, kind, ref);
  }

  /** Which of these keyed operations have happened. */
  async postedKeys(idempotencyKeys: string[]): Promise<Set<string>> {
    return new Set(await this.entries.postedKeys(idempotencyKeys));
  }

  /** Checks every account's chain and every user's cached balances; the CLI exits 1 on any problem. */
  verify(): Promise<VerifyReport> {
    return verifyLedger(this.entries.allInChainOrder(), this.allCaches());
  }

  private async *allCaches(): AsyncGenerator<OwnerCaches> {
    yield* this.balances.all();
    for await (const head of this.heads.all()) {
      const [owner, account] = head.id.split(':') as [string, LedgerAccount];
      yield { userId: owner, username: null, caches: { [account]: { seq: head.seq, balance: head.balance } } };
    }
  }
}
