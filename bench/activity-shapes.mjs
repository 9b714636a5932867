// (9) Activity shapes: the reuse check's look-up as activity_claims grows.
// `npm run bench -- activity-shapes` (sizes from BENCH_SHAPE_CLAIMS, default 1000,10000) or
// `node bench/activity-shapes.mjs 10000 1000000`. Fills a bench database's activity_claims directly
// (one packed shape document and its key documents per claim, as ActivityClaimsRepository writes
// them, each claim a distinct recording of the recording model with its own keys) in large
// unordered batches, several in flight. Then, at each size: 40 originals are claimed as the service
// claims them (the newest claims, so an index that answers oldest first does not favour them), and
// the check (the repository's own look-up, then the comparison) is timed for 40 new recordings
// (none may match) and for the 40 originals trimmed to their middle 65 % and shifted (each should be
// found). The first size is the baseline; each later one is reported as a ratio to it.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

import { fmt, require, row, typescript } from './lib.mjs';

const mongoose = require('mongoose');
const { ObjectId } = mongoose.mongo;

const codec = typescript('server/src/activities/series-shape.codec.ts');
const CHECKS = 40;
/** Documents per insertMany and insertMany calls in flight: the store's write path, not the bench's loop, sets the pace. */
const BATCH_DOCUMENTS = 20_000;
const IN_FLIGHT = 3;

function model() {
  const shapes = typescript('server/src/activities/series-shape.rules.ts');
  const { samplesOf } = typescript('server/test/support/activity-files.ts');
  const { seriesOf } = typescript('server/test/support/activity-forgeries.ts');
  const samples = (seed) =>
    samplesOf({
      start: new Date('2026-11-25T07:30:00Z'),
      minutes: 20 + (seed % 5) * 15,
      seed,
      kind: ['running', 'cycling', 'walking'][seed % 3],
      everySeconds: 5,
    });
  const recording = (seed) => shapes.shapeOf(seriesOf(samples(seed)));
  // A copy as a reuser makes it: the middle 65 %, a day later and 0.0001° off.
  const dressed = (seed) => {
    const s = samples(seed);
    const kept = s.slice(Math.floor(s.length * 0.2) + 3, Math.floor(s.length * 0.85));
    return shapes.shapeOf(
      seriesOf(kept.map((x) => ({ ...x, time: new Date(x.time.getTime() + 86_400_000 + 3000), lat: x.lat + 0.0001 }))),
    );
  };
  return { shapes, recording, dressed };
}

function claimDocuments(shape, keys, proofDayId = new ObjectId()) {
  const base = { userId: new ObjectId(), proofDayId, createdAt: new Date() };
  return [
    { _id: `shape:${proofDayId}`, ...base, shape: codec.packShape(shape) },
    ...keys.map((key) => ({ _id: `${key}:${proofDayId}`, ...base, shapeKey: key })),
  ];
}

/** Claims recordings `from`…`to` − 1 of the model (seeds 1,000,000 on), each with its own keys. */
async function fill(claims, m, from, to) {
  const inFlight = new Set();
  let batch = [];
  const send = async () => {
    const docs = batch;
    batch = [];
    const done = claims.insertMany(docs, { ordered: false }).finally(() => inFlight.delete(done));
    inFlight.add(done);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
  };
  for (let i = from; i < to; i++) {
    const shape = m.recording(1_000_000 + i);
    batch.push(...claimDocuments(shape, m.shapes.shapeKeys(shape)));
    if (batch.length >= BATCH_DOCUMENTS) await send();
  }
  if (batch.length) await send();
  await Promise.all(inFlight);
}

/** The service's check: the repository's bounded look-up of the likeliest claims, then the comparison. */
async function check(repository, shapes, shape) {
  const others = await repository.shapesSharing(shapes.lookupKeys(shape), new ObjectId());
  return others.some((other) => shapes.isSameRecording(shape, other.shape));
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function timed(repository, shapes, list) {
  const times = [];
  let matched = 0;
  for (const shape of list) {
    const t0 = performance.now();
    if (await check(repository, shapes, shape)) matched++;
    times.push(performance.now() - t0);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), matched };
}

