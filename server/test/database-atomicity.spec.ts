import { MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';

/**
 * The one database primitive the code's exactly-once guarantees rest on (ledger seqs and
 * idempotency keys, single-use claims): of N concurrent inserts of one unique key, exactly one
 * wins and the rest fail with a duplicate-key error. FerretDB 1.24 does not make concurrent
 * updates atomic (measured), so nothing else is relied on; a database swap that broke this
 * primitive would fail here first.
 */
const MONGO_BASE = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27027';
const WRITERS = 40;

describe('database primitive: unique-key inserts', () => {
  const dbName = `sweat_test_atomic_${randomBytes(4).toString('hex')}`;
  let client: MongoClient;
  beforeAll(async () => (client = await new MongoClient(`${MONGO_BASE}/${dbName}`, { maxPoolSize: WRITERS }).connect()));
  afterAll(async () => {
    await client.db().dropDatabase().catch(() => undefined);
    await client.close();
  });

  async function raceInserts(insert: (i: number) => Promise<unknown>) {
    const results = await Promise.allSettled(Array.from({ length: WRITERS }, (_, i) => insert(i)));
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    return { won: results.length - rejected.length, duplicateErrors: rejected.filter((r) => r.reason?.code === 11000).length };
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
    const { won, duplicateErrors } = await raceInserts((writer) => entries.insertOne({ userId: 'u1', account: 'credits', seq: 7, writer }));
    expect({ won, duplicateErrors }).toEqual({ won: 1, duplicateErrors: WRITERS - 1 });
    expect(await entries.countDocuments({ userId: 'u1', seq: 7 })).toBe(1);
  });
});
