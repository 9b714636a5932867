import { randomBytes } from 'node:crypto';

import { mongo } from 'mongoose';

/**
 * The database primitives the code rests on, against the real server. Exactly-once guarantees
 * (ledger seqs and idempotency keys, single-use claims) rest on unique inserts: of N concurrent
 * inserts of one key, exactly one wins and the rest fail with a duplicate-key error. Cached
 * balances and counters on a user document rest on each single-document update being atomic, as
 * on MongoDB; the local FerretDB is built with a patch for that (local-store/patches/), without which
 * 1,000 concurrent `$inc` of one document left 422. A database swap that broke either fails here.
 */
const MONGO_BASE = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27027';
const WRITERS = 40;

describe('database primitives: unique-key inserts, atomic single-document updates', () => {
  const dbName = `sweat_test_atomic_${randomBytes(4).toString('hex')}`;
  let client: mongo.MongoClient;
  beforeAll(
    async () => (client = await new mongo.MongoClient(`${MONGO_BASE}/${dbName}`, { maxPoolSize: WRITERS }).connect()),
  );
  afterAll(async () => {
    await client
      .db()
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
  });

  async function raceInserts(insert: (i: number) => Promise<unknown>) {
    const results = await Promise.allSettled(Array.from({ length: WRITERS }, (_, i) => insert(i)));
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    return {
      won: results.length - rejected.length,
      duplicateErrors: rejected.filter((r) => r.reason?.code === 11000).length,
    };
  }

  it(`lets exactly one of ${WRITERS} concurrent inserts of one _id win`, async () => {
    const claims = client.db().collection<{ _id: string; writer: number }>('claims');
    for (let round = 0; round < 5; round++) {
      const key = `key-${round}`;
      const { won, duplicateErrors } = await raceInserts((writer) => claims.insertOne({ _id: key, writer }));
      expect({ won, duplicateErrors }).toEqual({ won: 1, duplicateErrors: WRITERS - 1 });
      expect(await claims.countDocuments({ _id: key })).toBe(1);
    }
  });

  it(`lets exactly one of ${WRITERS} concurrent inserts win on a compound unique index (the ledger's (userId, account, seq))`, async () => {
    const entries = client.db().collection('entries');
    await entries.createIndex({ userId: 1, account: 1, seq: 1 }, { unique: true });
    const { won, duplicateErrors } = await raceInserts((writer) =>
      entries.insertOne({ userId: 'u1', account: 'credits', seq: 7, writer }),
    );
    expect({ won, duplicateErrors }).toEqual({ won: 1, duplicateErrors: WRITERS - 1 });
    expect(await entries.countDocuments({ userId: 'u1', seq: 7 })).toBe(1);
  });

  it(`applies every one of ${WRITERS * 10} concurrent updates of one document, whichever fields they set`, async () => {
    const counters = client.db().collection<{ _id: string; hits: number; even: number; odd: number }>('counters');
    await counters.insertOne({ _id: 'c', hits: 0, even: 0, odd: 0 });
    const updates = Array.from({ length: WRITERS * 10 }, (_, i) =>
      counters.updateOne({ _id: 'c' }, { $inc: { hits: 1, [i % 2 ? 'odd' : 'even']: 1 } }),
    );
    await Promise.all(updates);
    expect(await counters.findOne({ _id: 'c' })).toEqual({
      _id: 'c',
      hits: WRITERS * 10,
      even: WRITERS * 5,
      odd: WRITERS * 5,
    });
  });

  it("moves a guarded value only forward under concurrent writers (the ledger cache's seq guard)", async () => {
    const cache = client.db().collection<{ _id: string; seq: number }>('cache');
    await cache.insertOne({ _id: 'u', seq: 0 });
    const seqs = Array.from({ length: WRITERS }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    await Promise.all(seqs.map((seq) => cache.updateOne({ _id: 'u', seq: { $lt: seq } }, { $set: { seq } })));
    expect(await cache.findOne({ _id: 'u' })).toEqual({ _id: 'u', seq: WRITERS });
    expect((await cache.updateOne({ _id: 'u', seq: { $lt: 3 } }, { $set: { seq: 3 } })).matchedCount).toBe(0);
  });

  // The ledger groups concurrent postings' cache moves into one bulkWrite (GroupedWrites): one update
  // command of many statements. FerretDB kept each statement's query open until the command ended,
  // so 100 statements held its whole connection pool and the next write waited forever (patch 8).
  it('applies a bulkWrite of 250 seq-guarded updates, one update command, and answers', async () => {
    const cache = client.db().collection<{ _id: string; seq: number }>('bulk_cache');
    await cache.insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: `u${i}`, seq: 0 })));
    const moves = Array.from({ length: 250 }, (_, i) => ({
      updateOne: { filter: { _id: `u${i}`, seq: { $lt: 1 } }, update: { $set: { seq: 1 } } },
    }));
    const written = await cache.bulkWrite(moves, { ordered: false });
    expect([written.matchedCount, written.modifiedCount]).toEqual([250, 250]);
    expect(await cache.countDocuments({ seq: 1 })).toBe(250);
    // The store still takes writes afterwards (the pool was not left exhausted).
    expect((await cache.updateOne({ _id: 'u0' }, { $set: { seq: 2 } })).modifiedCount).toBe(1);
  }, 20_000);

  // Patch 9 commits the statements of one update command together. Each must still see what the ones
  // before it wrote, as on MongoDB: a guard a statement moved stops the next, a document upserted is
  // there for the next, an updateMany finds what an earlier statement changed.
  it('lets each statement of a bulkWrite see what the ones before it wrote', async () => {
    const docs = client.db().collection<{ _id: string; n: number; seq?: number; tag?: string }>('bulk_seen');
    await docs.insertMany([
      { _id: 'a', n: 0, seq: 0 },
      { _id: 'b', n: 0, tag: 'x' },
      { _id: 'c', n: 0 },
    ]);
    const written = await docs.bulkWrite([
      { updateOne: { filter: { _id: 'a' }, update: { $inc: { n: 1 } } } },
      { updateOne: { filter: { _id: 'a', seq: { $lt: 1 } }, update: { $set: { seq: 1 }, $inc: { n: 1 } } } },
      { updateOne: { filter: { _id: 'a', seq: { $lt: 1 } }, update: { $inc: { n: 100 } } } },
      { updateOne: { filter: { _id: 'c' }, update: { $set: { tag: 'x' } } } },
      { updateMany: { filter: { tag: 'x' }, update: { $inc: { n: 10 } } } },
      { updateOne: { filter: { _id: 'd' }, update: { $set: { n: 1 } }, upsert: true } },
      { updateOne: { filter: { _id: 'd' }, update: { $inc: { n: 1 } } } },
    ]);
    expect([written.matchedCount, written.modifiedCount, written.upsertedCount]).toEqual([6, 6, 1]);
    expect(await docs.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'a', n: 2, seq: 1 },
      { _id: 'b', n: 10, tag: 'x' },
      { _id: 'c', n: 10, tag: 'x' },
      { _id: 'd', n: 2 },
    ]);
  });

  it('keeps the statements before a failed one and changes nothing for the failed one', async () => {
    const docs = client.db().collection<{ _id: string; n: number }>('bulk_failed');
    // q's n is a string, so $inc fails on it.
    await docs.insertMany([
      { _id: 'p', n: 0 },
      { _id: 'q', n: 'text' as unknown as number },
    ]);
    const failed = await docs
      .bulkWrite([
        { updateOne: { filter: { _id: 'p' }, update: { $inc: { n: 1 } } } },
        { updateOne: { filter: { _id: 'q' }, update: { $inc: { n: 1 } } } },
        { updateOne: { filter: { _id: 'p' }, update: { $inc: { n: 1 } } } },
      ])
      .then(
        () => null,
        (err: Error) => err,
      );
    expect(failed).toBeInstanceOf(Error);
    expect(await docs.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'p', n: 1 },
      { _id: 'q', n: 'text' },
    ]);
  });

  // A bulkWrite holds SQLite's write lock from its first statement to its commit; creating a
  // collection or an index holds FerretDB's catalogue and then writes. Neither may wait on the other
  // (a build where the bulkWrite asked the catalogue again stalled both until busy_timeout failed the DDL).
  it('creates collections and indexes while bulkWrites run, and both go on', async () => {
    const db = client.db();
    const cache = db.collection<{ _id: string; seq: number }>('ddl_cache');
    const ids = Array.from({ length: 50 }, (_, i) => `c${i}`);
    await cache.insertMany(ids.map((_id) => ({ _id, seq: 0 })));
    let running = true;
    let rounds = 0;
    const bulks = (async () => {
      while (running) {
        const seq = ++rounds;
        await cache.bulkWrite(
          ids.map((_id) => ({ updateOne: { filter: { _id, seq: { $lt: seq } }, update: { $set: { seq } } } })),
          { ordered: false },
        );
      }
    })();
    const created: string[] = [];
    try {
      for (let i = 0; i < 8; i++) {
        const fresh = db.collection(`ddl_new_${i}`);
        created.push(
          await fresh
            .insertOne({ i })
            .then(
              () => fresh.createIndex({ i: 1 }),
              (err: Error) => `insert: ${err.message}`,
            )
            .catch((err: Error) => `createIndex: ${err.message}`),
        );
      }
    } finally {
      running = false;
      await bulks;
    }
    expect(created).toEqual(Array.from({ length: 8 }, () => 'i_1'));
    expect(rounds).toBeGreaterThan(0);
    expect(await cache.countDocuments({ seq: rounds })).toBe(ids.length);
  }, 30_000);

  it('counts every increment when bulkWrites, single updates and inserts run at once', async () => {
    const counters = client.db().collection<{ _id: string; n: number }>('bulk_counters');
    const inserted = client.db().collection('bulk_inserted');
    const ids = Array.from({ length: 20 }, (_, i) => `k${i}`);
    await counters.insertMany(ids.map((_id) => ({ _id, n: 0 })));
    const bulks = Array.from({ length: 10 }, () =>
      counters.bulkWrite(
        ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $inc: { n: 1 } } } })),
        { ordered: false },
      ),
    );
    const singles = Array.from({ length: 40 }, (_, i) =>
      counters.updateOne({ _id: ids[i % ids.length] }, { $inc: { n: 1 } }),
    );
    const inserts = Array.from({ length: 40 }, (_, i) => inserted.insertOne({ i }));
    await Promise.all([...bulks, ...singles, ...inserts]);
    const counts = await counters.find().toArray();
    expect(counts.map((c) => c.n)).toEqual(ids.map(() => 12));
    expect(await inserted.countDocuments()).toBe(40);
  }, 20_000);
});
