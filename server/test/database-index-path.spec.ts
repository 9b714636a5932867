import { randomBytes } from 'node:crypto';

import mongoose, { mongo, Schema } from 'mongoose';

import { FerretDbProcess } from '../../test/faults/ferretdb-process';
import {
  appRepositories,
  appSchemas,
  queryCallsByMethod,
  RecordedQuery,
  recordRepositoryQueries,
} from './support/recorded-queries';
import { EXTRA_FILTERS, generator, picks } from './support/repository-queries';

/**
 * The index path proven equal to a full read. The local FerretDB answers equality and `$in` filters
 * on indexed fields from SQLite's indexes (local-store/patches/4-*.patch), and sorts on an index's
 * fields after the ones a filter binds by reading that index in order (6-*.patch), and ranges on
 * numbers and dates and dotted paths into embedded documents likewise (10-*.patch); a wrong pushdown
 * would lose or misorder documents silently. The queries are the ones the real repositories send (recorded through
 * Mongoose, support/recorded-queries.ts), and each collection is built twice from the same random
 * documents: once with the indexes its schema declares (`schema.indexes()`), once with none and its
 * `_id` moved to an unindexed field, so that no query of the second copy can use an index, `_id`'s
 * included. Both copies must answer every query alike, on look-alike values: an ObjectId and its
 * hex as a string, a Date and its ISO string, numbers and their text, null, missing fields, arrays
 * (which MongoDB matches by element) and nested documents; sorted fields hold numbers of every BSON
 * type (1 and 10, -0, fractions, int64 past 2^53) or dates, and in the `mixedSorts` variant also
 * strings and null, which the store must then sort itself. What this proves is that FerretDB's index
 * path answers what its own full read answers, not that either is what MongoDB would answer.
 */
const MONGO_BASE = process.env.TEST_MONGODB_URI ?? 'mongodb://127.0.0.1:27027';
/** Per collection and copy. */
const DOCUMENTS = 200;
/** Calls of each repository method per seed, with values drawn anew each time. */
const ROUNDS = 2;
/** The unindexed copy's field for the documents' `_id`. */
const KEY = '__key';

type Rng = ReturnType<typeof generator>;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && Object.getPrototypeOf(value) === Object.prototype;
const isOperators = (value: unknown): value is Record<string, unknown> =>
  isPlainObject(value) && Object.keys(value).every((k) => k.startsWith('$'));

/** The values a condition compares a field with: an equality's value, each of `$in`, a bound's. */
function valuesIn(condition: unknown): unknown[] {
  if (!isOperators(condition)) return [condition];
  return Object.entries(condition).flatMap(([operator, operand]) =>
    Array.isArray(operand) && operator !== '$eq' ? operand : [operand],
  );
}

/** The same value as another type or spelling: what a pushdown must not mistake for it. */
function lookAlike(value: unknown): unknown {
  if (value instanceof mongo.ObjectId) return value.toHexString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.toUpperCase();
  return String(value);
}

/** Neighbours of a queried value, so ranges have documents on both sides of their bounds. */
function neighbours(value: unknown): unknown[] {
  if (value instanceof Date) return [new Date(value.getTime() - 3_600_000), new Date(value.getTime() + 3_600_000)];
  if (typeof value === 'number') return [value - 1, value + 1];
  return [];
}

/** A value of a sorted number field (seq): of every numeric BSON type, or with `mixed` also not a number. */
function sortedNumber(rng: Rng, mixed: boolean): unknown {
  const roll = rng.next();
  const small = Math.floor(rng.next() * 20);
  if (roll < 0.55) return small;
  if (roll < 0.65) return small + 0.5;
  if (roll < 0.7) return rng.pick([-0, -small - 1, 1e15 + small]);
  if (roll < 0.8)
    return mongo.Long.fromString(
      rng.pick(['9007199254740993', '9223372036854775807', '-9223372036854775808', String(small)]),
    );
  if (roll < 0.9 || !mixed) return undefined;
  return rng.pick([String(small), null, `${small}0`]);
}

