import { mongo } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { FerretDbProcess } from '../../test/faults/ferretdb-process';

/**
 * The index path proven equal to a full read. The local FerretDB answers equality and `$in` filters
 * on indexed fields from SQLite's indexes (scripts/ferretdb/4-*.patch), and sorts on an index's
 * fields after the ones a filter binds by reading that index in order (6-*.patch); a wrong pushdown
 * would lose or misorder documents silently. The same random documents go into a collection indexed
 * like the app's and one without indexes (always read whole and sorted in memory), and every filter
 * and sort shape the app's repositories use must answer the same from both, including look-alike
 * values: an mongo.ObjectId and its hex as a string, numbers of every BSON type (1 and 10, -0, int64
 * past 2^53, fractions), null, missing fields, and arrays (which MongoDB matches by element). The
 * variants: with `arrays`, filtered fields sometimes hold arrays, so the store may not narrow by
 * them (nor sort by their indexes); with `mixedSorts`, the sorted fields also hold strings, null and
 * numbers beside dates, which the store must not sort by its index.
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
function valueOf(rng: ReturnType<typeof generator>, usual: readonly unknown[], arrays: boolean): unknown {
  const roll = rng.next();
  if (roll < 0.6) return rng.pick(usual);
  if (roll < 0.68) return null;
  if (roll < 0.74) return 7;
  if (roll < 0.8) return rng.pick(usual.map((v) => (v instanceof mongo.ObjectId ? v.toHexString() : String(v).toUpperCase())));
  if (roll < 0.86) return arrays ? [rng.pick(usual), rng.pick(usual)] : rng.pick(usual);
  if (roll < 0.9) return { nested: rng.pick(usual) };
  return undefined; // the field is missing
}

/** A value of a sorted number field (seq): of every numeric BSON type, or with `mixed` also not a number. */
function sortedNumber(rng: ReturnType<typeof generator>, mixed: boolean): unknown {
  const roll = rng.next();
  const small = Math.floor(rng.next() * 20);
  if (roll < 0.55) return small;
  if (roll < 0.65) return small + 0.5;
  if (roll < 0.7) return rng.pick([-0, -small - 1, 1e15 + small]);
  if (roll < 0.8) return mongo.Long.fromString(rng.pick(['9007199254740993', '9223372036854775807', '-9223372036854775808', String(small)]));
  if (roll < 0.9 || !mixed) return undefined;
  return rng.pick([String(small), null, `${small}0`]);
}

/** A value of a sorted date field (completedAt, startedAt): a date, or with `mixed` also a number or a string. */
function sortedDate(rng: ReturnType<typeof generator>, mixed: boolean): unknown {
  const roll = rng.next();
  if (roll < 0.85) return new Date(Date.UTC(2026, 10, 1) + Math.floor(rng.next() * 30) * 3_600_000);
  if (roll < 0.92 || !mixed) return undefined;
  return rng.pick([Date.UTC(2026, 10, 2), '2026-11-02', null]);
}

interface Variant {
  arrays: boolean;
  mixedSorts: boolean;
}

