// (2) Ledger: postings/s across 100 users and on one contended user (20 concurrent writers), vs
// raw insertOne of documents of the same shape at the same concurrency; then ledger.verify().
import { fmt, percentile, require, row, timedPool } from './lib.mjs';

const { MongoClient, ObjectId } = require('mongodb');

const USERS = 100;
const WRITERS = 20;
const UNCONTENDED_POSTINGS = Number(process.env.BENCH_LEDGER_POSTINGS ?? 300);
const CONTENDED_POSTINGS = Number(process.env.BENCH_LEDGER_CONTENDED ?? 60);

/** Raw inserts of ledger-entry-shaped documents: the floor of what one posting costs on this database. */
async function rawInserts(env, count, userIds) {
  const client = await new MongoClient(env.MONGODB_URI, { maxPoolSize: WRITERS }).connect();
  const raw = client.db().collection(`bench_raw_${Date.now()}`);
  try {
    return await timedPool(count, WRITERS, (i) =>
      raw.insertOne({ userId: userIds[i % userIds.length], account: 'credits', seq: i, amount: 1, balanceAfter: i, kind: 'bench', reason: 'bench', idempotencyKey: `raw:${i}`, ref: null, createdAt: new Date() }),
    );
  } finally {
    await raw.drop().catch(() => undefined);
    await client.close();
  }
}

export async function benchLedger({ ctx }) {
  const { env } = ctx;
  const users = await ctx.users.insertMany(Array.from({ length: USERS }, (_, i) => ({ username: `bench_ledger_${i}_${Date.now()}` })));
  const ids = users.map((u) => u._id.toString());

  const uncontended = await timedPool(UNCONTENDED_POSTINGS, WRITERS, (i) => ctx.ledger.post({ userId: ids[i % USERS], amount: 1, kind: 'bench', reason: 'bench' }));
  const rawSpread = await rawInserts(env, UNCONTENDED_POSTINGS, ids.map((id) => new ObjectId(id)));

  // One user, 20 writers: every fourth posting spends 3, so some are refused (a business answer, not an error).
  let refusals = 0;
  let errors = 0;
  const contended = await timedPool(CONTENDED_POSTINGS, WRITERS, async (i) => {
    try {
      await ctx.ledger.post({ userId: ids[0], amount: i % 4 === 3 ? -3 : 1, kind: 'bench', reason: 'bench' });
    } catch (err) {
      if (err instanceof ctx.InsufficientCredits) refusals++;
      else errors++;
    }
  });
  const rawOne = await rawInserts(env, CONTENDED_POSTINGS, [new ObjectId(ids[0])]);
  const report = await ctx.ledger.verify();

  const rate = (r, n) => n / r.seconds;
  const lat = (r) => `${fmt(percentile(r.latencies, 50), 1)} / ${fmt(percentile(r.latencies, 99), 1)}`;
  const spreadRatio = rate(uncontended, UNCONTENDED_POSTINGS) / rate(rawSpread, UNCONTENDED_POSTINGS);
  const contendedRatio = rate(contended, CONTENDED_POSTINGS) / rate(rawOne, CONTENDED_POSTINGS);
  return [
    row('Ledger', `postings/s, ${USERS} users, ${WRITERS} writers (${UNCONTENDED_POSTINGS} postings)`, fmt(rate(uncontended, UNCONTENDED_POSTINGS)), `${fmt(rate(rawSpread, UNCONTENDED_POSTINGS))} raw insertOne`, spreadRatio, '≥ 0.5', spreadRatio >= 0.5),
    row('Ledger', 'p50 / p99 per posting, 100 users (ms)', lat(uncontended), lat(rawSpread), null, '', null),
    row('Ledger', `postings/s, 1 user, ${WRITERS} writers (${CONTENDED_POSTINGS}; ${refusals} refused, ${errors} errors)`, fmt(rate(contended, CONTENDED_POSTINGS)), `${fmt(rate(rawOne, CONTENDED_POSTINGS))} raw insertOne`, contendedRatio, '0 errors', errors === 0),
    row('Ledger', 'p50 / p99 per posting, 1 user (ms)', lat(contended), lat(rawOne), null, '', null),
    row('Ledger', `ledger.verify() after the runs (${report.accounts} accounts, ${report.entries} entries)`, `${report.problems.length} problems`, '', null, '0 problems', report.problems.length === 0),
  ];
}

