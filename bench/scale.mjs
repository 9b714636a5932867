// (6) Scale: does a request cost the same however much data the app holds? A server of its own on a
// database of its own, grown to each size in BENCH_SCALE_SIZES (ledger entries; 1k, 50k, 500k by
// default) with other members' histories in the app's own document shapes (scale-history.mjs,
// inserted by scale-fill.mjs; scale-checks.mjs checks the indexes and the shapes).
// At each size a newly signed-in member with the same small history of its own times its routes:
// a warm-up round, then up to BENCH_SCALE_REQUESTS sequential rounds. Target: every route's p50 at
// the largest size within 1.5× of its p50 at the smallest.
import { randomUUID } from 'node:crypto';
import { onCleanup, say } from '../scripts/lib.mjs';
import { PROOF_FILES, proofFile } from './proof-files.mjs';
import { shapeDifferences, waitForIndexes } from './scale-checks.mjs';
import { ScaleData } from './scale-fill.mjs';
import { dist, evidenceSamples, fmt, percentile, require, row, signIn, startServer } from './lib.mjs';

const { MongoClient, ObjectId } = require('mongoose').mongo;
const { findItem } = dist('credits/credits.rules.js');

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '1000,50000,500000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 15);
/**
 * A series stops early, after at least MIN_ROUNDS, once it has run this long: where a store scans
 * whole collections a request takes seconds at 500k entries, and 15 of each would take an hour.
 */
const SERIES_SECONDS = Number(process.env.BENCH_SCALE_SERIES_SECONDS ?? 60);
const MIN_ROUNDS = 3;
const TARGET_RATIO = 1.5;
/** Dearer than the member's history can pay for, so every redemption is the same refused, keyed posting. */
const UNAFFORDABLE = findItem('supplement-bundle');

/** The member being timed: calls the API as its client would and records each call's time under its route. */
class Member {
  constructor(url, session) {
    this.url = url;
    this.id = session.user.id;
    this.token = session.token;
    /** Route → milliseconds of each recorded call. */
    this.samples = new Map();
    this.recording = false;
  }

  /** One request, which must answer `expected`: another status would mean other work at another size. */
  async call(route, expected, method, path, { json, file } = {}) {
    const headers = file ? { 'content-type': file.type } : { 'content-type': 'application/json', authorization: `Bearer ${this.token}` };
    const body = file ? file.bytes : json && JSON.stringify(json);
    const started = performance.now();
    const res = await fetch(path.startsWith('http') ? path : `${this.url}${path}`, { method, headers, body });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== expected) throw new Error(`${route} answered ${res.status} where ${expected} was expected: ${text.slice(0, 300)}`);
    if (this.recording) {
      if (!this.samples.has(route)) this.samples.set(route, []);
      this.samples.get(route).push(ms);
    }
    return text ? JSON.parse(text) : null;
  }
}

let fileSeed = 0;

/** What the local checks accept (a selfie with the day's code, a moving video, an activity summary), as the dialog uploads it. */
async function genuineFiles(me) {
  const { code } = await me.call('GET /api/proof/challenge', 200, 'GET', '/api/proof/challenge?timeZone=UTC');
  const samples = evidenceSamples();
  const seed = ++fileSeed;
  return {
    gym_selfie: { bytes: samples.dailySelfie(code, seed), type: 'image/jpeg' },
    workout_video: { bytes: samples.reusedWorkoutVideo(seed % 3, seed), type: 'video/mp4' },
    apple_watch: { bytes: samples.activityScreenshot(seed, seed), type: 'image/png' },
  };
}

/**
 * Three proof uploads and the day's validation: the warm-up validates today with genuine files,
 * each timed round is refused as already validated (before any check, so its files may be any).
 */
async function proofRound(me, { warmUp }) {
  const files = warmUp
    ? await genuineFiles(me)
    : Object.fromEntries(Object.entries(PROOF_FILES).map(([kind, { mime }]) => [kind, { bytes: proofFile(kind, ++fileSeed), type: mime }]));
  const proofs = {};
  for (const [kind, file] of Object.entries(files)) {
    const { uploadURL } = await me.call('POST /api/proof/upload-url', 200, 'POST', '/api/proof/upload-url', { json: { kind } });
    await me.call('PUT /api/uploads/{id}', 200, 'PUT', uploadURL, { file });
    proofs[kind] = uploadURL;
  }
  await me.call('POST /api/proof/validate-all', warmUp ? 200 : 409, 'POST', '/api/proof/validate-all', { json: { proofs, timeZone: 'UTC' } });
}

async function workoutRound(me) {
  const workout = await me.call('POST /api/workout/generate', 201, 'POST', '/api/workout/generate', { json: { userId: me.id } });
  const completedExercises = workout.exercises.map((exercise) => exercise.id);
  await me.call('POST /api/workout/{id}/start', 200, 'POST', `/api/workout/${workout.id}/start`, { json: { userId: me.id } });
  // The server pays the ticks it stored: each exercise is ticked as the card ticks it.
  for (const exerciseId of completedExercises) {
    await me.call('PUT /api/workout/{id}/progress', 200, 'PUT', `/api/workout/${workout.id}/progress`, { json: { userId: me.id, exerciseId, done: true } });
  }
  // Half its minutes pass on the server's test clock (TEST_CLOCK=1), so it may be completed.
  await me.call('POST /api/test/clock', 200, 'POST', '/api/test/clock', { json: { minutes: Math.ceil(workout.duration / 2) } });
  await me.call('POST /api/workout/complete', 200, 'POST', '/api/workout/complete', { json: { userId: me.id, workoutId: workout.id, completedExercises } });
}