/** A value of a sorted date field (createdAt, completedAt…): a date, or with `mixed` also a number or a string. */
function sortedDate(rng: Rng, mixed: boolean): unknown {
  const roll = rng.next();
  if (roll < 0.85) return new Date(Date.UTC(2026, 10, 1) + Math.floor(rng.next() * 30) * 3_600_000);
  if (roll < 0.92 || !mixed) return undefined;
  return rng.pick([Date.UTC(2026, 10, 2), '2026-11-02', null]);
}

/** The generator of a field the queries sort by, when it holds numbers or dates as the app writes them. */
function sortedValues(path: string): typeof sortedNumber | undefined {
  // A logged set's ranks (rank.loadKg…) are numbers in an embedded document; its keys are strings.
  if (path === 'seq' || (path.startsWith('rank.') && !path.endsWith('Key'))) return sortedNumber;
  if (path.endsWith('At')) return sortedDate;
  return undefined;
}

interface Variant {
  /** Filtered fields sometimes hold arrays: the store may not narrow by them (nor sort by their indexes). */
  arrays: boolean;
  /** Sorted fields also hold strings and null beside their numbers or dates: the store must sort them itself. */
  mixedSorts: boolean;
}

/**
 * One field's value in a random document: mostly a value the queries ask for, else a look-alike.
 * Arrays only when `arrays`: a field holding an array in any document is never answered from its
 * index (patch 4's multikey rule), so only documents without them exercise the index path.
 */
function valueOf(rng: Rng, pool: readonly unknown[], arrays: boolean): unknown {
  const roll = rng.next();
  if (roll < 0.6) return rng.pick(pool);
  if (roll < 0.68) return null;
  if (roll < 0.74) return 7;
  if (roll < 0.8) return lookAlike(rng.pick(pool));
  if (roll < 0.86) return arrays ? [rng.pick(pool), rng.pick(pool)] : rng.pick(pool);
  if (roll < 0.9) return { nested: rng.pick(pool) };
  return undefined; // the field is missing
}

/** Sets a dotted path, making an array for a numeric step (mostly) or a document whose key is the number. */
function setPath(rng: Rng, doc: mongo.Document, path: string, value: unknown) {
  const steps = path.split('.');
  let at: Record<string, unknown> = doc;
  steps.slice(0, -1).forEach((step, i) => {
    const numeric = /^\d+$/.test(steps[i + 1]);
    if (!isPlainObject(at[step]) && !Array.isArray(at[step]))
      at[step] = numeric && rng.next() < 0.8 ? Array.from({ length: 3 }, () => ({})) : {};
    at = at[step] as Record<string, unknown>;
    at[steps[i + 1]] ??= {};
  });
  if (value === undefined) delete at[steps[steps.length - 1]];
  else at[steps[steps.length - 1]] = value;
}

/**
 * A value as FerretDB's unique indexes (`_id`'s too) compare it: an ObjectId as its hex and a Date
 * as its milliseconds, so an ObjectId and its hex string are one key there (not on MongoDB). No
 * collection of the app mixes those types in one unique key.
 */
function uniqueKey(value: unknown): string {
  if (value instanceof mongo.ObjectId) return JSON.stringify(value.toHexString());
  if (value instanceof Date) return JSON.stringify(value.getTime());
  return JSON.stringify(value);
}

