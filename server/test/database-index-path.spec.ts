import { mongo } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { FerretDbProcess } from '../../test/faults/ferretdb-process';

/**
 * The index path proven equal to a full read. The local FerretDB answers equality and `$in` filters
 * on indexed fields from SQLite's indexes (scripts/ferretdb/4-*.patch); a wrong pushdown would lose
 * documents silently. The same random documents go into a collection indexed like the app's and
 * one without indexes (always read whole), and every filter shape the app's repositories use must
 * answer the same documents from both, including look-alike values: an mongo.ObjectId and its hex as a
 * string, numbers, null, missing fields, and arrays (which MongoDB matches by element).
 */
const MONGO_BASE = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27027';
const DOCUMENTS = 1_000;

/** A small seeded generator, so a failure can be reproduced from the seed it prints. */
function generator(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] };
}

const userIds = Array.from({ length: 12 }, () => new mongo.ObjectId());
const usernames = ['ana', 'ben', 'Ana', 'ana ', 'ünal', 'a<b&c>', '"quoted"', 'line\u2028sep'];
const wallets = ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'];
const keys = ['proof:a:2026-11-24', 'redeem:1', 'redeem:2', 'tweet:19', 'purchase:5Kx', 'grant:ü'];
const days = ['2026-11-23', '2026-11-24', '2026-11-25'];
const sha256s = ['a'.repeat(64), 'b'.repeat(64)];
const challengeCodes = ['K7QX3M', 'RBE4TD'];

/** One value of a field as the app writes it, or one that merely looks like it. */
function valueOf(rng: ReturnType<typeof generator>, usual: readonly unknown[]): unknown {
  const roll = rng.next();
  if (roll < 0.6) return rng.pick(usual);
  if (roll < 0.68) return null;
  if (roll < 0.74) return 7;
  if (roll < 0.8) return rng.pick(usual.map((v) => (v instanceof mongo.ObjectId ? v.toHexString() : String(v).toUpperCase())));
  if (roll < 0.86) return [rng.pick(usual), rng.pick(usual)];
  if (roll < 0.9) return { nested: rng.pick(usual) };
  return undefined; // the field is missing
}

function randomDocuments(seed: number): mongo.Document[] {
  const rng = generator(seed);
  return Array.from({ length: DOCUMENTS }, (_, i) => {
    const doc: mongo.Document = { _id: rng.next() < 0.5 ? new mongo.ObjectId() : `doc-${i}` };
    const fields: Record<string, unknown> = {
      userId: valueOf(rng, userIds),
      account: valueOf(rng, ['credits', 'pending']),
      seq: Math.floor(rng.next() * 20),
      idempotencyKey: valueOf(rng, keys),
      username: valueOf(rng, usernames),
      walletAddress: valueOf(rng, wallets),
      day: valueOf(rng, days),
      uploadId: valueOf(rng, userIds),
      sha256: valueOf(rng, sha256s),
      challengeCode: valueOf(rng, challengeCodes),
      status: valueOf(rng, ['pending', 'finished', 'active']),
      createdAt: new Date(Date.UTC(2026, 10, 1) + Math.floor(rng.next() * 30 * 86_400_000)),
    };
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) doc[name] = value;
    return doc;
  });
}

/** The indexes the app's schemas declare on these fields (server/src/**\/*.schema.ts), none unique here. */
const INDEXES: mongo.Document[] = [
  { userId: 1, account: 1, seq: 1 },
  { idempotencyKey: 1 },
  { username: 1 },
  { walletAddress: 1 },
  { userId: 1, day: -1 },
  { status: 1, createdAt: 1 },
  { uploadId: 1, sha256: 1, challengeCode: 1 },
];

interface Shape {
  /** Written as the app writes it; `_id` is an mongo.ObjectId or a string there. */
  filter: mongo.Document;
  sort?: mongo.Document;
  limit?: number;
}

/** Every filter shape the app's repositories send, with values drawn from the documents' pools. */
function shapes(seed: number): Shape[] {
  const rng = generator(seed + 1);
  const user = () => rng.pick(userIds);
  const out: Shape[] = [];
  for (let i = 0; i < 5; i++) {
    const userId = user();
    out.push(
      { filter: { userId } },
      { filter: { userId: userId.toHexString() } },
      { filter: { userId, account: rng.pick(['credits', 'pending']) } },
      { filter: { userId, account: 'credits', seq: rng.next() < 0.5 ? 3 : 30 } },
      { filter: { userId, account: 'credits' }, sort: { seq: -1 }, limit: 1 },
      { filter: { userId, account: 'credits', seq: { $lt: 10 } }, sort: { seq: -1 }, limit: 5 },
      { filter: { userId, day: rng.pick(days) } },
      { filter: { userId, day: { $lt: rng.pick(days) } } },
      { filter: { userId: { $eq: userId } } },
      { filter: { userId: { $in: [userId, user(), userId.toHexString()] } } },
      { filter: { idempotencyKey: rng.pick(keys) } },
      { filter: { idempotencyKey: rng.pick(keys).toUpperCase() } },
      { filter: { idempotencyKey: { $in: [rng.pick(keys), rng.pick(keys), 'earn:none'] } } },
      { filter: { username: rng.pick(usernames) } },
      { filter: { walletAddress: rng.pick(wallets) } },
      { filter: { status: rng.pick(['pending', 'finished']), createdAt: { $lt: new Date(Date.UTC(2026, 10, 15)) } } },
      { filter: { _id: { $in: [`doc-${i}`, `doc-${i * 7}`, 'doc-none'] } } },
      { filter: { _id: `doc-${i * 3}`, seq: { $lt: 15 } } },
      // Kept proof checks: the index's first and last fields, the middle one left out.
      { filter: { uploadId: { $in: [userId, user()] }, challengeCode: rng.pick(challengeCodes) } },
    );
  }
  return out;
}

