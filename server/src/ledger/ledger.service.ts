import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Model, Types, mongo } from 'mongoose';
import { TransactionView } from '../contract';
import { conflict, unavailable } from '../common/errors';
import { User } from '../users/user.schema';
import { isDuplicateKey } from '../database/duplicate-key';
import { LedgerAccount, LedgerEntry, chainId, entryId } from './ledger-entry.schema';
import { POOL_ACCOUNT_ID, POOL_OPENING_BALANCE, chainProblems, retryDelayMs } from './ledger.rules';

const MAX_ATTEMPTS = 60;
/** Chains whose last known entry this process remembers; beyond this the oldest are forgotten. */
const MAX_HINTS = 10_000;

/** An entry of a chain, as far as finding the next one needs. */
interface Head {
  seq: number;
  balanceAfter: number;
}

/** Where each account's balance is cached on the user document. */
const CACHE_FIELDS: Record<LedgerAccount, { balance: 'sweatCredits' | 'pendingCredits'; seq: 'creditsSeq' | 'pendingSeq' }> = {
  credits: { balance: 'sweatCredits', seq: 'creditsSeq' },
  pending: { balance: 'pendingCredits', seq: 'pendingSeq' },
};

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
  entry: LedgerEntry;
  /** True when this exact operation had already been posted: nothing new was credited. */
  duplicate: boolean;
}

/** Thrown when a posting would take a balance below zero. */
export class InsufficientCredits extends Error {
  constructor(readonly balance: number, readonly amount: number) {
    super(`balance ${balance} cannot cover ${amount}`);
  }
}

export interface VerifyReport {
  accounts: number;
  entries: number;
  problems: Array<{ userId: string; username: string | null; problem: string }>;
}

/**
 * The only code that changes a balance. No multi-document transactions: each posting claims the
 * next per-account seq with a unique index (a lost race re-reads and retries), and keyed
 * operations are deduplicated by the unique idempotency key.
 *
 * Every step of a posting is an insert or a lookup by `_id` (the one index the local FerretDB uses):
 * the chain's head is found by probing `<userId>:<account>:<seq+1>` from a hint (an entry this
 * process saw, else the user's cached seq) until a miss. A hint is never trusted as the head: the
 * insert of seq+1 fails if it is stale, and a refusal first probes for newer entries.
 */
@Injectable()
export class LedgerService {
  private readonly logger = new Logger('Ledger');
  /** Chain (`<userId>:<account>`) → an entry of it; entries never change, so this is only ever behind. */
  private readonly hints = new Map<string, Head>();
  /** Chain → the end of the postings to it queued in this process. */
  private readonly queued = new Map<string, Promise<unknown>>();

  constructor(
    @InjectModel(LedgerEntry.name) private readonly entries: Model<LedgerEntry>,
    @InjectModel(User.name) private readonly users: Model<User>,
  ) {}

  /**
   * Postings to one chain from this process run one after another: racing each other they would
   * lose seq claims and retry, several round trips each (20 writers on one balance settled ~60
   * postings/s, p99 ~1 s). Writers in other processes still race, and the seq claim settles that.
   */
  post(posting: Posting): Promise<PostResult> {
    const chain = chainId(posting.userId, posting.account ?? 'credits');
    const posted = (this.queued.get(chain) ?? Promise.resolve()).then(() => this.postNow(posting));
    const settled = posted.catch(() => undefined);
    this.queued.set(chain, settled);
    void settled.then(() => {
      if (this.queued.get(chain) === settled) this.queued.delete(chain);
    });
    return posted;
  }