/** The series, in order: workouts come before the proofs so the warm-up has pending credits to validate. */
const ROUNDS = [
  (me) => me.call('GET /api/user', 200, 'GET', '/api/user'),
  (me) => me.call('GET /api/transactions/{me}', 200, 'GET', `/api/transactions/${me.id}`),
  (me) => me.call('POST /api/credits/redeem', 409, 'POST', '/api/credits/redeem', { json: { userId: me.id, itemId: UNAFFORDABLE.id, cost: UNAFFORDABLE.cost, requestId: randomUUID() } }),
  workoutRound,
  (me) => me.call('GET /api/workout/sessions/{me}', 200, 'GET', `/api/workout/sessions/${me.id}`),
  proofRound,
  (me) => me.call('GET /api/goals/{me}', 200, 'GET', `/api/goals/${me.id}`),
];

/** One warm-up round, then timed rounds until REQUESTS, or SERIES_SECONDS once MIN_ROUNDS are in. */
async function timeSeries(me, round) {
  await round(me, { warmUp: true });
  me.recording = true;
  const started = performance.now();
  for (let done = 0; done < REQUESTS; done++) {
    if (done >= MIN_ROUNDS && performance.now() - started > SERIES_SECONDS * 1000) break;
    await round(me, { warmUp: false });
  }
  me.recording = false;
}

/** A member signed in through the app, given its history, timing every series → its samples. */
async function timeMember(server, data) {
  const me = new Member(server.url, await signIn(server.url));
  await data.giveOwnHistory(new ObjectId(me.id));
  for (const round of ROUNDS) await timeSeries(me, round);
  return me;
}

const sizeLabel = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n));
const fmtMs = (value) => fmt(value, value < 10 ? 1 : 0);
const stats = (latencies) => ({ p50: percentile(latencies, 50), p95: percentile(latencies, 95), n: latencies.length });

function routeRow(route, steps, labels) {
  const bySize = steps.map((step) => stats(step.samples.get(route)));
  const [smallest, largest] = [bySize[0], bySize[bySize.length - 1]];
  const ratio = largest.p50 / smallest.p50;
  return row(
    'Scale',
    `${route}: p50 (p95) ms at ${labels.join(' · ')} entries (n ${bySize.map((s) => s.n).join(' · ')})`,
    bySize.map((s) => `${fmtMs(s.p50)} (${fmtMs(s.p95)})`).join(' · '),
    `${fmtMs(smallest.p50)} at ${labels[0]}`,
    ratio,
    `≤ ${TARGET_RATIO}`,
    ratio <= TARGET_RATIO,
  );
}

function report(steps, shapes) {
  const labels = steps.map((step) => sizeLabel(step.size));
  const fills = steps.map((step, i) => `${labels[i]}: ${fmt(step.fill.documents)} in ${fmt(step.fill.seconds, 1)} s`);
  const totals = steps.reduce((sum, step) => ({ documents: sum.documents + step.fill.documents, seconds: sum.seconds + step.fill.seconds }), { documents: 0, seconds: 0 });
  return [
    ...[...steps[0].samples.keys()].map((route) => routeRow(route, steps, labels)),
    row('Scale', 'filling each step: documents inserted (all collections) and seconds', fills.join(' · '), `${fmt(totals.documents / totals.seconds)} documents/s`, null, '', null),
    row(
      'Scale',
      `filled documents have the fields, types and field order the app writes (${shapes.collections} collections, vs the member's own)`,
      shapes.differences.length ? shapes.differences.slice(0, 3).join('; ') : 'same',
      '',
      null,
      'same',
      shapes.differences.length === 0,
    ),
  ];
}

export async function benchScale() {
  // Goal settlement reads every active goal's sessions; at its default 10 minutes it would run
  // across the timed series of the largest size (filled members hold active goals).
  // TEST_CLOCK: the workout round lets half its minutes pass before completing; production refuses it,
  // and the app reads NODE_ENV for nothing else.
  const server = await startServer({ GOAL_SETTLE_INTERVAL_MS: String(24 * 3600_000), NODE_ENV: 'test', TEST_CLOCK: '1' }, 'bench_scale');
  let client = null;
  let data = null;
  // Once, when the bench ends or from bench.mjs on Ctrl-C: the bench's own writes first (a fill
  // still running would create the database again after its drop), then the server and its database.
  const shutDown = async () => {
    await data?.halt();
    await client?.close();
    await server.stop();
  };
  let stopping = null;
  const stop = () => (stopping ??= shutDown());
  onCleanup(stop);
  const now = new Date();
  const steps = [];
  let shapes = null;
  try {
    client = await new MongoClient(server.env.MONGODB_URI).connect();
    const db = client.db();
    data = new ScaleData(db, now);
    say(`scale: ${await waitForIndexes(db)} indexes declared by the app are built`);
    for (const [step, size] of SIZES.entries()) {
      const fill = await data.growTo(size);
      say(`scale: ${sizeLabel(size)} ledger entries: ${fmt(fill.documents)} documents filled in ${fmt(fill.seconds, 1)} s; timing`);
      // A fresh server answers its first requests slower (cold JIT and caches), which had put the
      // smallest size, every ratio's baseline, above the next: a member whose times are dropped warms it.
      if (step === 0) await timeMember(server, data);
      const me = await timeMember(server, data);
      shapes ??= await shapeDifferences(db, new ObjectId(me.id), now, data.firstIds);
      steps.push({ size, fill, samples: me.samples });
    }
  } finally {
    await stop();
  }
  return report(steps, shapes);
}
