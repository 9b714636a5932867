// What the scale bench makes sure of before its figures mean anything: the indexes the app's schemas
// declare exist, and the filled documents look like the ones the app itself writes.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from '../scripts/lib.mjs';
import { require, sleep } from './lib.mjs';

/** Collection → the key of every index its Mongoose schema declares (read from server/dist/**\/*.schema.js). */
function declaredIndexes() {
  const dir = join(ROOT, 'server', 'dist');
  const byCollection = new Map();
  for (const file of readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.schema.js'))) {
    for (const schema of Object.values(require(join(dir, file)))) {
      const collection = schema?.options?.collection;
      if (collection && typeof schema.indexes === 'function')
        byCollection.set(
          collection,
          schema.indexes().map(([key]) => JSON.stringify(key)),
        );
    }
  }
  return byCollection;
}

async function missingIndexes(db, declared) {
  const missing = [];
  for (const [collection, keys] of declared) {
    // A collection the app has not created yet has no indexes (the driver throws "ns does not exist").
    const present = new Set(
      (
        await db
          .collection(collection)
          .indexes()
          .catch(() => [])
      ).map((index) => JSON.stringify(index.key)),
    );
    missing.push(...keys.filter((key) => !present.has(key)).map((key) => `${collection} ${key}`));
  }
  return missing;
}

/** Waits until Mongoose, started with the server, has built every index the schemas declare → how many. */
export async function waitForIndexes(db, timeoutMs = 60_000) {
  const declared = declaredIndexes();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = await missingIndexes(db, declared);
    if (missing.length === 0) return [...declared.values()].reduce((n, keys) => n + keys.length, 0);
    if (Date.now() > deadline) throw new Error(`the app's indexes were not built: ${missing.join(', ')}`);
    await sleep(500);
  }
}

/** A document's form: field names in order and the type of each value (null stands for any type). */
function shape(value) {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length ? [shape(value[0])] : [];
  if (value instanceof Date) return 'Date';
  if (value._bsontype) return value._bsontype;
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, shape(field)]));
  return typeof value;
}

function differences(written, filled, path) {
  if (written === null || filled === null) return [];
  if (Array.isArray(written) && Array.isArray(filled))
    return written.length && filled.length ? differences(written[0], filled[0], `${path}[]`) : [];
  if (typeof written !== 'object' || typeof filled !== 'object' || Array.isArray(written) !== Array.isArray(filled)) {
    return JSON.stringify(written) === JSON.stringify(filled)
      ? []
      : [`${path}: ${JSON.stringify(written)} as the app writes it, ${JSON.stringify(filled)} filled`];
  }
  const [writtenKeys, filledKeys] = [Object.keys(written), Object.keys(filled)];
  const found = [
    ...writtenKeys.filter((key) => !(key in filled)).map((key) => `${path}.${key}: missing from the filled documents`),
    ...filledKeys.filter((key) => !(key in written)).map((key) => `${path}.${key}: the app does not write it`),
  ];
  if (found.length === 0 && writtenKeys.join() !== filledKeys.join()) found.push(`${path}: fields in another order`);
  return [
    ...found,
    ...writtenKeys
      .filter((key) => key in filled)
      .flatMap((key) => differences(written[key], filled[key], `${path}.${key}`)),
  ];
}

/**
 * Where the signed-in member's documents that the app wrote itself are (by its owner field and, for
 * collections that also hold its seeded history, a time after the bench started). Not compared, as
 * the app writes none of them during the bench: goals and redemptions (never set or bought there)
 * and achievements (the member's history already holds every badge its timed rounds earn).
 */
const WRITTEN_BY_THE_APP = {
  users: ['_id', null],
  identities: ['userId', null],
  workouts: ['userId', 'createdAt'],
  workout_sessions: ['userId', 'completedAt'],
  ledger_entries: ['userId', 'createdAt'],
  uploads: ['owner', 'createdAt'],
  proof_days: ['userId', 'createdAt'],
  proof_media: ['userId', 'createdAt'],
};

/**
 * Compares a filled document of each collection (by `filledIds`) with one the app wrote for the
 * signed-in member (`memberId`) since `since` → how many collections and what differs.
 */
export async function shapeDifferences(db, memberId, since, filledIds) {
  const found = [];
  for (const [collection, [owner, time]] of Object.entries(WRITTEN_BY_THE_APP)) {
    const written = await db
      .collection(collection)
      .findOne({ [owner]: memberId, ...(time && { [time]: { $gte: since } }) });
    const filled = await db.collection(collection).findOne({ _id: filledIds[collection] });
    if (!written || !filled) found.push(`${collection}: no ${written ? 'filled' : 'app-written'} document to compare`);
    else found.push(...differences(shape(written), shape(filled), collection));
  }
  return { collections: Object.keys(WRITTEN_BY_THE_APP).length, differences: found };
}
