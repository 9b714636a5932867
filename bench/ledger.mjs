// (2) Ledger: postings/s across 100 users and on one contended user (20 concurrent writers), vs
// raw insertOne of documents of the same shape at the same concurrency, and beside them the design's
// two writes with the bare driver (what this database allows before any application code); then
// ledger.verify().
// Both sides are warmed up first (a cold JIT had made the first few hundred postings twice as slow
// as the rest) and then measured in alternating rounds, so drift on a noisy machine hits both alike.
import { randomUUID } from 'node:crypto';

import { fmt, median, percentile, require, row, timedPool } from './lib.mjs';

const { MongoClient, ObjectId } = require('mongoose').mongo;

const USERS = 100;
const WRITERS = 20;
const ROUNDS = 3;
const UNCONTENDED_POSTINGS = Number(process.env.BENCH_LEDGER_POSTINGS ?? 300);
const CONTENDED_POSTINGS = Number(process.env.BENCH_LEDGER_CONTENDED ?? 60);

/** Raw inserts of ledger-entry-shaped documents: the floor of what one posting costs on this database. */
async function rawInserter(db) {
  const raw = db.collection(`bench_raw_${Date.now()}`);
  let n = 0;
  return {
    run: (count, userIds) =>
      timedPool(count, WRITERS, () => {
        const i = n++;
        return raw.insertOne({
          userId: userIds[i % userIds.length],
          account: 'credits',
          seq: i,
          amount: 1,
          balanceAfter: i,
          kind: 'bench',
          reason: 'bench',
          idempotencyKey: `raw:${i}`,
          ref: null,
          createdAt: new Date(),
        });
      }),
    close: () => raw.drop().catch(() => undefined),
  };
}

/**
 * For reference, what the ledger's design asks of the database with nothing else around it: the
 * bare driver inserting an entry into a collection indexed like ledger_entries and moving a
 * users-like document's cached balance with the same seq-guarded update, per posting.
 */
async function twoWrites(db, userIds) {
  const stamp = Date.now();
  const entries = db.collection(`bench_entries_${stamp}`);
  const balances = db.collection(`bench_users_${stamp}`);
  await entries.createIndex({ idempotencyKey: 1 }, { unique: true });
  await entries.createIndex({ userId: 1, account: 1, seq: 1 }, { unique: true });
  await balances.createIndex({ username: 1 }, { unique: true });
  await balances.createIndex({ walletAddress: 1 });
  await balances.createIndex({ twitterId: 1 });
  await balances.insertMany(
    userIds.map((_id, i) => ({
      _id,
      username: `bench_${stamp}_${i}`,
      walletAddress: null,
      twitterId: null,
      sweatCredits: 0,
      creditsSeq: 0,
    })),
  );
  const seqs = userIds.map(() => 0);
  return {
    run: (count) =>
      timedPool(count, WRITERS, async (i) => {
        const user = i % userIds.length;
        const userId = userIds[user];
        const seq = ++seqs[user];
        await entries.insertOne({
          _id: `${userId}:credits:${seq}`,
          userId,
          account: 'credits',
          seq,
          amount: 1,
          balanceAfter: seq,
          kind: 'bench',
          reason: 'bench',
          idempotencyKey: `auto:${randomUUID()}`,
          ref: null,
          createdAt: new Date(),
        });
        await balances.updateOne(
          { _id: userId, creditsSeq: { $lt: seq } },
          { $set: { sweatCredits: seq, creditsSeq: seq } },
        );
      }),
    close: () => Promise.all([entries.drop(), balances.drop()]).catch(() => undefined),
  };
}

/** Rounds of every side in turn → the median rate of each side and all its latencies. */
async function alternate(count, sides) {
  const runs = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, side] of Object.entries(sides)) runs[name].push(await side());
  }
  const summary = (list) => ({
    rate: median(list.map((r) => count / r.seconds)),
    latencies: list.flatMap((r) => r.latencies),
  });
  return Object.fromEntries(Object.entries(runs).map(([name, list]) => [name, summary(list)]));
}

