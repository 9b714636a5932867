import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { BalanceCachesRepository } from '../src/ledger/balance-caches.repository';
import { POOL_ACCOUNT_ID, POOL_OPENING_BALANCE } from '../src/ledger/ledger.rules';
import { InsufficientCredits, LedgerService } from '../src/ledger/ledger.service';
import { LedgerEntriesRepository } from '../src/ledger/ledger-entries.repository';
import { LedgerEntry } from '../src/ledger/ledger-entry.schema';
import { LedgerHead } from '../src/ledger/ledger-head.schema';
import { LedgerHeadsRepository } from '../src/ledger/ledger-heads.repository';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { MetricsService } from '../src/observability/metrics.service';
import { User } from '../src/users/user.schema';
import { signIn, startTestApp, TestApp } from './harness';

describe('the credit ledger against the real database', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let reads: LedgerReadsService;
  let users: Model<User>;
  let entries: Model<LedgerEntry>;
  let heads: Model<LedgerHead>;
  /** The app's ledger and three more, as in other API and worker processes: own queues. */
  let processes: LedgerService[];
  beforeAll(async () => {
    t = await startTestApp({}, { workers: false });
    ledger = t.app.get(LedgerService);
    reads = t.app.get(LedgerReadsService);
    users = t.app.get(getModelToken(User.name));
    entries = t.app.get(getModelToken(LedgerEntry.name));
    heads = t.app.get(getModelToken(LedgerHead.name));
    processes = [
      ledger,
      ...Array.from(
        { length: 3 },
        () =>
          new LedgerService(
            t.app.get(LedgerEntriesRepository),
            t.app.get(BalanceCachesRepository),
            t.app.get(LedgerHeadsRepository),
            t.app.get(MetricsService),
          ),
      ),
    ];
  });
  const inTurn = (i: number) => processes[i % processes.length];
  afterAll(() => t.close());

  const grant = (userId: string, amount: number, key?: string) =>
    ledger.post({ userId, amount, kind: 'grant', reason: 'test grant', idempotencyKey: key });

  it('opens the community pool once with 12,450 credits', async () => {
    await ledger.ensurePool();
    await ledger.ensurePool();
    expect(await reads.balance(POOL_ACCOUNT_ID)).toBe(POOL_OPENING_BALANCE);
  });

  it('lets exactly 4 of 50 simultaneous 150-credit spends through a 600 balance', async () => {
    const { user } = await signIn(t);
    await grant(user.id, 600);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        inTurn(i).post({ userId: user.id, amount: -150, kind: 'redeem', reason: 'Gym Pass' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientCredits);
    expect(ok).toHaveLength(4);
    expect(refused).toHaveLength(46);
    expect(await reads.balance(user.id)).toBe(0);
    expect((await users.findById(user.id).lean())!.sweatCredits).toBe(0);
  });

  it('credits a keyed operation once however often it is repeated at the same time', async () => {
    const { user } = await signIn(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTurn(i).post({
          userId: user.id,
          amount: 50,
          kind: 'grant',
          reason: 'test grant',
          idempotencyKey: `tweet:${user.id}`,
        }),
      ),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await reads.balance(user.id)).toBe(50);
  });

  it('posts one process’s simultaneous postings to a balance in turn, each claiming its seq at the first try, and keeps no queue after', async () => {
    const { user } = await signIn(t);
    const inserts = jest.spyOn(entries.collection, 'insertMany');
    try {
      await Promise.all(Array.from({ length: 20 }, () => grant(user.id, 5)));
      // Entries of concurrent postings share an insert: 20 entries inserted means no claim retried.
      expect(inserts.mock.calls.flatMap(([docs]) => docs)).toHaveLength(20);
    } finally {
      inserts.mockRestore();
    }
    expect(await reads.balance(user.id)).toBe(100);
    expect((await reads.history(user.id, 50)).map((row) => row.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => 20 - i),
    );
    // Nothing is kept per balance once its postings are done, refused ones included.
    await expect(
      ledger.post({ userId: user.id, amount: -500, kind: 'redeem', reason: 'too much' }),
    ).rejects.toBeInstanceOf(InsufficientCredits);
    await new Promise((resolve) => setImmediate(resolve));
    expect((ledger as unknown as { queued: Map<string, unknown> }).queued.size).toBe(0);
  });

  it('posts from the head this process remembers, reading no cache after its first posting; a head another process moved on is settled by the seq claim', async () => {
    const { user } = await signIn(t);
    await grant(user.id, 10);
    const cacheRead = jest.spyOn(BalanceCachesRepository.prototype, 'find');
    try {
      await grant(user.id, 5);
      expect(cacheRead).not.toHaveBeenCalled();
      await processes[1].post({ userId: user.id, amount: 7, kind: 'grant', reason: 'another process' });
      expect((await grant(user.id, 1)).entry).toMatchObject({ seq: 4, balanceAfter: 23 });
    } finally {
      cacheRead.mockRestore();
    }
    expect(await users.findById(user.id).lean()).toMatchObject({ sweatCredits: 23, creditsSeq: 4 });
    expect(await reads.balance(user.id)).toBe(23);
  });

  it("finds the head another process moved far on with one read of the chain's index, whatever how far, reading no entry by id", async () => {
    const { user } = await signIn(t);
    await grant(user.id, 1);
    for (let i = 0; i < 30; i++)
      await processes[1].post({ userId: user.id, amount: 1, kind: 'grant', reason: 'another process' });
    const chainReads = jest.spyOn(LedgerEntriesRepository.prototype, 'head');
    const idReads = jest.spyOn(entries, 'findById');
    try {
      expect((await grant(user.id, 1)).entry).toMatchObject({ seq: 32, balanceAfter: 32 });
      // The remembered head (seq 1) loses its claim once; a single newest-first read finds seq 31.
      expect(chainReads).toHaveBeenCalledTimes(1);
      expect(idReads).not.toHaveBeenCalled();
    } finally {
      chainReads.mockRestore();
      idReads.mockRestore();
    }
  });

  it('answers a replayed keyed spend as a duplicate after the balance dropped below its amount', async () => {
    const { user } = await signIn(t);
    await grant(user.id, 200);
    const spend = () =>
      ledger.post({
        userId: user.id,
        amount: -150,
        kind: 'redeem',
        reason: 'Gym Pass',
        idempotencyKey: `redeem:${user.id}`,
      });
    const first = await spend();
    await ledger.post({ userId: user.id, amount: -50, kind: 'redeem', reason: 'Water bottle' });
    const replay = await spend();
    expect(replay).toEqual({ entry: expect.objectContaining({ id: first.entry.id }), duplicate: true });
    expect(await reads.balance(user.id)).toBe(0);
  });

  it('keys entries <userId>:<account>:<seq> and finds the true head from a stale cache', async () => {
    const { user } = await signIn(t);
    await grant(user.id, 100);
    const { entry } = await grant(user.id, 50);
    expect(entry.id).toBe(`${user.id}:credits:2`);
    // A cache that trails the chain (another process between its entry and its cache update): a
    // spend it cannot cover, then a stale cached seq whose next seq is taken.
    await users.updateOne({ _id: user.id }, { $set: { sweatCredits: 100, creditsSeq: 1 } });
    expect(
      (await ledger.post({ userId: user.id, amount: -120, kind: 'redeem', reason: 'needs both grants' })).entry.seq,
    ).toBe(3);
    await users.updateOne({ _id: user.id }, { $set: { creditsSeq: 1 } });
    expect(await reads.balance(user.id)).toBe(30);
    expect((await grant(user.id, 5)).entry.id).toBe(`${user.id}:credits:4`);
    expect(await users.findById(user.id).lean()).toMatchObject({ sweatCredits: 35, creditsSeq: 4 });
  });

  it('repairs the cached balance when a keyed operation is replayed after its writer stopped short of the cache', async () => {
    const { user } = await signIn(t);
    await grant(user.id, 100);
    const { entry } = await grant(user.id, 40, `purchase:${user.id}`);
    // As if the process had been killed between the entry's insert and the cache update.
    await users.updateOne({ _id: user.id }, { $set: { sweatCredits: 100, creditsSeq: 1 } });
    const replay = await grant(user.id, 40, `purchase:${user.id}`);
    expect(replay).toEqual({ entry: expect.objectContaining({ id: entry.id }), duplicate: true });
    expect(await users.findById(user.id).lean()).toMatchObject({ sweatCredits: 140, creditsSeq: 2 });
  });

  it('answers a replayed keyed posting whose amount is drawn from the balance without drawing again', async () => {
    const { user } = await signIn(t);
    await grant(user.id, 70);
    const drainAll = () =>
      ledger.post({
        userId: user.id,
        amount: (balance) => {
          if (balance <= 0) throw new Error('nothing to drain');
          return -balance;
        },
        kind: 'drain',
        reason: 'drain everything',
        idempotencyKey: `drain:${user.id}`,
      });
    const first = await drainAll();
    const replay = await drainAll();
    expect(replay).toEqual({ entry: expect.objectContaining({ id: first.entry.id, amount: -70 }), duplicate: true });
    expect(await reads.balance(user.id)).toBe(0);
  });

  it('answers the history newest first with exact running balances, paged by seq', async () => {
    const { user, auth } = await signIn(t);
    for (const amount of [100, -30, 25, -5]) await grant(user.id, amount);
    const page = await t.http.get(`/api/transactions/${user.id}`).query({ limit: 3 }).set(auth).expect(200);
    expect(page.body.map((r: { amount: number }) => r.amount)).toEqual([-5, 25, -30]);
    expect(page.body.map((r: { balance: number }) => r.balance)).toEqual([90, 95, 70]);
    const next = await t.http
      .get('/api/transactions')
      .query({ limit: 3, before: page.body[2].seq })
      .set(auth)
      .expect(200);
    expect(next.body.map((r: { amount: number }) => r.amount)).toEqual([100]);
  });

  it('refuses another user’s id (403) and malformed ids or operators (400)', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    await t.http.get(`/api/transactions/${other.user.id}`).set(me.auth).expect(403);
    await t.http.get('/api/transactions/not-an-id').set(me.auth).expect(400);
    await t.http.get('/api/transactions').query({ 'before[$gt]': '' }).set(me.auth).expect(400);
    await t.http.get('/api/transactions').query({ limit: 1000 }).set(me.auth).expect(400);
    await t.http.get(`/api/transactions/${me.user.id}`).expect(401);
  });

  it('reverses an entry once with a new entry that names it', async () => {
    const { user } = await signIn(t);
    const { entry } = await grant(user.id, 70);
    const first = await ledger.reverse(entry.id, 'granted by mistake');
    const second = await ledger.reverse(entry.id, 'granted by mistake');
    expect(first.duplicate).toBe(false);
    expect(second.duplicate).toBe(true);
    expect(first.entry.ref).toBe(entry.id);
    expect(first.entry.amount).toBe(-70);
    expect(await reads.balance(user.id)).toBe(0);
  });

  it('survives a randomized concurrent workload: every chain verifies and every balance equals its entries', async () => {
    const accounts = await Promise.all(Array.from({ length: 8 }, () => signIn(t)));
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const operations = Array.from({ length: 240 }, (_, i) => {
      const account = accounts[Math.floor(random() * accounts.length)].user.id;
      const amount = random() < 0.55 ? 1 + Math.floor(random() * 100) : -(1 + Math.floor(random() * 120));
      const key = random() < 0.2 ? `op:${i % 30}` : undefined;
      return () =>
        inTurn(i)
          .post({ userId: account, amount, kind: 'test', reason: 'random', idempotencyKey: key })
          .catch((e) => {
            if (!(e instanceof InsufficientCredits)) throw e;
          });
    });
    await Promise.all(operations.map((op) => op()));
    const report = await reads.verify();
    expect(report.problems).toEqual([]);
    for (const { user } of accounts) {
      const rows = await entries.find({ userId: new Types.ObjectId(user.id) }).lean();
      const sum = rows.reduce((total, r) => total + r.amount, 0);
      expect((await users.findById(user.id).lean())!.sweatCredits).toBe(sum);
    }
  });

  it('posts to the pool from its cached head, from any process, reading the chain only once per lost seq claim, and the cache ends on the head', async () => {
    await ledger.ensurePool();
    const chainRead = jest.spyOn(LedgerEntriesRepository.prototype, 'head');
    const claims = jest.spyOn(entries.collection, 'insertMany');
    const pool = (i: number) =>
      inTurn(i).post({ userId: POOL_ACCOUNT_ID, amount: i % 2 ? -3 : 5, kind: 'pool.test', reason: 'pool test' });
    try {
      await Promise.all(Array.from({ length: 24 }, (_, i) => pool(i)));
      // Four processes race for the pool's seqs: every entry inserted beyond the 24 lost its claim.
      const lostClaims = claims.mock.calls.flatMap(([docs]) => docs).length - 24;
      expect(chainRead).toHaveBeenCalledTimes(lostClaims);
    } finally {
      chainRead.mockRestore();
      claims.mockRestore();
    }
    const last = await entries.findOne({ userId: POOL_ACCOUNT_ID, account: 'credits' }).sort({ seq: -1 }).lean();
    expect(await heads.findById(`${POOL_ACCOUNT_ID}:credits`).lean()).toMatchObject({
      seq: last!.seq,
      balance: last!.balanceAfter,
    });
    expect(await reads.balance(POOL_ACCOUNT_ID)).toBe(last!.balanceAfter);
    expect((await reads.verify()).problems).toEqual([]);
  });

  it('finds the pool’s true head from a stale cached head, and without one (data from before the cache)', async () => {
    await ledger.ensurePool();
    const before = await reads.balance(POOL_ACCOUNT_ID);
    await heads.updateOne({ _id: `${POOL_ACCOUNT_ID}:credits` }, { $inc: { seq: -1 }, $set: { balance: -1 } });
    expect(await reads.balance(POOL_ACCOUNT_ID)).toBe(before);
    expect(
      (await ledger.post({ userId: POOL_ACCOUNT_ID, amount: 7, kind: 'pool.test', reason: 'stale head' })).entry
        .balanceAfter,
    ).toBe(before + 7);
    await heads.deleteMany({});
    expect(
      (await ledger.post({ userId: POOL_ACCOUNT_ID, amount: -7, kind: 'pool.test', reason: 'no head' })).entry
        .balanceAfter,
    ).toBe(before);
    expect(await heads.findById(`${POOL_ACCOUNT_ID}:credits`).lean()).toMatchObject({ balance: before });
    await heads.updateOne({ _id: `${POOL_ACCOUNT_ID}:credits` }, { $set: { balance: 1 } });
    expect((await reads.verify()).problems).toEqual([
      expect.objectContaining({
        userId: POOL_ACCOUNT_ID,
        username: null,
        problem: expect.stringMatching(/credits: cached balance 1 /),
      }),
    ]);
    await heads.updateOne({ _id: `${POOL_ACCOUNT_ID}:credits` }, { $set: { balance: before } });
  });

  it('verify names a user whose chain or cache is broken', async () => {
    const { user } = await signIn(t);
    await grant(user.id, 10);
    await users.updateOne({ _id: user.id }, { $set: { sweatCredits: 999 } });
    const report = await reads.verify();
    expect(report.problems).toEqual([
      expect.objectContaining({
        userId: user.id,
        username: user.username,
        problem: expect.stringMatching(/credits: cached balance 999/),
      }),
    ]);
    await users.updateOne({ _id: user.id }, { $set: { sweatCredits: 10 } });
  });
});