  private async postNow(posting: Posting): Promise<PostResult> {
    const idempotencyKey = posting.idempotencyKey ?? `auto:${randomUUID()}`;
    const { userId } = posting;
    const account = posting.account ?? 'credits';
    // An amount drawn from the balance cannot be worked out again once the operation has happened
    // (a drain leaves nothing to drain): a keyed one looks for its earlier entry before asking.
    if (posting.idempotencyKey && typeof posting.amount === 'function') {
      const existing = await this.entries.findOne({ idempotencyKey }).lean();
      if (existing) return this.duplicateOf(existing);
    }
    let head = await this.hint(userId, account);

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const balance = head.balanceAfter;
      const amount = typeof posting.amount === 'function' ? posting.amount(balance) : posting.amount;
      if (!Number.isInteger(amount) || amount === 0) throw new Error(`invalid ledger amount ${amount}`);
      if (balance + amount < 0) {
        const newest = await this.headFrom(userId, account, head);
        if (newest.seq !== head.seq) {
          head = newest;
          continue;
        }
        // A replayed keyed spend must still answer "already done" after the balance dropped.
        const existing = posting.idempotencyKey ? await this.entries.findOne({ idempotencyKey }).lean() : null;
        if (existing) return this.duplicateOf(existing);
        throw new InsufficientCredits(balance, amount);
      }
      const seq = head.seq + 1;
      try {
        const entry: LedgerEntry = {
          _id: entryId(userId, account, seq),
          userId: new Types.ObjectId(userId),
          account,
          seq,
          amount,
          balanceAfter: balance + amount,
          kind: posting.kind,
          reason: posting.reason,
          idempotencyKey,
          ref: posting.ref ?? null,
          createdAt: new Date(),
        };
        // The posting's two writes go to the driver's collections, past Mongoose's casting, validation
        // and bulk-write wrapping: every field is set and checked right here, and that wrapping had
        // cost the process more CPU per posting than the driver's own work (`npm run bench`).
        await (this.entries.collection as unknown as mongo.Collection<LedgerEntry>).insertOne(entry);
        await this.syncCache(userId, account, this.remember(userId, account, entry));
        return { entry, duplicate: false };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // FerretDB does not say which unique index refused the insert: the entry holding this seq tells.
        const taken = await this.entries.findById(entryId(userId, account, seq)).lean();
        if (taken?.idempotencyKey === idempotencyKey) return this.duplicateOf(taken);
        if (!taken && posting.idempotencyKey) {
          const existing = await this.entries.findOne({ idempotencyKey }).lean();
          if (existing) return this.duplicateOf(existing);
        }
        // Another writer took this seq: walk on to the new head.
        await sleep(retryDelayMs(attempt));
        head = await this.headFrom(userId, account, taken ?? head);
      }
    }
    this.logger.warn(`gave up posting to ${userId} after ${MAX_ATTEMPTS} attempts`);
    throw unavailable('Too many simultaneous updates to this balance, please try again');
  }

  /**
   * The answer to an operation posted before. Its writer may have stopped between the entry and the
   * cache (a killed process), so the cache is brought up to the chain's head on the way.
   */
  private async duplicateOf(entry: LedgerEntry): Promise<PostResult> {
    const userId = entry.userId.toString();
    await this.syncCache(userId, entry.account, await this.headFrom(userId, entry.account, entry));
    return { entry, duplicate: true };
  }

  /** Like post(), but a balance that cannot cover it answers 409 with the caller's wording. */
  async spend(posting: Posting, refusal: { message: string; title: string }): Promise<PostResult> {
    try {
      return await this.post(posting);
    } catch (err) {
      if (err instanceof InsufficientCredits) throw conflict(refusal.message, refusal.title);
      throw err;
    }
  }

  async balance(userId: string, account: LedgerAccount = 'credits'): Promise<number> {
    return (await this.headFrom(userId, account, await this.hint(userId, account))).balanceAfter;
  }

  /** Where to start looking for a chain's head: an entry seen here, else the cached seq, else a scan. */
  private async hint(userId: string, account: LedgerAccount): Promise<Head> {
    const known = this.hints.get(chainId(userId, account));
    if (known) return known;
    if (userId !== POOL_ACCOUNT_ID) {
      const seqField = CACHE_FIELDS[account].seq;
      const user = await this.users.findById(userId, { [seqField]: 1 }).lean();
      const cachedSeq = user?.[seqField] ?? 0;
      if (cachedSeq === 0) return { seq: 0, balanceAfter: 0 };
      const entry = await this.entries.findById(entryId(userId, account, cachedSeq), { seq: 1, balanceAfter: 1 }).lean();
      if (entry) return entry;
    }
    // The pool has no user document: one scan per process, then the remembered head.
    const last = await this.entries.findOne({ userId: new Types.ObjectId(userId), account }, { seq: 1, balanceAfter: 1 }).sort({ seq: -1 }).lean();
    return last ?? { seq: 0, balanceAfter: 0 };
  }

  /** The chain's last entry: probes the seqs after `from` by `_id` until one is missing. */
  private async headFrom(userId: string, account: LedgerAccount, from: Head): Promise<Head> {
    let head = from;
    for (;;) {
      const next = await this.entries.findById(entryId(userId, account, head.seq + 1), { seq: 1, balanceAfter: 1 }).lean();
      if (!next) return this.remember(userId, account, head);
      head = next;
    }
  }

  private remember(userId: string, account: LedgerAccount, entry: Head): Head {
    const key = chainId(userId, account);
    const known = this.hints.get(key);
    if (known && known.seq >= entry.seq) return entry;
    this.hints.delete(key);
    if (this.hints.size >= MAX_HINTS) this.hints.delete(this.hints.keys().next().value!);
    this.hints.set(key, { seq: entry.seq, balanceAfter: entry.balanceAfter });
    return entry;
  }

  /**
   * Moves the user's cached balance to `head` (the entry the caller just wrote) unless a newer entry
   * is cached already. The seq guard and the write are one atomic update, so the cache only moves
   * forward and ends on the chain's last entry whatever order concurrent writers land in.
   */
  private async syncCache(userId: string, account: LedgerAccount, head: Head): Promise<void> {
    if (userId === POOL_ACCOUNT_ID) return;
    const fields = CACHE_FIELDS[account];
    await this.users.collection.updateOne(
      { _id: new Types.ObjectId(userId), [fields.seq]: { $lt: head.seq } },
      { $set: { [fields.balance]: head.balanceAfter, [fields.seq]: head.seq } },
    );
  }

  /** Newest first; `before` is a seq cursor for the next page. */
  async history(userId: string, limit: number, before?: number): Promise<TransactionView[]> {
    const filter: Record<string, unknown> = { userId: new Types.ObjectId(userId) };
    if (before !== undefined) filter.seq = { $lt: before };
    const rows = await this.entries.find({ ...filter, account: 'credits' }).sort({ seq: -1 }).limit(limit).lean();
    return rows.map((row) => ({
      id: row._id.toString(),
      seq: row.seq,
      createdAt: row.createdAt.toISOString(),
      reason: row.reason,
      kind: row.kind,
      amount: row.amount,
      balance: row.balanceAfter,
      ref: row.ref,
    }));
  }

  async findEntry(id: string): Promise<LedgerEntry | null> {
    return this.entries.findById(id).lean();
  }

  /** A correction is a new entry that undoes another, once (`reverse:<entryId>`); nothing is edited. */
  async reverse(entryId: string, reason: string): Promise<PostResult> {
    const original = await this.findEntry(entryId);
    if (!original) throw new Error(`No ledger entry ${entryId}`);
    if (original.kind === 'reversal') throw new Error('A reversal cannot itself be reversed; post a grant instead');
    return this.post({
      userId: original.userId.toString(),
      account: original.account,
      amount: -original.amount,
      kind: 'reversal',
      reason,
      idempotencyKey: `reverse:${entryId}`,
      ref: entryId,
    });
  }

  /** The community pool's account, opened once with SPEC.md's 12,450 credits. */
  async ensurePool(): Promise<void> {
    await this.post({
      userId: POOL_ACCOUNT_ID,
      amount: POOL_OPENING_BALANCE,
      kind: 'pool.open',
      reason: 'Community pool opening balance',
      idempotencyKey: 'pool:open',
    });
  }

  /** Checks every account's chain and every user's cached balances; the CLI exits 1 on any problem. */
  async verify(): Promise<VerifyReport> {
    const report: VerifyReport = { accounts: 0, entries: 0, problems: [] };
    const usernames = new Map<string, string>();
    for await (const u of this.users.find({}, { username: 1 }).lean().cursor()) usernames.set(u._id.toString(), u.username);
    const problem = (userId: string, text: string) => report.problems.push({ userId, username: usernames.get(userId) ?? null, problem: text });

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
    const cursor = this.entries
      .find({}, { userId: 1, account: 1, seq: 1, amount: 1, balanceAfter: 1 })
      .sort({ userId: 1, account: 1, seq: 1 })
      .lean()
      .cursor();
    for await (const row of cursor) {
      report.entries++;
      const key = `${row.userId.toString()}/${row.account}`;
      if (key !== current) {
        flush();
        current = key;
        chain = [];
      }
      chain.push({ seq: row.seq, amount: row.amount, balanceAfter: row.balanceAfter });
    }
    flush();

    for await (const user of this.users.find({}).lean().cursor()) {
      const userId = user._id.toString();
      for (const account of Object.keys(CACHE_FIELDS) as LedgerAccount[]) {
        const fields = CACHE_FIELDS[account];
        const last = lastByAccount.get(`${userId}/${account}`);
        if (user[fields.balance] !== (last?.balanceAfter ?? 0) || user[fields.seq] !== (last?.seq ?? 0)) {
          problem(userId, `${account}: cached balance ${user[fields.balance]} (seq ${user[fields.seq]}) ≠ ledger ${last?.balanceAfter ?? 0} (seq ${last?.seq ?? 0})`);
        }
      }
    }
    return report;
  }
}