/** Documents for one collection: each field its queries, sorts and indexes name, drawn around the queried values. */
function randomDocuments(
  rng: Rng,
  seed: number,
  queries: RecordedQuery[],
  schema: Schema,
  { arrays, mixedSorts }: Variant,
): mongo.Document[] {
  const pools = new Map<string, unknown[]>();
  const sorted = new Set(queries.flatMap((query) => Object.keys(query.sort ?? {})));
  const poolOf = (path: string) => pools.get(path) ?? pools.set(path, []).get(path)!;
  for (const query of queries) {
    for (const [path, condition] of Object.entries(query.filter)) {
      if (path.startsWith('$'))
        throw new Error(`${query.collection}: top-level ${path} is not compared yet (add it to this test)`);
      for (const value of valuesIn(condition)) poolOf(path).push(value, ...neighbours(value));
    }
    for (const path of Object.keys(query.sort ?? {})) poolOf(path);
  }
  for (const [key] of schema.indexes()) for (const path of Object.keys(key)) poolOf(path);
  const fallback = [new Date(Date.UTC(2026, 10, 24, 12)), new Date(Date.UTC(2026, 10, 25)), 3, 'text'];
  for (const [path, pool] of pools) if (!pool.some((v) => v !== null)) pools.set(path, [...pool, ...fallback]);

  // Each queried `_id` once (or, a quarter of the time, only its look-alike), then random ones.
  const ids = [...new Map((pools.get('_id') ?? fallback).map((id) => [uniqueKey(id), id])).values()];
  const taken = new Set<string>();
  return Array.from({ length: DOCUMENTS }, (_, i) => {
    const roll = rng.next();
    const candidate =
      i < ids.length
        ? roll < 0.75
          ? ids[i]
          : lookAlike(ids[i])
        : roll < 0.4
          ? rng.pick(ids)
          : roll < 0.6
            ? lookAlike(rng.pick(ids))
            : roll < 0.7
              ? i
              : null;
    const unique = candidate !== null && !Array.isArray(candidate) && !taken.has(uniqueKey(candidate));
    const _id = unique
      ? candidate
      : new mongo.ObjectId(`f${seed.toString(16).padStart(7, '0')}${i.toString(16).padStart(16, '0')}`);
    taken.add(uniqueKey(_id));
    const doc: mongo.Document = { _id };
    for (const [path, pool] of pools) {
      if (path === '_id') continue;
      const ordered = sorted.has(path) ? sortedValues(path) : undefined;
      setPath(rng, doc, path, ordered ? ordered(rng, mixedSorts) : valueOf(rng, pool, arrays));
    }
    // An embedded document in a list: MongoDB matches and sorts its dotted paths through the list.
    if (arrays)
      for (const [key, value] of Object.entries(doc)) if (isPlainObject(value) && rng.next() < 0.15) doc[key] = [value];
    return doc;
  });
}

/** The unindexed copy's spelling of a filter or sort: `_id` is its `KEY` field there. */
const unindexed = (spec: mongo.Document = {}): mongo.Document =>
  Object.fromEntries(Object.entries(spec).map(([k, v]) => [k === '_id' ? KEY : k, v]));
/** A document of the unindexed copy as it was given: its `KEY` back as `_id`. */
function asGiven(row: mongo.Document): mongo.Document {
  const { _id: _ownId, [KEY]: key, ...fields } = row;
  return { _id: key, ...fields };
}
const ejson = (value: unknown) => mongo.BSON.EJSON.stringify(value as mongo.Document, { relaxed: false });

interface Answer {
  /** Every matching document, in a canonical order. */
  matches: string[];
  /** With the query's sort, skip and limit: the sort keys in the order given (ties may come either way). */
  ordered?: string[];
}

async function answer(collection: mongo.Collection, query: RecordedQuery, plain: boolean): Promise<Answer> {
  const filter = plain ? unindexed(query.filter) : query.filter;
  const rows = (await collection.find(filter).toArray()).map((row) => (plain ? asGiven(row) : row));
  const result: Answer = { matches: rows.map(ejson).sort() };
  if (query.sort) {
    let cursor = collection.find(filter).sort((plain ? unindexed(query.sort) : query.sort) as mongo.Sort);
    if (query.skip) cursor = cursor.skip(query.skip);
    if (query.limit) cursor = cursor.limit(query.limit);
    const keys = Object.keys(query.sort);
    result.ordered = (await cursor.toArray())
      .map((row) => (plain ? asGiven(row) : row))
      .map((row) => ejson(keys.map((k) => row[k] ?? null)));
  }
  return result;
}