function randomDocuments(seed: number, { arrays, mixedSorts }: Variant): mongo.Document[] {
  const rng = generator(seed);
  return Array.from({ length: DOCUMENTS }, (_, i) => {
    const doc: mongo.Document = { _id: rng.next() < 0.5 ? new mongo.ObjectId() : `doc-${i}` };
    const fields: Record<string, unknown> = {
      userId: valueOf(rng, userIds, arrays),
      account: valueOf(rng, ['credits', 'pending'], arrays),
      seq: sortedNumber(rng, mixedSorts),
      idempotencyKey: valueOf(rng, keys, arrays),
      username: valueOf(rng, usernames, arrays),
      walletAddress: valueOf(rng, wallets, arrays),
      day: valueOf(rng, days, arrays),
      uploadId: valueOf(rng, userIds, arrays),
      sha256: valueOf(rng, sha256s, arrays),
      challengeCode: valueOf(rng, challengeCodes, arrays),
      status: valueOf(rng, ['pending', 'finished', 'active'], arrays),
      createdAt: new Date(Date.UTC(2026, 10, 1) + Math.floor(rng.next() * 30 * 86_400_000)),
      completedAt: sortedDate(rng, mixedSorts),
      startedAt: sortedDate(rng, mixedSorts),
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
  { userId: 1, createdAt: -1 },
  { userId: 1, completedAt: -1 },
  { status: 1, createdAt: 1 },
  { uploadId: 1, sha256: 1, challengeCode: 1 },
];

interface Shape {
  /** Written as the app writes it; `_id` is an mongo.ObjectId or a string there. */
  filter: mongo.Document;
  sort?: mongo.Document;
  skip?: number;
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
      // The ledger: a chain's head, a page of history, the chain in order, every chain for verify.
      { filter: { userId, account: 'credits' }, sort: { seq: -1 }, limit: 1 },
      { filter: { userId: userId.toHexString(), account: 'pending' }, sort: { seq: -1 }, limit: 1 },
      { filter: { userId, account: 'credits', seq: { $lt: 10 } }, sort: { seq: -1 }, limit: 5 },
      { filter: { userId, account: rng.pick(['credits', 'pending']) }, sort: { seq: 1 } },
      { filter: { userId: { $in: [userId, user()] }, account: 'credits' }, sort: { seq: -1 }, limit: 3 },
      { filter: { account: 'credits' }, sort: { seq: -1 }, limit: 3 },
      { filter: {}, sort: { userId: 1, account: 1, seq: 1 } },
      // Sessions, workouts, goals, redemptions, chat messages, proof days, activities, upload sweeps.
      { filter: { userId }, sort: { completedAt: -1 } },
      { filter: { userId }, sort: { completedAt: -1 }, limit: 1 },
      { filter: { userId }, sort: { completedAt: 1 }, limit: 4 },
      { filter: { userId }, sort: { createdAt: -1 }, limit: 1 },
      { filter: { userId }, sort: { createdAt: -1, _id: -1 }, limit: 3 },
      { filter: { userId }, sort: { createdAt: -1, _id: -1 }, skip: 2, limit: 1 },
      { filter: { userId, status: 'finished' }, sort: { day: -1 }, limit: 3 },
      { filter: { userId }, sort: { day: -1, startedAt: -1 }, limit: 5 },
      { filter: { status: rng.pick(['pending', 'active']) }, sort: { createdAt: 1 }, limit: 5 },
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
  if (shape.skip) cursor = cursor.skip(shape.skip);
  if (shape.limit) cursor = cursor.limit(shape.limit);
  const rows = await cursor.toArray();
  // EJSON keeps what JSON would blur: an int64 from a double, -0 from 0.
  const whole = rows.map((row) => mongo.BSON.EJSON.stringify(row, { relaxed: false })).sort();
  if (!shape.sort) return whole;
  // Documents with equal sort keys may come in either order: compare the keys' sequence (a missing
  // field sorts as null), and when nothing is cut off, the documents too.
  const keys = rows.map((row) => mongo.BSON.EJSON.stringify(Object.keys(shape.sort!).map((key) => row[key] ?? null), { relaxed: false }));
  return shape.skip || shape.limit ? keys : [...keys, ...whole];
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
    const label = `seed ${seedValue}: ${mongo.BSON.EJSON.stringify(shape)}`;
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

/**
 * Whether the store reads a sorted find's documents in order from an index, with no sort of its own
 * (FerretDB: the sort pushed down and no temporary b-tree in SQLite's plan; MongoDB: no SORT stage).
 */
async function sortsByIndex(client: mongo.MongoClient, db: string, shape: Shape): Promise<boolean> {
  const plan = await client.db(db).collection('indexed').find(shape.filter).sort(shape.sort!).limit(shape.limit ?? 0).explain();
  const text = JSON.stringify(plan);
  if ('sortPushdown' in plan) return plan.sortPushdown === true && /USING INDEX/.test(text) && !/TEMP B-TREE/.test(text);
  return /IXSCAN/.test(text) && !/"stage":"SORT"/.test(text);
}

describe('the index path answers exactly what a full read answers', () => {
  const dbName = `sweat_test_indexpath_${randomBytes(4).toString('hex')}`;
  let client: mongo.MongoClient;
  beforeAll(async () => (client = await new mongo.MongoClient(`${MONGO_BASE}/${dbName}`).connect()));
  afterAll(async () => {
    await client.db(dbName).dropDatabase().catch(() => undefined);
    await client.close();
  });

  it.each([
    { seedValue: 11, arrays: true, mixedSorts: false },
    { seedValue: 29, arrays: false, mixedSorts: false },
    { seedValue: 47, arrays: false, mixedSorts: true },
    { seedValue: 83, arrays: true, mixedSorts: true },
  ])('on random look-alike documents (seed $seedValue, arrays $arrays, mixed sorted types $mixedSorts), for every filter and sort shape the app uses', async ({ seedValue, ...variant }) => {
    const db = `${dbName}_${seedValue}`;
    await seed(client, db, randomDocuments(seedValue, variant));
    try {
      // Without arrays or mixed types the sorts below are read from the indexes: that path is proven.
      const head: Shape = { filter: { userId: userIds[0], account: 'credits' }, sort: { seq: -1 }, limit: 1 };
      if (!variant.arrays && !variant.mixedSorts) expect(await sortsByIndex(client, db, head)).toBe(true);
      // Non-trivial: the shapes must find documents, or equal empty answers would prove nothing.
      expect(await expectSameAnswers(client, db, seedValue)).toBeGreaterThan(200);
    } finally {
      await client.db(db).dropDatabase();
    }
  }, 180_000);

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

  it('reads a chain\'s head and a user\'s newest sessions from the index in order, and sorts a field holding other types itself', async () => {
    const db = `${dbName}_sorts`;
    const indexed = client.db(db).collection('indexed');
    for (const index of INDEXES) await indexed.createIndex(index);
    const [owner, other] = userIds;
    await indexed.insertMany(
      Array.from({ length: 30 }, (_, i) => ({ userId: i % 2 ? owner : other, account: 'credits', seq: i, completedAt: new Date(Date.UTC(2026, 10, 1 + i)) })),
    );
    const head: Shape = { filter: { userId: owner, account: 'credits' }, sort: { seq: -1 }, limit: 1 };
    const sessions: Shape = { filter: { userId: owner }, sort: { completedAt: -1 }, limit: 10 };
    expect(await sortsByIndex(client, db, head)).toBe(true);
    expect(await sortsByIndex(client, db, { ...head, filter: { ...head.filter, seq: { $lt: 9 } } })).toBe(true);
    expect(await sortsByIndex(client, db, { ...head, sort: { seq: 1 } })).toBe(true);
    expect(await sortsByIndex(client, db, sessions)).toBe(true);
    expect((await indexed.find(head.filter).sort(head.sort!).limit(1).toArray()).map((d) => d.seq)).toEqual([29]);

    // A string among the numbers: FerretDB's typed index holds strings as JSON text, whose order is
    // not MongoDB's, so from then on the store sorts that field itself (MongoDB still uses its index).
    await indexed.insertOne({ userId: owner, account: 'credits', seq: '31' });
    const plan = await indexed.find(head.filter).sort(head.sort!).explain();
    if ('sortPushdown' in plan) expect(plan.sortPushdown).toBe(false);
    expect((await indexed.find(head.filter).sort(head.sort!).limit(2).toArray()).map((d) => d.seq)).toEqual(['31', 29]);
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
