import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Model, Types } from 'mongoose';
import { TransactionView } from '../contract';
import { conflict, unavailable } from '../common/errors';
import { User } from '../users/user.schema';
import { isDuplicateKey } from '../users/users.service';
import { LedgerAccount, LedgerEntry, LedgerEntryDocument } from './ledger-entry.schema';
import { POOL_ACCOUNT_ID, POOL_OPENING_BALANCE, chainProblems, retryDelayMs } from './ledger.rules';

const MAX_ATTEMPTS = 60;
const MAX_CACHE_PASSES = 20;

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
  entry: LedgerEntryDocument;
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
 */
@Injectable()
export class LedgerService {
  private readonly logger = new Logger('Ledger');

  constructor(
    @InjectModel(LedgerEntry.name) private readonly entries: Model<LedgerEntry>,
    @InjectModel(User.name) private readonly users: Model<User>,
  ) {}

  async post(posting: Posting): Promise<PostResult> {
    const idempotencyKey = posting.idempotencyKey ?? `auto:${randomUUID()}`;
    const userId = new Types.ObjectId(posting.userId);
    const account = posting.account ?? 'credits';

    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (posting.idempotencyKey) {
        const existing = await this.entries.findOne({ idempotencyKey });
        if (existing) return { entry: existing, duplicate: true };
      }
      const last = await this.lastEntry(posting.userId, account);
      const balance = last?.balanceAfter ?? 0;
      const amount = typeof posting.amount === 'function' ? posting.amount(balance) : posting.amount;
      if (!Number.isInteger(amount) || amount === 0) throw new Error(`invalid ledger amount ${amount}`);
      if (balance + amount < 0) throw new InsufficientCredits(balance, amount);
      const seq = (last?.seq ?? 0) + 1;
      try {
        const entry = await this.entries.create({
          userId,
          account,
          seq,
          amount,
          balanceAfter: balance + amount,
          kind: posting.kind,
          reason: posting.reason,
          idempotencyKey,
          ref: posting.ref ?? null,
        });
        await this.syncCache(posting.userId, account);
        return { entry, duplicate: false };
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        // Either another writer took this seq (retry) or this operation already happened (loop finds it).
        await sleep(retryDelayMs(attempt));
      }
    }
    this.logger.warn(`gave up posting to ${posting.userId} after ${MAX_ATTEMPTS} attempts`);
    throw unavailable('Too many simultaneous updates to this balance, please try again');
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
    return (await this.lastEntry(userId, account))?.balanceAfter ?? 0;
  }

  private lastEntry(userId: string, account: LedgerAccount) {
    return this.entries.findOne({ userId: new Types.ObjectId(userId), account }).sort({ seq: -1 }).lean();
  }

  /**
   * Brings the user's cached balance up to the ledger's last entry. The guarded update only moves
   * forward on MongoDB; FerretDB applies concurrent updates without that atomicity, so the writer
   * re-reads after writing and repeats until the cache shows the newest entry: whoever writes last
   * also checks last, so the cache converges once writers stop.
   */
  async syncCache(userId: string, account: LedgerAccount = 'credits'): Promise<void> {
    if (userId === POOL_ACCOUNT_ID) return;
    const fields = CACHE_FIELDS[account];
    for (let pass = 0; pass < MAX_CACHE_PASSES; pass++) {
      const last = await this.lastEntry(userId, account);
      if (!last) return;
      await this.users.updateOne(
        { _id: userId, [fields.seq]: { $lt: last.seq } },
        { $set: { [fields.balance]: last.balanceAfter, [fields.seq]: last.seq } },
      );
      const cached = await this.users.findById(userId, { [fields.seq]: 1 }).lean();
      const newest = await this.lastEntry(userId, account);
      if (!cached || !newest || cached[fields.seq] === newest.seq) return;
    }
    this.logger.warn(`cache of ${userId}/${account} still moving after ${MAX_CACHE_PASSES} passes`);
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

  async findEntry(entryId: string): Promise<LedgerEntryDocument | null> {
    return Types.ObjectId.isValid(entryId) ? this.entries.findById(entryId) : null;
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
