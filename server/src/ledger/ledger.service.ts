import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { Injectable, Logger } from '@nestjs/common';

import { AppError } from '../common/errors';
import { isDuplicateKey } from '../database/duplicate-key';
import { MetricsService } from '../observability/metrics.service';
import { BalanceCachesRepository } from './balance-caches.repository';
import { KnownHeads } from './known-heads';
import { POOL_ACCOUNT_ID, POOL_OPENING_BALANCE, retryDelayMs } from './ledger.rules';
import { ChainHead, EntryView, LedgerEntriesRepository } from './ledger-entries.repository';
import { chainId, LedgerAccount } from './ledger-entry.schema';
import { LedgerHeadsRepository } from './ledger-heads.repository';

const MAX_ATTEMPTS = 60;
/** Chains whose heads a process remembers: about 100 bytes each, so a few MB at most. */
const KNOWN_HEADS = 20_000;

export interface Posting {
  /** The owner: a user id, or POOL_ACCOUNT_ID. */
  userId: string;
  /** Which of the owner's balances; `credits` unless said. */
  account?: LedgerAccount;
  /**
   * Positive credits earned, negative spent; whole numbers only. A function gets the balance the
   * entry will follow, for movements like "all pending credits" that must match it exactly.
   */
  amount: number | ((balance: number) => number);
  kind: string;
  reason: string;
  /** Makes the operation happen once, ever (`purchase:<sig>`, `tweet:<id>`, `proof:<user>:<day>`…). */
  idempotencyKey?: string;
  ref?: string | null;
}

export interface PostResult {
  entry: EntryView;
  /** True when this exact operation had already been posted: nothing new was credited. */
  duplicate: boolean;
}

/** Thrown when a posting would take a balance below zero. */
export class InsufficientCredits extends Error {
  constructor(
    readonly balance: number,
    readonly amount: number,
  ) {
    super(`balance ${balance} cannot cover ${amount}`);
  }
}

/**
 * The posting engine: the only code that changes a balance (reads, statements and the check of the
 * chains are LedgerReadsService's). No multi-document transactions: each posting claims the
 * next per-account seq with a unique index (a lost race re-reads the chain's head and retries), and
 * keyed operations are deduplicated by the unique idempotency key.
 *
 * A posting starts from the head this process last posted or read on the chain (KnownHeads), with
 * no read at all; else from the chain's cached head (one read by `_id`: the user's cached balance,
 * or for the pool, which has no user document, its `ledger_heads` document; written only by this
 * code, seq and balance together). Either may trail the chain (another process posted since, or
 * another writer is between its two writes): then the claim of the next seq fails, or a refusal
 * looks again, and the true head is read through the `(userId, account, seq)` index, newest first:
 * one index entry, whatever the chain's length.
 */
@Injectable()
export class LedgerService {
  private readonly logger = new Logger('Ledger');
  /** Chain → the end of the postings to it queued in this process. */
  private readonly queued = new Map<string, Promise<unknown>>();
  /** Chain → its head as this process last saw it; kept by the postings, which run in turn per chain. */
  private readonly known = new KnownHeads(KNOWN_HEADS);

