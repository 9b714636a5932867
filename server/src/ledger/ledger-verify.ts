import type { CachedBalance } from './balance-caches.repository';
import { chainProblems } from './ledger.rules';
import type { EntryView } from './ledger-entries.repository';
import type { LedgerAccount } from './ledger-entry.schema';

export interface VerifyReport {
  accounts: number;
  entries: number;
  problems: Array<{ userId: string; username: string | null; problem: string }>;
}

export type ChainRow = Pick<EntryView, 'userId' | 'account' | 'seq' | 'amount' | 'balanceAfter'>;

/** An owner's cached chain heads: a user's balances, or the pool's `ledger_heads` document. */
export interface OwnerCaches {
  userId: string;
  username: string | null;
  caches: Partial<Record<LedgerAccount, CachedBalance>>;
}

/**
 * Checks every account's chain and every user's cached balances against its chain's last entry.
 * `entries` come in chain order (user, account, seq), so memory holds one chain at a time.
 */
export async function verifyLedger(
  entries: AsyncIterable<ChainRow>,
  owners: AsyncIterable<OwnerCaches>,
): Promise<VerifyReport> {
  const report: VerifyReport = { accounts: 0, entries: 0, problems: [] };
  const cachesByUser = new Map<string, OwnerCaches>();
  for await (const owner of owners) cachesByUser.set(owner.userId, owner);
  const problem = (userId: string, text: string) =>
    report.problems.push({ userId, username: cachesByUser.get(userId)?.username ?? null, problem: text });

  const lastByAccount = new Map<string, { seq: number; balanceAfter: number }>();
  let current: string | null = null;
  let chain: Array<{ seq: number; amount: number; balanceAfter: number }> = [];
  const flush = () => {
    if (current === null) return;
    report.accounts++;
    const [userId, account] = current.split('/');
    for (const text of chainProblems(chain)) problem(userId, `${account}: ${text}`);
    lastByAccount.set(current, chain[chain.length - 1]);
  };
  for await (const row of entries) {
    report.entries++;
    const key = `${row.userId}/${row.account}`;
    if (key !== current) {
      flush();
      current = key;
      chain = [];
    }
    chain.push({ seq: row.seq, amount: row.amount, balanceAfter: row.balanceAfter });
  }
  flush();

  for (const { userId, caches } of cachesByUser.values()) {
    for (const [account, cache] of Object.entries(caches) as Array<[LedgerAccount, CachedBalance]>) {
      const last = lastByAccount.get(`${userId}/${account}`) ?? { seq: 0, balanceAfter: 0 };
      if (cache.balance !== last.balanceAfter || cache.seq !== last.seq) {
        problem(
          userId,
          `${account}: cached balance ${cache.balance} (seq ${cache.seq}) ≠ ledger ${last.balanceAfter} (seq ${last.seq})`,
        );
      }
    }
  }
  return report;
}