/** The queries the repositories send under this seed, and the extra filters, by collection. */
async function queriesFor(seed: number, scratch: mongoose.Connection): Promise<Map<string, RecordedQuery[]>> {
  const { queries } = await recordRepositoryQueries(scratch, seed, ROUNDS);
  const v = picks(generator(seed + 1));
  for (const extra of EXTRA_FILTERS)
    for (let i = 0; i < ROUNDS; i++)
      queries.push({ collection: extra.collection, command: 'find', filter: extra.filter(v) });
  const byCollection = new Map<string, RecordedQuery[]>();
  for (const query of queries)
    byCollection.set(query.collection, [...(byCollection.get(query.collection) ?? []), query]);
  return byCollection;
}

/** Each app collection's name (every schema names its collection) and schema. */
function appCollections(): Array<{ name: string; schema: Schema }> {
  return [...appSchemas().values()].map((schema) => ({ name: schema.get('collection')!, schema }));
}

/** The schema's indexes, none unique: look-alike documents repeat values. */
async function createSchemaIndexes(collection: mongo.Collection, schema: Schema) {
  for (const [key] of schema.indexes()) await collection.createIndex(key as mongo.IndexSpecification);
}

/** A collection of `db` with the indexes the app's schema of that name declares. */
async function indexedLikeTheApp(db: mongo.Db, collection: string, schemaName: string): Promise<mongo.Collection> {
  const indexed = db.collection(collection);
  await createSchemaIndexes(indexed, appSchemas().get(schemaName)!);
  return indexed;
}