  constructor(
    private readonly entries: LedgerEntriesRepository,
    private readonly balances: BalanceCachesRepository,
    private readonly heads: LedgerHeadsRepository,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Postings to one chain from this process run one after another: racing each other they would
   * lose seq claims and retry, several round trips each (20 writers on one balance settled ~60
   * postings/s, p99 ~1 s). Writers in other processes still race, and the seq claim settles that.
   */
  post(posting: Posting): Promise<PostResult> {
    const chain = chainId(posting.userId, posting.account ?? 'credits');
    const posted = (this.queued.get(chain) ?? Promise.resolve()).then(() =>
      this.counted(posting, this.postNow(posting)),
    );
    const settled = posted.catch(() => undefined);
    this.queued.set(chain, settled);
    void settled.then(() => {
      if (this.queued.get(chain) === settled) this.queued.delete(chain);
    });
    return posted;
  }

  private async counted(posting: Posting, result: Promise<PostResult>): Promise<PostResult> {
    try {
      const done = await result;
      // Not awaited: a posting never waits on Redis (the count is sent before the caller hears back).
      void this.metrics.ledgerPostings.inc({ kind: posting.kind, outcome: done.duplicate ? 'duplicate' : 'posted' });
      return done;
    } catch (err) {
      if (err instanceof InsufficientCredits)
        void this.metrics.ledgerPostings.inc({ kind: posting.kind, outcome: 'refused' });
      throw err;
    }
  }

  private async postNow(posting: Posting): Promise<PostResult> {
    const idempotencyKey = posting.idempotencyKey ?? `auto:${randomUUID()}`;
    const { userId } = posting;
    const account = posting.account ?? 'credits';
    const chain = chainId(userId, account);
    // A keyed posting looks for its earlier entry when the chain says no: a random key never repeats.
    const earlier = () => (posting.idempotencyKey ? this.entries.findByIdempotencyKey(idempotencyKey) : null);
    // An amount drawn from the balance cannot be worked out again once the operation has happened
    // (a drain leaves nothing to drain): a keyed one looks for its earlier entry before asking.
    if (typeof posting.amount === 'function') {
      const existing = await earlier();
      if (existing) return this.duplicateOf(existing);
    }
    // An amount drawn from the balance starts from the cache, as current as the database knows: a
    // remembered head may trail it by another process's postings, and the amount's function may
    // refuse a balance that is not the chain's (nothing left to drain).
    let head =
      (typeof posting.amount === 'function' ? undefined : this.known.get(chain)) ??
      (await this.startingHead(userId, account));

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const balance = head.balanceAfter;
      const amount = typeof posting.amount === 'function' ? posting.amount(balance) : posting.amount;
      if (!Number.isInteger(amount) || amount === 0) throw new Error(`invalid ledger amount ${amount}`);
      if (balance + amount < 0) {
        // Refused only on the chain's true head: the cache may trail it.
        const newest = await this.entries.head(userId, account);
        if (newest.seq !== head.seq) {
          head = newest;
          continue;
        }
        this.known.remember(chain, head);
        // A replayed keyed spend must still answer "already done" after the balance dropped.
        const existing = await earlier();
        if (existing) return this.duplicateOf(existing);
        throw new InsufficientCredits(balance, amount);
      }
      let entry: EntryView;
      try {
        entry = await this.entries.append({
          userId,
          account,
          seq: head.seq + 1,
          amount,
          balanceAfter: balance + amount,
          kind: posting.kind,
          reason: posting.reason,
          idempotencyKey,
          ref: posting.ref ?? null,
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Either this operation was posted before (its key is taken) or another writer took the seq.
        const existing = await earlier();
        if (existing) return this.duplicateOf(existing);
        await sleep(retryDelayMs(attempt));
        head = await this.entries.head(userId, account);
        continue;
      }
      this.known.remember(chain, { seq: entry.seq, balanceAfter: entry.balanceAfter });
      await this.syncCache(userId, account, entry);
      return { entry, duplicate: false };
    }
    this.logger.warn(`gave up posting to ${userId} after ${MAX_ATTEMPTS} attempts`);
    throw new AppError('LEDGER_BUSY', 'Too many simultaneous updates to this balance, please try again');
  }

  /**
   * The answer to an operation posted before. Its writer may have stopped between the entry and the
   * cache (a killed process), so the cache is brought up to the chain's head on the way.
   */
  private async duplicateOf(entry: EntryView): Promise<PostResult> {
    await this.syncCache(entry.userId, entry.account);
    return { entry, duplicate: true };
  }

  /**
   * Where a posting starts: the chain's cached head. A user without a document starts an empty
   * chain; the pool before its head was first cached (data from before `ledger_heads`) is read once
   * through the index.
   */
  private async startingHead(userId: string, account: LedgerAccount): Promise<ChainHead> {
    if (userId === POOL_ACCOUNT_ID) {
      const cached = await this.heads.find(chainId(userId, account));
      return cached ? { seq: cached.seq, balanceAfter: cached.balance } : this.entries.head(userId, account);
    }
    const cached = await this.balances.find(userId, account);
    return { seq: cached?.seq ?? 0, balanceAfter: cached?.balance ?? 0 };
  }

  /** Moves the chain's cached head forward to `head` (by default, the chain's true head). */
  private async syncCache(userId: string, account: LedgerAccount, head?: ChainHead): Promise<void> {
    const { seq, balanceAfter } = head ?? (await this.entries.head(userId, account));
    if (userId === POOL_ACCOUNT_ID) await this.heads.advance(chainId(userId, account), { seq, balance: balanceAfter });
    else await this.balances.advance(userId, account, { seq, balance: balanceAfter });
  }

  /** Like post(), but a balance that cannot cover it answers 409 with the caller's wording. */
  async spend(posting: Posting, refusal: { message: string; title: string }): Promise<PostResult> {
    try {
      return await this.post(posting);
    } catch (err) {
      if (err instanceof InsufficientCredits)
        throw new AppError('LEDGER_INSUFFICIENT_CREDITS', refusal.message, refusal.title);
      throw err;
    }
  }

  /** A correction is a new entry that undoes another, once (`reverse:<entryId>`); nothing is edited. */
  async reverse(entryId: string, reason: string): Promise<PostResult> {
    const original = await this.entries.findById(entryId);
    if (!original) throw new AppError('LEDGER_ENTRY_NOT_FOUND', `No ledger entry ${entryId}`);
    if (original.kind === 'reversal')
      throw new AppError('LEDGER_REVERSAL_OF_REVERSAL', 'A reversal cannot itself be reversed; post a grant instead');
    return this.post({
      userId: original.userId,
      account: original.account,
      amount: -original.amount,
      kind: 'reversal',
      reason,
      idempotencyKey: `reverse:${entryId}`,
      ref: entryId,
    });
  }

  /** The community pool's account, opened once with docs/product.md's 12,450 credits. */
  async ensurePool(): Promise<void> {
    await this.post({
      userId: POOL_ACCOUNT_ID,
      amount: POOL_OPENING_BALANCE,
      kind: 'pool.open',
      reason: 'Community pool opening balance',
      idempotencyKey: 'pool:open',
    });
  }
}
