// (6) Scale: does a request cost the same however much data the app holds? A server of its own on a
// database of its own, grown to each size in BENCH_SCALE_SIZES (ledger entries; 1k, 50k, 500k by
// default) with other members' histories in the app's own document shapes (scale-history.mjs,
// inserted by scale-fill.mjs; scale-checks.mjs checks the indexes and the shapes).
// At each size a newly signed-in member with the same small history of its own times its routes:
// a warm-up round, then up to BENCH_SCALE_REQUESTS sequential rounds (each timed proof validation by
// another such member: a day validates once). Target: every route's p50 at the largest size within
// 1.5× of its p50 at the smallest. Then one pass of goal settlement, which grows with the active goals.
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';

import { onCleanup, say } from '../scripts/lib.mjs';
import { dist, evidenceSamples, fmt, percentile, require, row, runNode, signIn, startServer } from './lib.mjs';
import { shapeDifferences, waitForIndexes } from './scale-checks.mjs';
import { ScaleData } from './scale-fill.mjs';

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

/**
 * A member being timed: calls the API as its client would and records each call's time under its
 * route, into `timing` (shared by the members who stand in for it in one series).
 */
class Member {
  constructor(url, session, timing = { samples: new Map(), recording: false }) {
    this.url = url;
    this.id = session.user.id;
    this.token = session.token;
    /** `samples`: route → milliseconds of each recorded call; `recording`: whether calls are now recorded. */
    this.timing = timing;
  }

  /** Runs steps whose calls are not the ones measured (setting up a round). */
  async untimed(steps) {
    const recording = this.timing.recording;
    this.timing.recording = false;
    try {
      return await steps();
    } finally {
      this.timing.recording = recording;
    }
  }