describe('the index path answers exactly what a full read answers', () => {
  const dbName = `sweat_test_indexpath_${randomBytes(4).toString('hex')}`;
  let client: mongo.MongoClient;
  beforeAll(async () => (client = await new mongo.MongoClient(`${MONGO_BASE}/${dbName}`).connect()));
  afterAll(async () => {
    await client
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await client.close();
  });

  async function withScratch<T>(name: string, use: (scratch: mongoose.Connection) => Promise<T>): Promise<T> {
    const scratch = await mongoose.createConnection(`${MONGO_BASE}/${dbName}_${name}`).asPromise();
    try {
      return await use(scratch);
    } finally {
      await scratch.dropDatabase().catch(() => undefined);
      await scratch.close();
    }
  }

  // A query added to a repository without a call in support/repository-queries.ts is caught here.
  it('hears every kind of query each repository method sends', async () => {
    const kinds = await withScratch(
      'coverage',
      async (scratch) => (await recordRepositoryQueries(scratch, 1, 1)).kindsBySender,
    );
    const queryCalls = queryCallsByMethod(appRepositories());
    const unheard = [...queryCalls]
      .filter(([method, calls]) => (kinds.get(method)?.size ?? 0) < calls)
      .map(([method, calls]) => `${method}: ${kinds.get(method)?.size ?? 0} of ${calls}`);
    expect(unheard).toEqual([]);
    expect(queryCalls.size).toBeGreaterThan(80);
  });

  /**
   * Whether the store reads a sorted find's documents in order from an index, with no sort of its own
   * (FerretDB: the sort pushed down and no temporary b-tree in SQLite's plan; MongoDB: no SORT stage).
   */
  async function sortsByIndex(
    collection: mongo.Collection,
    query: Pick<RecordedQuery, 'filter' | 'sort' | 'limit'>,
  ): Promise<boolean> {
    const plan = await collection
      .find(query.filter)
      .sort(query.sort as mongo.Sort)
      .limit(query.limit ?? 0)
      .explain();
    const text = JSON.stringify(plan);
    if ('sortPushdown' in plan)
      return plan.sortPushdown === true && /USING INDEX/.test(text) && !/TEMP B-TREE/.test(text);
    return /IXSCAN/.test(text) && !/"stage":"SORT"/.test(text);
  }

  /** Which of the collection's own indexes (not `_id`'s) the store says it answered a query from. */
  async function secondaryIndexes(collection: mongo.Collection, filter: mongo.Document): Promise<string[]> {
    const plan = JSON.stringify(await collection.find(filter).explain());
    return [...plan.matchAll(/USING INDEX (\w+)/g)].map((m) => m[1]).filter((index) => !index.endsWith('__id_'));
  }

  it.each([
    { seed: 11, mixedSorts: false },
    { seed: 29, mixedSorts: true },
    { seed: 47, mixedSorts: false },
  ])(
    'on random look-alike documents (seed $seed, mixed sorted types $mixedSorts), for every query the repositories send',
    async ({ seed, mixedSorts }) => {
      const db = client.db(`${dbName}_${seed}`);
      try {
        const queries = await withScratch(`${seed}_scratch`, (scratch) => queriesFor(seed, scratch));
        const rng = generator(seed);
        const found = new Map<string, number>();
        let fromSecondaryIndexes = 0;
        const sortedByIndex = new Set<string>();
        for (const { name, schema } of appCollections()) {
          const own = queries.get(name) ?? [];
          if (own.length === 0) continue;
          // Twice: without arrays (the index path is taken) and with them (it must not be).
          for (const arrays of [false, true]) {
            const [indexed, plain] = [
              db.collection(`${name}${arrays ? '_arrays' : ''}`),
              db.collection(`${name}${arrays ? '_arrays' : ''}_plain`),
            ];
            const docs = randomDocuments(rng, seed, own, schema, { arrays, mixedSorts });
            await createSchemaIndexes(indexed, schema);
            await indexed.insertMany(docs);
            await plain.insertMany(
              docs.map(({ _id, ...fields }) => ({ _id: new mongo.ObjectId(), [KEY]: _id, ...fields })),
            );
            for (const query of own) {
              const [fromIndex, fromScan] = await Promise.all([
                answer(indexed, query, false),
                answer(plain, query, true),
              ]);
              const label = `seed ${seed}, ${arrays ? 'with' : 'without'} arrays: ${name} ${query.command} ${ejson(query)}`;
              expect({ label, ...fromIndex }).toEqual({ label, ...fromScan });
              found.set(name, (found.get(name) ?? 0) + fromScan.matches.length);
              if (!arrays && (await secondaryIndexes(indexed, query.filter)).length > 0) fromSecondaryIndexes++;
              if (!arrays && query.sort && (await sortsByIndex(indexed, query)))
                sortedByIndex.add(`${name} ${JSON.stringify(query.sort)}`);
            }
          }
        }
        // Non-trivial: every collection's queries must find documents, or equal empty answers would
        // prove nothing, and the collections' own indexes must have answered many of them.
        expect([...queries.keys()].filter((name) => !found.get(name))).toEqual([]);
        expect(found.size).toBeGreaterThan(15);
        expect(fromSecondaryIndexes).toBeGreaterThan(50);
        // Sorts are read from an index only where every sorted value is a number, or every one a date.
        // (A chain's head, the sessions and workouts lists, an exercise's history and records, the last
        // through an embedded document; string sorts and `_id` tie-breaks stay in memory.)
        if (mixedSorts) expect([...sortedByIndex]).toEqual([]);
        else
          expect([...sortedByIndex].sort()).toEqual([
            'ledger_entries {"seq":-1}',
            'logged_sets {"performedAt":-1}',
            'logged_sets {"rank.e1rmKg":-1}',
            'logged_sets {"rank.loadKg":-1}',
            'logged_sets {"rank.reps":-1}',
            'logged_sets {"rank.seconds":1}',
            'logged_sets {"rank.volumeKg":-1}',
            'workout_sessions {"completedAt":-1}',
            'workouts {"createdAt":-1}',
          ]);
      } finally {
        await db.dropDatabase();
      }
    },
  );

  it("uses the indexes for the app's equality filters, and stops when a field holds an array", async () => {
    const db = client.db(`${dbName}_plans`);
    const [entries, users] = await Promise.all([
      indexedLikeTheApp(db, 'ledger_entries', 'LedgerEntry'),
      indexedLikeTheApp(db, 'users', 'User'),
    ]);
    const userIds = [new mongo.ObjectId(), new mongo.ObjectId(), new mongo.ObjectId()];
    await entries.insertMany(
      Array.from({ length: 50 }, (_, i) => ({
        userId: userIds[i % 3],
        account: 'credits',
        seq: i,
        idempotencyKey: `k${i}`,
      })),
    );
    await users.insertMany(Array.from({ length: 50 }, (_, i) => ({ username: `u${i}` })));
    const usesIndex = async (collection: mongo.Collection, filter: mongo.Filter<mongo.Document>) =>
      /USING INDEX|IXSCAN/.test(JSON.stringify(await collection.find(filter).explain()));

    expect(await usesIndex(entries, { userId: userIds[0] })).toBe(true);
    expect(await usesIndex(entries, { userId: userIds[0], account: 'credits', seq: 3 })).toBe(true);
    expect(await usesIndex(entries, { idempotencyKey: 'k7' })).toBe(true);
    expect(await usesIndex(entries, { idempotencyKey: { $in: ['k7', 'k8'] } })).toBe(true);
    expect(await usesIndex(users, { username: { $in: ['u1', 'u2'] } })).toBe(true);

    // An array under username: MongoDB matches its elements, so a whole-value comparison would miss it.
    await users.insertOne({ username: ['u1', 'someone'] });
    expect(await users.countDocuments({ username: 'u1' })).toBe(2);
    await entries.updateOne({ idempotencyKey: 'k2' }, { $set: { idempotencyKey: ['k2', 'k-other'] } });
    expect(await entries.countDocuments({ idempotencyKey: 'k2' })).toBe(1);
    expect(await entries.countDocuments({ idempotencyKey: 'k-other' })).toBe(1);
    await db.dropDatabase();
  });

  it("reads a chain's head and a user's newest sessions from the index in order, and sorts a field holding other types itself", async () => {
    const db = client.db(`${dbName}_sorts`);
    const [entries, sessions] = await Promise.all([
      indexedLikeTheApp(db, 'ledger_entries', 'LedgerEntry'),
      indexedLikeTheApp(db, 'workout_sessions', 'WorkoutSession'),
    ]);
    const [owner, other] = [new mongo.ObjectId(), new mongo.ObjectId()];
    await entries.insertMany(
      Array.from({ length: 30 }, (_, i) => ({ userId: i % 2 ? owner : other, account: 'credits', seq: i })),
    );
    await sessions.insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        userId: i % 2 ? owner : other,
        completedAt: new Date(Date.UTC(2026, 10, 1 + i)),
      })),
    );
    const head = { filter: { userId: owner, account: 'credits' }, sort: { seq: -1 }, limit: 1 };
    expect(await sortsByIndex(entries, head)).toBe(true);
    expect(await sortsByIndex(entries, { ...head, filter: { ...head.filter, seq: { $lt: 9 } } })).toBe(true);
    expect(await sortsByIndex(entries, { ...head, sort: { seq: 1 } })).toBe(true);
    expect(await sortsByIndex(sessions, { filter: { userId: owner }, sort: { completedAt: -1 }, limit: 10 })).toBe(
      true,
    );
    expect(
      (
        await entries
          .find(head.filter)
          .sort(head.sort as mongo.Sort)
          .limit(1)
          .toArray()
      ).map((d) => d.seq),
    ).toEqual([29]);

    // A string among the numbers: FerretDB's typed index holds strings as JSON text, whose order is
    // not MongoDB's, so from then on the store sorts that field itself (MongoDB still uses its index).
    await entries.insertOne({ userId: owner, account: 'credits', seq: '31' });
    const plan = await entries
      .find(head.filter)
      .sort(head.sort as mongo.Sort)
      .explain();
    if ('sortPushdown' in plan) expect(plan.sortPushdown).toBe(false);
    expect(
      (
        await entries
          .find(head.filter)
          .sort(head.sort as mongo.Sort)
          .limit(2)
          .toArray()
      ).map((d) => d.seq),
    ).toEqual(['31', 29]);
    await db.dropDatabase();
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
