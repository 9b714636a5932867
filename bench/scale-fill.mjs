// Filling the scale bench's database: other members' histories (bench/scale-history.mjs) inserted
// with the bare driver in large unordered batches, and the signed-in member's own history.
import { require, sleep } from './lib.mjs';
import { daysAgo, memberHistory, randomSource } from './scale-history.mjs';

const { MongoNetworkError } = require('mongoose').mongo;

/** Documents per insertMany: past ~5,000 the local store inserts no faster (11–12k ledger entries/s). */
const BATCH = 5_000;
/** Other members: 4–28 active days (3 ledger entries each, plus a stake and a redemption): ~50 entries a member. */
const MEMBER_DAYS = [4, 28];
/** How long ago other members last validated a day. */
const LAST_SEEN_DAYS = [1, 40];
/** The signed-in member: the same 10 days up to yesterday at every size (seed fixed). */
const OWN_DAYS = 10;
const OWN_SEED = 0x5ca1e;

/**
 * insertMany, unordered. The local database is shared and may be restarted under a long fill: a
 * batch cut off by a lost connection is sent again, and what it had inserted is then refused as a
 * duplicate, which is skipped.
 */
async function insertBatch(collection, docs) {
  for (let attempt = 1; ; attempt++) {
    try {
      await collection.insertMany(docs, { ordered: false });
      return;
    } catch (err) {
      const onlyDuplicates = err.writeErrors?.length > 0 && err.writeErrors.every((e) => e.code === 11000);
      if (attempt > 1 && onlyDuplicates) return;
      // A bulk write reports the lost connection as its cause.
      const cause = err.errorResponse ?? err;
      const connectionLost = cause instanceof MongoNetworkError || cause.name === 'MongoServerSelectionError';
      if (!connectionLost || attempt === 5) throw err;
      await sleep(2_000 * attempt);
    }
  }
}

/**
 * Batches being stored at once: a second one is encoded by the database while the first commits
 * (in trials here 1.2–2.4 times the rate of one at a time, on a machine too busy to say better).
 */
const IN_FLIGHT = 2;

/** Buffers documents by collection and inserts them in batches, IN_FLIGHT at a time while the next are built. */
class Filler {
  constructor(db, firstIds = {}) {
    this.db = db;
    /** Collection → the _id of the first document this filler inserted there (for the shape check). */
    this.firstIds = firstIds;
    this.buffers = new Map();
    this.storing = new Set();
    this.failure = null;
    this.inserted = 0;
    this.halted = false;
  }

  /**
   * Sends no more batches; resolves once those being stored have landed. The database finishes an
   * insert it has received even when the client goes away, so dropping it before then had left a
   * database created again by the rest of that insert.
   */
  halt() {
    this.halted = true;
    return this.waitUntilStoring(0).catch(() => undefined);
  }

  async add(docsByCollection) {
    for (const [name, docs] of Object.entries(docsByCollection)) {
      if (docs.length === 0) continue;
      this.firstIds[name] ??= docs[0]._id;
      const buffer = this.buffers.get(name) ?? [];
      buffer.push(...docs);
      this.buffers.set(name, buffer);
      if (buffer.length >= BATCH) await this.flush(name);
    }
  }

  async flush(name) {
    const docs = this.buffers.get(name);
    this.buffers.set(name, []);
    await this.waitUntilStoring(IN_FLIGHT - 1);
    if (this.halted) throw new Error('the fill was stopped');
    const stored = insertBatch(this.db.collection(name), docs);
    this.storing.add(stored);
    stored.then(
      () => {
        this.inserted += docs.length;
        this.storing.delete(stored);
      },
      (err) => {
        this.failure ??= err;
        this.storing.delete(stored);
      },
    );
  }

  async done() {
    for (const [name, docs] of this.buffers) if (docs.length) await this.flush(name);
    await this.waitUntilStoring(0);
  }

  /** Waits until at most `count` batches are being stored; a batch that failed fails the fill. */
  async waitUntilStoring(count) {
    while (this.storing.size > count) await Promise.race(this.storing).catch(() => undefined);
    if (this.failure) throw this.failure;
  }
}

/**
 * The scale bench's database: other members, added until the ledger holds the wanted number of
 * entries (seeded: every run fills the same), and the signed-in member's own history.
 */
export class ScaleData {
  constructor(db, now) {
    this.db = db;
    this.now = now;
    this.members = 0;
    /** Collection → the _id of the first document filled there (for the shape check). */
    this.firstIds = {};
    this.filler = null;
  }

  /** Grows the database by the difference to `entries` ledger entries → documents inserted and seconds taken. */
  async growTo(entries) {
    const started = performance.now();
    const filler = this.newFiller(this.firstIds);
    let held = await this.db.collection('ledger_entries').estimatedDocumentCount();
    while (held < entries) {
      const random = randomSource(++this.members);
      const lastDay = daysAgo(this.now, random.between(...LAST_SEEN_DAYS));
      const { docs } = memberHistory({ random, days: random.between(...MEMBER_DAYS), lastDay, now: this.now });
      held += docs.ledger_entries.length;
      await filler.add(docs);
    }
    await filler.done();
    return { documents: filler.inserted, seconds: (performance.now() - started) / 1000 };
  }

  /** Gives a user who signed in through the app its own history: the same one at every size. */
  async giveOwnHistory(userId) {
    const { docs, profile } = memberHistory({
      random: randomSource(OWN_SEED),
      days: OWN_DAYS,
      lastDay: daysAgo(this.now, 1),
      now: this.now,
      signedIn: userId,
    });
    const filler = this.newFiller();
    await filler.add(docs);
    await filler.done();
    await this.db.collection('users').updateOne({ _id: userId }, { $set: profile });
  }

  /** Before the database is dropped: no more writes, and the last one has landed. */
  halt() {
    return this.filler?.halt();
  }

  newFiller(firstIds) {
    this.filler = new Filler(this.db, firstIds);
    return this.filler;
  }
}
