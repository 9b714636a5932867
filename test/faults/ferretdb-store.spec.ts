import { copyFileSync, writeFileSync } from 'node:fs';

import mongoose, { mongo } from 'mongoose';

import { FerretDbProcess, SERVICES_SQLITE_PRAGMAS } from './ferretdb-process';
import { OLD_STORE_DATABASE, OLD_STORE_DOCUMENTS, OLD_STORE_FILE, OLD_STORE_USERS, oldStoreModels } from './old-store';

/**
 * A store left under DATA_DIR by an earlier FerretDB build opens with the current one: the patches
 * change how documents are found, not how they are stored (local-store/README.md). The
 * fixture was written by FerretDB v1.24.2 without any of our patches (old-store.ts). The current
 * build must read every document as written, answer equality from the indexes the old build made
 * (patch 4 queries by their expressions), still match the array an old write left in an indexed
 * field, keep the unique indexes unique, and the app's start (Mongoose's model.init) must find every
 * index it declares already there.
 */
const ejson = (doc: mongo.Document) => mongo.BSON.EJSON.stringify(doc, { relaxed: false });
const sameValue = (a: unknown, b: unknown) => ejson({ v: a }) === ejson({ v: b });
/** MongoDB's equality on one field: the value itself, or an element of an array there. */
const holds = (doc: mongo.Document, field: string, value: unknown) =>
  sameValue(doc[field], value) ||
  (Array.isArray(doc[field]) && doc[field].some((element: unknown) => sameValue(element, value)));