/** Measures at each size (claims, ascending) → one result per size. */
export async function measureActivityShapes(sizes, { keep = false, log = () => undefined } = {}) {
  const m = model();
  const { ActivityClaim, ActivityClaimSchema } = typescript('server/src/activities/activity.schema.ts');
  const { ActivityClaimsRepository } = typescript('server/src/activities/activity-claims.repository.ts');
  const base = (process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27027').replace(/^(mongodb:\/\/[^/?]+).*$/, '$1');
  const connection = await mongoose.createConnection(`${base}/bench_activity_shapes`, { autoIndex: false }).asPromise();
  const db = connection.db;
  const repository = new ActivityClaimsRepository(connection.model(ActivityClaim.name, ActivityClaimSchema));
  const results = [];
  try {
    await db.dropDatabase();
    const claims = db.collection('activity_claims');
    await claims.createIndex({ shapeKey: 1 });
    await claims.createIndex({ proofDayId: 1 });
    const fresh = Array.from({ length: CHECKS }, (_, i) => m.recording(900_000 + i));
    const originals = Array.from({ length: CHECKS }, (_, i) => 800_000 + i);
    const copies = originals.map((s) => m.dressed(s));
    let filled = 0;
    let planted = [];
    for (const size of sizes) {
      await claims.deleteMany({ proofDayId: { $in: planted } });
      const started = performance.now();
      await fill(claims, m, filled, size);
      const fillSeconds = (performance.now() - started) / 1000;
      filled = size;
      planted = originals.map(() => new ObjectId());
      await claims.insertMany(
        originals.flatMap((s, i) => {
          const shape = m.recording(s);
          return claimDocuments(shape, m.shapes.shapeKeys(shape), planted[i]);
        }),
        { ordered: false },
      );
      const documents = await claims.estimatedDocumentCount();
      const distinct = await timed(repository, m.shapes, fresh);
      const reused = await timed(repository, m.shapes, copies);
      const result = { size, documents, fillSeconds, distinct, reused };
      log(result);
      results.push(result);
    }
  } finally {
    if (!keep) await db.dropDatabase();
    await connection.close();
  }
  return results;
}

const describe = (r) =>
  `${fmt(r.size)} claims (${fmt(r.documents)} documents, filled in ${r.fillSeconds.toFixed(0)} s, ` +
  `${fmt(r.documents / Math.max(r.fillSeconds, 0.001))} documents/s): new recordings p50 ${r.distinct.p50.toFixed(1)} ms, ` +
  `p95 ${r.distinct.p95.toFixed(1)} ms, matched ${r.distinct.matched} of ${CHECKS}; trimmed copies p50 ${r.reused.p50.toFixed(1)} ms, ` +
  `found ${r.reused.matched} of ${CHECKS}`;

/** `npm run bench -- activity-shapes`: BENCH_SHAPE_CLAIMS sizes (default 1000,10000), a size CI affords. */
export async function benchActivityShapes() {
  const sizes = (process.env.BENCH_SHAPE_CLAIMS ?? '1000,10000').split(',').map(Number);
  const results = await measureActivityShapes(sizes);
  const [first] = results;
  return results.flatMap((r) => [
    row(
      'Activity shapes',
      `reuse check of a new recording at ${fmt(r.size)} claims (${fmt(r.documents)} documents), p50 / p95 ms (matched ${r.distinct.matched} of ${CHECKS})`,
      `${r.distinct.p50.toFixed(1)} / ${r.distinct.p95.toFixed(1)}`,
      r === first ? '' : `${first.distinct.p50.toFixed(1)} at ${fmt(first.size)} claims`,
      r === first ? null : r.distinct.p50 / first.distinct.p50,
      r === first ? 'reference' : 'ratio ≤ 2',
      r === first ? '' : r.distinct.p50 / first.distinct.p50 <= 2 && r.distinct.matched === 0 ? 'yes' : 'NO',
    ),
    row(
      'Activity shapes',
      `trimmed and shifted copies of claimed recordings found at ${fmt(r.size)} claims`,
      `${r.reused.matched} of ${CHECKS}`,
      '',
      null,
      'reported',
      '',
    ),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  await measureActivityShapes(sizes.length ? sizes : [10_000, 1_000_000], {
    keep: process.argv.includes('--keep'),
    log: (r) => console.log(describe(r)),
  });
}