export async function benchLedger({ ctx }) {
  const { env } = ctx;
  const users = await ctx.users.insertMany(
    Array.from({ length: USERS + 1 }, (_, i) => ({ username: `bench_ledger_${i}_${Date.now()}` })),
  );
  // The last user is the contended one: its balance starts at zero, so spends get refused.
  const contendedId = users.pop()._id.toString();
  const ids = users.map((u) => u._id.toString());
  const objectIds = ids.map((id) => new ObjectId(id));
  // The baselines talk to the database through the app's pool size, as the API bench's bare server does.
  const client = await new MongoClient(env.MONGODB_URI, { maxPoolSize: Number(env.MONGODB_MAX_POOL_SIZE) }).connect();
  const raw = await rawInserter(client.db());
  const design = await twoWrites(client.db(), objectIds);
  const postSpread = (count) =>
    timedPool(count, WRITERS, (i) =>
      ctx.ledger.post({ userId: ids[i % USERS], amount: 1, kind: 'bench', reason: 'bench' }),
    );

  // One user, 20 writers: every fourth posting spends 4, more than the three before it earned, so some
  // are refused (a business answer, not an error).
  let refusals = 0;
  let errors = 0;
  const postContended = () =>
    timedPool(CONTENDED_POSTINGS, WRITERS, async (i) => {
      try {
        await ctx.ledger.post({ userId: contendedId, amount: i % 4 === 3 ? -4 : 1, kind: 'bench', reason: 'bench' });
      } catch (err) {
        if (err instanceof ctx.InsufficientCredits) refusals++;
        else errors++;
      }
    });

  let spread, contended;
  try {
    await postSpread(UNCONTENDED_POSTINGS);
    await raw.run(UNCONTENDED_POSTINGS, objectIds);
    await design.run(UNCONTENDED_POSTINGS);
    spread = await alternate(UNCONTENDED_POSTINGS, {
      measured: () => postSpread(UNCONTENDED_POSTINGS),
      baseline: () => raw.run(UNCONTENDED_POSTINGS, objectIds),
      design: () => design.run(UNCONTENDED_POSTINGS),
    });
    contended = await alternate(CONTENDED_POSTINGS, {
      measured: postContended,
      baseline: () => raw.run(CONTENDED_POSTINGS, [new ObjectId(contendedId)]),
    });
  } finally {
    await raw.close();
    await design.close();
    await client.close();
  }
  const report = await ctx.ledger.verify();

  const lat = (side) => `${fmt(percentile(side.latencies, 50), 1)} / ${fmt(percentile(side.latencies, 99), 1)}`;
  const spreadRatio = spread.measured.rate / spread.baseline.rate;
  const designRatio = spread.design.rate / spread.baseline.rate;
  const contendedRatio = contended.measured.rate / contended.baseline.rate;
  const rounds = `median of ${ROUNDS} rounds`;
  return [
    row(
      'Ledger',
      `postings/s, ${USERS} users, ${WRITERS} writers (${rounds} of ${UNCONTENDED_POSTINGS})`,
      fmt(spread.measured.rate),
      `${fmt(spread.baseline.rate)} raw insertOne`,
      spreadRatio,
      '≥ 0.5',
      spreadRatio >= 0.5,
    ),
    row(
      'Ledger',
      `p50 / p99 per posting, ${USERS} users (ms)`,
      lat(spread.measured),
      lat(spread.baseline),
      null,
      '',
      null,
    ),
    row(
      'Ledger',
      "the design's two writes alone, bare driver (indexed entry insert + seq-guarded cache update): per s",
      fmt(spread.design.rate),
      `${fmt(spread.baseline.rate)} raw insertOne`,
      designRatio,
      'reference',
      null,
    ),
    row(
      'Ledger',
      `postings/s, 1 user, ${WRITERS} writers (${rounds} of ${CONTENDED_POSTINGS}; ${refusals} refused, ${errors} errors)`,
      fmt(contended.measured.rate),
      `${fmt(contended.baseline.rate)} raw insertOne`,
      contendedRatio,
      '0 errors',
      errors === 0,
    ),
    row(
      'Ledger',
      'p50 / p99 per posting, 1 user (ms)',
      lat(contended.measured),
      lat(contended.baseline),
      null,
      '',
      null,
    ),
    row(
      'Ledger',
      `ledger.verify() after the runs (${report.accounts} accounts, ${report.entries} entries)`,
      `${report.problems.length} problems`,
      '',
      null,
      '0 problems',
      report.problems.length === 0,
    ),
  ];
}
