/** Pure rules of the ledger: how a chain of entries must look. */

export interface ChainEntry {
  seq: number;
  amount: number;
  balanceAfter: number;
}

/** The community pool is a ledger account of its own, under this reserved id. */
export const POOL_ACCOUNT_ID = '000000000000000000000001';
/** docs/product.md: the community pool shows 12,450 credits; that is its opening balance. */
export const POOL_OPENING_BALANCE = 12450;

/**
 * Problems in one account's chain (entries in seq order): gaps, arithmetic that does not add up,
 * negative balances. An empty list means the chain is sound.
 */
export function chainProblems(entries: ChainEntry[]): string[] {
  const problems: string[] = [];
  let previous = 0;
  entries.forEach((entry, index) => {
    const expectedSeq = index + 1;
    if (entry.seq !== expectedSeq) problems.push(`seq ${entry.seq} where ${expectedSeq} was expected`);
    if (!Number.isInteger(entry.amount))
      problems.push(`seq ${entry.seq}: amount ${entry.amount} is not a whole number`);
    if (entry.balanceAfter !== previous + entry.amount) {
      problems.push(`seq ${entry.seq}: balanceAfter ${entry.balanceAfter} ≠ ${previous} + ${entry.amount}`);
    }
    if (entry.balanceAfter < 0) problems.push(`seq ${entry.seq}: negative balance ${entry.balanceAfter}`);
    previous = entry.balanceAfter;
  });
  return problems;
}

/** Jittered exponential pause between optimistic retries, so contending writers spread out. */
export function retryDelayMs(attempt: number, random = Math.random): number {
  const ceiling = Math.min(5 * 2 ** attempt, 200);
  return Math.floor(random() * ceiling);
}