describe('a store written by FerretDB v1.24.2 without our patches', () => {
  let ferret: FerretDbProcess;
  let client: mongo.MongoClient;
  let db: mongo.Db;
  beforeAll(async () => {
    ferret = await FerretDbProcess.create(SERVICES_SQLITE_PRAGMAS);
    await ferret.stop();
    copyFileSync(OLD_STORE_FILE, ferret.file(OLD_STORE_DATABASE));
    await ferret.start();
    client = await new mongo.MongoClient(ferret.uri(OLD_STORE_DATABASE)).connect();
    db = client.db();
  });
  afterAll(async () => {
    await client?.close();
    await ferret?.remove();
  });

  it('is opened by the current build with every document as it was written', async () => {
    expect((await db.admin().command({ buildInfo: 1 })).ferretdbVersion).toMatch(/^v1\.24\.2-sweat\.\d+$/);
    for (const [collection, docs] of Object.entries(OLD_STORE_DOCUMENTS)) {
      const stored = await db.collection(collection).find().toArray();
      expect({ collection, docs: stored.map(ejson).sort() }).toEqual({ collection, docs: docs.map(ejson).sort() });
    }
  });

  it("answers equality from the old build's indexes, and not where an old write left an array", async () => {
    let fromIndex = 0;
    for (const [collection, docs] of Object.entries(OLD_STORE_DOCUMENTS)) {
      for (const index of await db.collection(collection).indexes()) {
        const field = Object.keys(index.key)[0];
        const holdsArray = docs.some((doc) => Array.isArray(doc[field]));
        for (const value of new Set(
          docs.flatMap((doc) => doc[field]).filter((v) => typeof v === 'string' || v instanceof mongo.ObjectId),
        )) {
          const found = await db
            .collection(collection)
            .find({ [field]: value })
            .toArray();
          const label = `${collection} ${field} = ${ejson({ value })}`;
          expect({ label, found: found.map(ejson).sort() }).toEqual({
            label,
            found: docs
              .filter((doc) => holds(doc, field, value))
              .map(ejson)
              .sort(),
          });
          const plan = JSON.stringify(
            await db
              .collection(collection)
              .find({ [field]: value })
              .explain(),
          );
          expect({ label, usesIndex: plan.includes(`USING INDEX`) }).toEqual({ label, usesIndex: !holdsArray });
          if (!holdsArray) fromIndex++;
        }
      }
    }
    expect(fromIndex).toBeGreaterThan(20);
    // The array under walletAddress: ben is found by either of its elements.
    expect((await db.collection('users').find({ walletAddress: 'W2' }).toArray()).map((u) => u.username)).toEqual([
      'ben',
    ]);
  });

  it('keeps its unique indexes unique, and takes new writes', async () => {
    const duplicate = (write: Promise<unknown>) =>
      write.then(
        () => 'inserted',
        (err) => (err.code === 11000 ? 'duplicate key' : String(err)),
      );
    const entries = db.collection('ledger_entries');
    const [user] = OLD_STORE_USERS;
    expect(await duplicate(db.collection('users').insertOne({ username: 'ana' }))).toBe('duplicate key');
    expect(
      await duplicate(
        entries.insertOne({
          _id: 'other' as never,
          userId: user,
          account: 'credits',
          seq: 3,
          idempotencyKey: 'grant:new',
        }),
      ),
    ).toBe('duplicate key');
    expect(
      await duplicate(
        entries.insertOne({
          _id: 'other' as never,
          userId: user,
          account: 'credits',
          seq: 4,
          idempotencyKey: 'grant:1',
        }),
      ),
    ).toBe('duplicate key');
    expect(
      await duplicate(
        entries.insertOne({
          _id: `${user.toHexString()}:credits:4` as never,
          userId: user,
          account: 'credits',
          seq: 4,
          idempotencyKey: 'grant:4',
        }),
      ),
    ).toBe('inserted');
    expect((await entries.find({ userId: user, account: 'credits' }).sort({ seq: -1 }).limit(1).toArray())[0].seq).toBe(
      4,
    );
  });

  it("holds every index the app declares, so the app's start builds none", async () => {
    const indexes = async () =>
      Object.fromEntries(
        await Promise.all(
          Object.keys(OLD_STORE_DOCUMENTS).map(async (c) => [
            c,
            (await db.collection(c).indexes()).map((i) => i.name).sort(),
          ]),
        ),
      );
    const before = await indexes();
    const connection = await mongoose.createConnection(ferret.uri(OLD_STORE_DATABASE)).asPromise();
    try {
      const models = oldStoreModels(connection);
      expect([...models.keys()].sort()).toEqual(Object.keys(OLD_STORE_DOCUMENTS).sort());
      for (const model of models.values()) await model.init();
      for (const [collection, model] of models) {
        const declared = model.schema.indexes().map(([key]) =>
          Object.entries(key)
            .map(([field, order]) => `${field}_${order}`)
            .join('_'),
        );
        expect({ collection, missing: declared.filter((name) => !before[collection].includes(name)) }).toEqual({
          collection,
          missing: [],
        });
      }
    } finally {
      await connection.close();
    }
    expect(await indexes()).toEqual(before);
  });
});

describe('a store holding a database file whose metadata table was never written', () => {
  // The state a process stopped between creating a database's file and its first table leaves
  // behind (found in a dev store after a busy e2e run): FerretDB refused to start on the whole store.
  it('starts, opens that database empty and serves the others', async () => {
    const ferret = await FerretDbProcess.create(SERVICES_SQLITE_PRAGMAS);
    try {
      const before = await new mongo.MongoClient(ferret.uri('kept')).connect();
      await before.db().collection('users').insertOne({ username: 'kept' });
      await before.close();
      await ferret.stop();
      writeFileSync(ferret.file('interrupted'), '');
      await ferret.start();

      const client = await new mongo.MongoClient(ferret.uri('kept')).connect();
      try {
        expect(await client.db().collection('users').countDocuments({ username: 'kept' })).toBe(1);
        expect(await client.db('interrupted').listCollections().toArray()).toEqual([]);
        await client.db('interrupted').collection('users').insertOne({ username: 'new' });
        expect(await client.db('interrupted').collection('users').countDocuments()).toBe(1);
      } finally {
        await client.close();
      }
    } finally {
      await ferret.remove();
    }
  });
});