async function answer(client: mongo.MongoClient, db: string, collection: string, shape: Shape): Promise<string[]> {
  let cursor = client.db(db).collection(collection).find(shape.filter as mongo.Filter<mongo.Document>);
  if (shape.sort) cursor = cursor.sort(shape.sort);
  if (shape.limit) cursor = cursor.limit(shape.limit);
  const rows = await cursor.toArray();
  if (!shape.sort) return rows.map((row) => JSON.stringify(row)).sort();
  // Documents with equal sort keys may come in either order: compare the keys' sequence.
  const key = Object.keys(shape.sort)[0];
  return rows.map((row) => JSON.stringify(row[key]));
}

async function seed(client: mongo.MongoClient, db: string, docs: mongo.Document[]) {
  const indexed = client.db(db).collection('indexed');
  for (const index of INDEXES) await indexed.createIndex(index);
  await indexed.insertMany(docs);
  await client.db(db).collection('plain').insertMany(docs);
}

async function expectSameAnswers(client: mongo.MongoClient, db: string, seedValue: number) {
  let compared = 0;
  for (const shape of shapes(seedValue)) {
    const [fromIndex, fromScan] = await Promise.all([answer(client, db, 'indexed', shape), answer(client, db, 'plain', shape)]);
    const label = `seed ${seedValue}: ${JSON.stringify(shape)}`;
    expect({ label, rows: fromIndex }).toEqual({ label, rows: fromScan });
    compared += fromScan.length;
  }
  return compared;
}

/** Which index, if any, the store says it used for a filter (FerretDB: SQLite's plan; MongoDB: IXSCAN). */
async function usesIndex(client: mongo.MongoClient, db: string, filter: mongo.Filter<mongo.Document>): Promise<boolean> {
  const plan = JSON.stringify(await client.db(db).collection('indexed').find(filter).explain());
  return /USING INDEX|IXSCAN/.test(plan);
}

describe('the index path answers exactly what a full read answers', () => {
  const dbName = `sweat_test_indexpath_${randomBytes(4).toString('hex')}`;
  let client: mongo.MongoClient;
  beforeAll(async () => (client = await new mongo.MongoClient(`${MONGO_BASE}/${dbName}`).connect()));
  afterAll(async () => {
    await client.db(dbName).dropDatabase().catch(() => undefined);
    await client.close();
  });

  it.each([11, 29, 47])('on random look-alike documents (seed %i), for every filter shape the app uses', async (seedValue) => {
    const db = `${dbName}_${seedValue}`;
    await seed(client, db, randomDocuments(seedValue));
    try {
      // Non-trivial: the shapes must find documents, or equal empty answers would prove nothing.
      expect(await expectSameAnswers(client, db, seedValue)).toBeGreaterThan(200);
    } finally {
      await client.db(db).dropDatabase();
    }
  });

  it('uses the indexes for the app\'s equality filters, and stops when a field holds an array', async () => {
    const db = `${dbName}_plans`;
    const indexed = client.db(db).collection('indexed');
    for (const index of INDEXES) await indexed.createIndex(index);
    await indexed.insertMany(Array.from({ length: 50 }, (_, i) => ({ userId: userIds[i % 3], account: 'credits', seq: i, idempotencyKey: `k${i}`, username: `u${i}` })));

    expect(await usesIndex(client, db, { userId: userIds[0] })).toBe(true);
    expect(await usesIndex(client, db, { userId: userIds[0], account: 'credits', seq: 3 })).toBe(true);
    expect(await usesIndex(client, db, { idempotencyKey: 'k7' })).toBe(true);
    expect(await usesIndex(client, db, { idempotencyKey: { $in: ['k7', 'k8'] } })).toBe(true);
    expect(await usesIndex(client, db, { username: { $in: ['u1', 'u2'] } })).toBe(true);

    // An array under username: MongoDB matches its elements, so a whole-value comparison would miss it.
    await indexed.insertOne({ username: ['u1', 'someone'] });
    expect(await indexed.countDocuments({ username: 'u1' })).toBe(2);
    await indexed.updateOne({ username: 'u2' }, { $set: { idempotencyKey: ['k2', 'k-other'] } });
    expect(await indexed.countDocuments({ idempotencyKey: 'k2' })).toBe(1);
    expect(await indexed.countDocuments({ idempotencyKey: 'k-other' })).toBe(1);
    await client.db(db).dropDatabase();
  });
});

describe('a store written before the server started (an upgraded store)', () => {
  let ferret: FerretDbProcess;
  beforeAll(async () => (ferret = await FerretDbProcess.create()));
  afterAll(async () => ferret?.remove());

  it('still finds documents whose indexed field holds an array after a restart', async () => {
    const write = await new mongo.MongoClient(ferret.uri('upgrade')).connect();
    const col = write.db().collection('users');
    await col.createIndex({ walletAddress: 1 });
    await col.insertMany([{ walletAddress: 'w1' }, { walletAddress: ['w1', 'w2'] }, { walletAddress: 'w2' }]);
    await write.close();

    await ferret.stop();
    await ferret.start();

    const read = await new mongo.MongoClient(ferret.uri('upgrade')).connect();
    try {
      const names = await read.db().collection('users').find({ walletAddress: 'w2' }).toArray();
      expect(names.map((d) => d.walletAddress)).toEqual([['w1', 'w2'], 'w2']);
    } finally {
      await read.close();
    }
  });
});
