import { execFileSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

import mongoose, { mongo } from 'mongoose';

import { appSchemas } from '../../server/test/support/recorded-queries';
import { FerretDbProcess } from './ferretdb-process';

/**
 * A store as FerretDB v1.24.2 without our patches wrote it (the oldest build a DATA_DIR of this app
 * can hold), kept as fixtures/ferretdb-v1.24.2.sqlite: the collections whose indexes the index path
 * (patch 4) answers from, each with the indexes the app declares, built by Mongoose at the app's
 * start as the app built them then, and a few documents, one holding an array in an indexed field.
 * ferretdb-store.spec.ts opens it with the current build. To write it again:
 *   FERRETDB_BIN=<a v1.24.2 build without the patches> node -r ./server/test/support/ts-register.js test/faults/old-store.ts
 * (needs the sqlite3 shell, to fold the write-ahead log into the file).
 */
export const OLD_STORE_FILE = join(__dirname, 'fixtures', 'ferretdb-v1.24.2.sqlite');
export const OLD_STORE_DATABASE = 'sweat';

const id = (n: number) => new mongo.ObjectId(`6500000000000000000000${n.toString(16).padStart(2, '0')}`);
export const OLD_STORE_USERS = [id(1), id(2), id(3)];

/** The documents, by collection; only fields the indexes or the test read. */
export const OLD_STORE_DOCUMENTS: Record<string, mongo.Document[]> = {
  users: [
    { _id: OLD_STORE_USERS[0], username: 'ana', walletAddress: 'W1', twitterId: null },
    { _id: OLD_STORE_USERS[1], username: 'ben', walletAddress: ['W1', 'W2'], twitterId: 'x-2' },
    { _id: OLD_STORE_USERS[2], username: 'cy', walletAddress: null, twitterId: null },
  ],
  identities: [
    { _id: 'wallet:W1', userId: OLD_STORE_USERS[0] },
    { _id: 'wallet:W2', userId: OLD_STORE_USERS[1] },
  ],
  ledger_entries: [1, 2, 3].map((seq) => ({
    _id: `${OLD_STORE_USERS[0].toHexString()}:credits:${seq}`,
    userId: OLD_STORE_USERS[0],
    account: 'credits',
    seq,
    amount: 10,
    balanceAfter: 10 * seq,
    idempotencyKey: `grant:${seq}`,
  })),
  proof_days: [
    {
      _id: id(10),
      userId: OLD_STORE_USERS[0],
      day: '2026-11-24',
      status: 'credited',
      createdAt: new Date('2026-11-24T08:00:00Z'),
    },
    {
      _id: id(11),
      userId: OLD_STORE_USERS[1],
      day: '2026-11-24',
      status: 'checking',
      createdAt: new Date('2026-11-24T09:00:00Z'),
    },
  ],
  uploads: [
    {
      _id: id(20),
      owner: OLD_STORE_USERS[0],
      status: 'finished',
      fileRemovedAt: null,
      expiresAt: new Date('2026-11-24T08:15:00Z'),
      createdAt: new Date('2026-11-24T08:00:00Z'),
    },
    {
      _id: id(21),
      owner: OLD_STORE_USERS[1],
      status: 'pending',
      fileRemovedAt: null,
      expiresAt: new Date('2026-11-24T09:15:00Z'),
      createdAt: new Date('2026-11-24T09:00:00Z'),
    },
  ],
  workout_sessions: [
    { _id: id(30), userId: OLD_STORE_USERS[0], workoutId: id(40), completedAt: new Date('2026-11-24T07:00:00Z') },
    { _id: id(31), userId: OLD_STORE_USERS[1], workoutId: id(41), completedAt: new Date('2026-11-24T07:30:00Z') },
  ],
};

/** The app's models of these collections, on `connection`, by collection name. */
export function oldStoreModels(connection: mongoose.Connection): Map<string, mongoose.Model<mongo.Document>> {
  const models = new Map<string, mongoose.Model<mongo.Document>>();
  for (const [name, schema] of appSchemas()) {
    const collection = schema.get('collection')!;
    if (collection in OLD_STORE_DOCUMENTS)
      models.set(collection, connection.models[name] ?? connection.model(name, schema));
  }
  return models;
}

async function writeOldStore(): Promise<void> {
  const ferret = await FerretDbProcess.create();
  try {
    const connection = await mongoose.createConnection(ferret.uri(OLD_STORE_DATABASE)).asPromise();
    const info = await connection.db!.admin().command({ buildInfo: 1 });
    if (info.ferretdbVersion !== 'v1.24.2')
      throw new Error(`FERRETDB_BIN is ${info.ferretdbVersion}, not FerretDB v1.24.2 without patches`);
    for (const [collection, model] of oldStoreModels(connection)) {
      await model.init();
      await connection.db!.collection(collection).insertMany(OLD_STORE_DOCUMENTS[collection]);
    }
    await connection.close();
    await ferret.stop();
    execFileSync('sqlite3', [ferret.file(OLD_STORE_DATABASE), 'PRAGMA wal_checkpoint(TRUNCATE); VACUUM;']);
    copyFileSync(ferret.file(OLD_STORE_DATABASE), OLD_STORE_FILE);
  } finally {
    await ferret.remove();
  }
}

if (require.main === module) {
  writeOldStore().then(
    () => console.log(`wrote ${OLD_STORE_FILE}`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
