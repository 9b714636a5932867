// The reuse check's look-up as activity_claims grows: `node bench/activity-shapes.mjs [claims…]`
// (default 10000 1000000). Fills a bench database's activity_claims directly with bulk inserts (one
// shape document and its key documents per claim, as ActivityClaimsRepository writes them; keys
// drawn with the frequencies the recording model's landmarks have), then times the check a new
// recording makes: the indexed key look-up (at most 64 hits), the shapes it names, and the
// comparison. The first size is the baseline; each later one is reported as a ratio to it.
import { performance } from 'node:perf_hooks';

import { require, typescript } from './lib.mjs';

const { MongoClient, ObjectId } = require('mongoose').mongo;
const shapes = typescript('server/src/activities/series-shape.rules.ts');
const { samplesOf } = typescript('server/test/support/activity-files.ts');

const BASE = (process.env.MONGODB_URI ?? 'mongodb://127.0.0.1:27027').replace(/^(mongodb:\/\/[^/?]+).*$/, '$1');
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [10_000, 1_000_000];
const CHECKS = 40;
const MODEL_RECORDINGS = 300;

const seriesOf = (samples) => ({
  heartRate: samples.filter((s) => s.bpm !== null).map((s) => [s.time.getTime(), s.bpm]),
  track: samples.map((s) => [s.time.getTime(), s.lat, s.lon]),
});
const recording = (seed) =>
  shapes.shapeOf(
    seriesOf(
      samplesOf({
        start: new Date('2026-11-25T07:30:00Z'),
        minutes: 20 + (seed % 5) * 15,
        seed,
        kind: ['running', 'cycling', 'walking'][seed % 3],
        everySeconds: 5,
      }),
    ),
  );

// The key vocabulary as the model makes it, each key as often as it occurs.
const model = Array.from({ length: MODEL_RECORDINGS }, (_, i) => recording(10_000 + i));
const pool = model.flatMap((shape) => shapes.shapeKeys(shape));

let seedState = 1;
const random = () => (seedState = (seedState * 48271) % 2147483647) / 2147483647;

async function fill(claims, from, to) {
  const batch = [];
  const flush = async () => {
    if (batch.length) await claims.insertMany(batch.splice(0), { ordered: false });
  };
  for (let i = from; i < to; i++) {
    const proofDayId = new ObjectId();
    const userId = new ObjectId();
    batch.push({
      _id: `shape:${proofDayId}`,
      userId,
      proofDayId,
      shape: model[i % model.length],
      createdAt: new Date(),
    });
    const keys = new Set(Array.from({ length: 12 }, () => pool[Math.floor(random() * pool.length)]));
    for (const key of keys)
      batch.push({ _id: `${key}:${proofDayId}`, userId, proofDayId, shapeKey: key, createdAt: new Date() });
    if (batch.length >= 5000) await flush();
  }
  await flush();
}

async function check(claims, shape) {
  const hits = await claims
    .find({ shapeKey: { $in: shapes.lookupKeys(shape) } }, { projection: { proofDayId: 1 } })
    .limit(64)
    .toArray();
  const days = [...new Set(hits.map((h) => `shape:${h.proofDayId}`))];
  const found = await claims.find({ _id: { $in: days } }, { projection: { shape: 1 } }).toArray();
  return found.some((doc) => shapes.isSameRecording(shape, doc.shape));
}

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

const client = await MongoClient.connect(`${BASE}/bench_activity_shapes`);
const db = client.db();
try {
  await db.dropDatabase();
  const claims = db.collection('activity_claims');
  await claims.createIndex({ shapeKey: 1 });
  await claims.createIndex({ proofDayId: 1 });
  const fresh = Array.from({ length: CHECKS }, (_, i) => recording(900_000 + i));
  let filled = 0;
  let baseline = null;
  for (const size of SIZES) {
    const started = performance.now();
    await fill(claims, filled, size);
    const fillSeconds = (performance.now() - started) / 1000;
    filled = size;
    const times = [];
    let matched = 0;
    for (const shape of fresh) {
      const t0 = performance.now();
      if (await check(claims, shape)) matched++;
      times.push(performance.now() - t0);
    }
    const p50 = quantile(times, 0.5);
    const p95 = quantile(times, 0.95);
    baseline ??= p50;
    console.log(
      `${size.toLocaleString('en-US')} claims (${(await claims.estimatedDocumentCount()).toLocaleString('en-US')} documents, filled in ${fillSeconds.toFixed(0)} s): ` +
        `check p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ratio to the first size ${(p50 / baseline).toFixed(2)}; new recordings matched: ${matched} of ${CHECKS}`,
    );
  }
} finally {
  if (!process.argv.includes('--keep')) await db.dropDatabase();
  await client.close();
}