  /** One request, which must answer `expected` (a status or a list): another would mean other work at another size. */
  async call(route, expected, method, path, { json, file } = {}) {
    const headers = file
      ? { 'content-type': file.type }
      : { 'content-type': 'application/json', authorization: `Bearer ${this.token}` };
    const body = file ? file.bytes : json && JSON.stringify(json);
    const started = performance.now();
    const res = await fetch(path.startsWith('http') ? path : `${this.url}${path}`, { method, headers, body });
    const text = await res.text();
    const ms = performance.now() - started;
    if (![expected].flat().includes(res.status))
      throw new Error(`${route} answered ${res.status} where ${expected} was expected: ${text.slice(0, 300)}`);
    if (this.timing.recording) {
      if (!this.timing.samples.has(route)) this.timing.samples.set(route, []);
      this.timing.samples.get(route).push(ms);
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
 * Three proof uploads and the day's validation with genuine files, the proof checks included. A day
 * validates once per member, so the warm-up validates the timed member's day and each timed round
 * is another member with the same history who has just completed a workout (untimed: its pending
 * credits are what the validation moves); the proof dialog's calls are timed.
 */
async function proofRound(me, { warmUp, standIn }) {
  const member = warmUp
    ? me
    : await me.untimed(async () => {
        const other = await standIn();
        await workoutRound(other);
        return other;
      });
  const files = await member.untimed(() => genuineFiles(member));
  const proofs = {};
  for (const [kind, file] of Object.entries(files)) {
    const { uploadURL } = await member.call('POST /api/proof/upload-url', 200, 'POST', '/api/proof/upload-url', {
      json: { kind },
    });
    await member.call('PUT /api/uploads/{id}', 200, 'PUT', uploadURL, { file });
    proofs[kind] = uploadURL;
  }
  // 422 too: a genuine selfie's code is missed about once in 60 (docs/evidence.md), after the same checks ran.
  await member.call('POST /api/proof/validate-all', [200, 422], 'POST', '/api/proof/validate-all', {
    json: { proofs, timeZone: 'UTC' },
  });
}

async function workoutRound(me) {
  const workout = await me.call('POST /api/workout/generate', 201, 'POST', '/api/workout/generate', {
    json: { userId: me.id },
  });
  const completedExercises = workout.exercises.map((exercise) => exercise.id);
  await me.call('POST /api/workout/{id}/start', 200, 'POST', `/api/workout/${workout.id}/start`, {
    json: { userId: me.id },
  });
  // The server pays the ticks it stored: each exercise is ticked as the card ticks it.
  for (const exerciseId of completedExercises) {
    await me.call('PUT /api/workout/{id}/progress', 200, 'PUT', `/api/workout/${workout.id}/progress`, {
      json: { userId: me.id, exerciseId, done: true },
    });
  }
  // Half its minutes pass on the server's test clock (TEST_CLOCK=1), so it may be completed; not a route the app's client calls.
  await me.untimed(() =>
    me.call('POST /api/test/clock', 200, 'POST', '/api/test/clock', {
      json: { minutes: Math.ceil(workout.duration / 2) },
    }),
  );
  await me.call('POST /api/workout/complete', 200, 'POST', '/api/workout/complete', {
    json: { userId: me.id, workoutId: workout.id, completedExercises },
  });
}

/** The series, in order: workouts come before the proofs so the warm-up has pending credits to validate. */
const ROUNDS = [
  (me) => me.call('GET /api/user', 200, 'GET', '/api/user'),
  (me) => me.call('GET /api/transactions/{me}', 200, 'GET', `/api/transactions/${me.id}`),
  (me) =>
    me.call('POST /api/credits/redeem', 409, 'POST', '/api/credits/redeem', {
      json: { userId: me.id, itemId: UNAFFORDABLE.id, cost: UNAFFORDABLE.cost, requestId: randomUUID() },
    }),
  workoutRound,
  (me) => me.call('GET /api/workout/sessions/{me}', 200, 'GET', `/api/workout/sessions/${me.id}`),
  proofRound,
  (me) => me.call('GET /api/goals/{me}', 200, 'GET', `/api/goals/${me.id}`),
];

/** One warm-up round, then timed rounds until REQUESTS, or SERIES_SECONDS once MIN_ROUNDS are in. */
async function timeSeries(me, round, standIn) {
  await round(me, { warmUp: true, standIn });
  me.timing.recording = true;
  const started = performance.now();
  for (let done = 0; done < REQUESTS; done++) {
    if (done >= MIN_ROUNDS && performance.now() - started > SERIES_SECONDS * 1000) break;
    await round(me, { warmUp: false, standIn });
  }
  me.timing.recording = false;
}

/** A member signed in through the app and given the same history of its own, recording into `timing`. */
async function newMember(server, data, timing) {
  const member = new Member(server.url, await signIn(server.url), timing);
  await data.giveOwnHistory(new ObjectId(member.id));
  return member;
}

/** A new member timing every series (with stand-ins where a round needs a member of its own) → the member. */
async function timeMember(server, data) {
  const me = await newMember(server, data);
  const standIn = () => newMember(server, data, me.timing);
  for (const round of ROUNDS) await timeSeries(me, round, standIn);
  return me;
}

/**
 * One pass of goal settlement over the database as it is (in a process of its own: settle-goals.mjs)
 * → { ms, settled, activeGoals }. It reads every active goal and counts each one's sessions, so it
 * grows with the number of active goals, which filled members hold one each.
 */
async function timeSettlement(server, db) {
  const activeGoals = await db.collection('goals').countDocuments({ status: 'active' });
  const { code, stdout } = await runNode([fileURLToPath(new URL('./settle-goals.mjs', import.meta.url))], server.env);
  if (code !== 0) throw new Error(`goal settlement failed (exit ${code})`);
  return { ...JSON.parse(stdout), activeGoals };
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

function settlementRow(steps, labels) {
  const passes = steps.map((step) => step.settlement);
  const [smallest, largest] = [passes[0], passes[passes.length - 1]];
  return row(
    'Scale',
    `goal settlement, one pass (every active goal, its sessions counted): ms (active goals) at ${labels.join(' · ')} entries`,
    passes.map((pass) => `${fmtMs(pass.ms)} (${fmt(pass.activeGoals)})`).join(' · '),
    `${fmt(largest.ms / Math.max(1, largest.activeGoals), 2)} ms per active goal at ${labels[labels.length - 1]}`,
    largest.ms / smallest.ms,
    'grows with active goals',
    null,
  );
}

function report(steps, shapes) {
  const labels = steps.map((step) => sizeLabel(step.size));
  const fills = steps.map((step, i) => `${labels[i]}: ${fmt(step.fill.documents)} in ${fmt(step.fill.seconds, 1)} s`);
  const totals = steps.reduce(
    (sum, step) => ({ documents: sum.documents + step.fill.documents, seconds: sum.seconds + step.fill.seconds }),
    { documents: 0, seconds: 0 },
  );
  return [
    ...[...steps[0].samples.keys()].map((route) => routeRow(route, steps, labels)),
    settlementRow(steps, labels),
    row(
      'Scale',
      'filling each step: documents inserted (all collections) and seconds',
      fills.join(' · '),
      `${fmt(totals.documents / totals.seconds)} documents/s`,
      null,
      '',
      null,
    ),
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
  // across the timed series of the largest size (filled members hold active goals). Timed on its own
  // at each size instead (timeSettlement).
  // TEST_CLOCK: the workout round lets half its minutes pass before completing; production refuses it,
  // and the app reads NODE_ENV for nothing else.
  const server = await startServer(
    { GOAL_SETTLE_INTERVAL_MS: String(24 * 3600_000), NODE_ENV: 'test', TEST_CLOCK: '1' },
    'bench_scale',
  );
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
      say(
        `scale: ${sizeLabel(size)} ledger entries: ${fmt(fill.documents)} documents filled in ${fmt(fill.seconds, 1)} s; timing`,
      );
      // A fresh server answers its first requests slower (cold JIT and caches), which had put the
      // smallest size, every ratio's baseline, above the next: a member whose times are dropped warms it.
      if (step === 0) await timeMember(server, data);
      const me = await timeMember(server, data);
      shapes ??= await shapeDifferences(db, new ObjectId(me.id), now, data.firstIds);
      const settlement = await timeSettlement(server, db);
      say(`scale: goal settlement took ${fmtMs(settlement.ms)} ms over ${fmt(settlement.activeGoals)} active goals`);
      steps.push({ size, fill, samples: me.timing.samples, settlement });
    }
  } finally {
    await stop();
  }
  return report(steps, shapes);
}
