// (9) The training log: does logging a set, and reading an exercise's history and records, cost the
// same however many sets the log holds? A server of its own on a database of its own, its
// `logged_sets` grown to each size in BENCH_LOG_SIZES (1k and 500k by default) by bulk inserts in
// the app's document shape, half of them the timed member's own (on the very exercise logged, so
// the record reads have the most to look through), half other members'. At each size the member
// logs BENCH_LOG_REQUESTS sets one at a time (PUT …/sets/{key}) and reads the exercise's history.
// Then the offline sync: 500 queued changes (100 sets, each edited four times, the edits made while
// the earlier ones were on their way so none folds into another) sent in order as the client's
// outbox sends them, in batches of SET_CHANGES_MAX, then all 500 again (a retry: each counts once).
// Targets: logging p95 < 100 ms at one user; p50 at the largest size ≤ 1.5 × the smallest; sync < 2 s.
import { randomUUID } from 'node:crypto';

import { say } from '../scripts/lib.mjs';
import { dist, fmt, percentile, require, row, signIn, startServer } from './lib.mjs';

const { MongoClient, ObjectId } = require('mongoose').mongo;
const { rankOf } = dist('training-log/training-log.rules.js');
const { epley1rm, SET_CHANGES_MAX } = dist('contract/values/training-log.js');

const SIZES = (process.env.BENCH_LOG_SIZES ?? '1000,500000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_LOG_REQUESTS ?? 60);
const SYNC_CHANGES = 500;
const BATCH = 10_000;
const TARGET_RATIO = 1.5;

async function api(url, token, method, path, body) {
  const res = await fetch(`${url}/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Sets in the app's shape: the member's own on `catalogueId` every other one, the rest other members'. */
function* fillSets(count, member, catalogueId, offset) {
  const others = Array.from({ length: 50 }, () => new ObjectId());
  const sessions = Array.from({ length: 200 }, () => new ObjectId());
  const start = Date.now() - 365 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const own = i % 2 === 0;
    const reps = 3 + (i % 10);
    const loadKg = 40 + (i % 60);
    const warmup = i % 7 === 0;
    yield {
      _id: new ObjectId(),
      userId: own ? member : others[i % others.length],
      key: `fill-${offset + i}`,
      sessionId: sessions[i % sessions.length],
      exerciseId: 'ex1',
      catalogueId: own ? catalogueId : `exercise-${i % 40}`,
      exerciseName: 'Filled',
      muscles: ['legs'],
      kind: 'reps',
      order: i % 5,
      warmup,
      reps,
      loadKg,
      e1rmKg: epley1rm(loadKg, reps) ?? undefined,
      performedAt: new Date(start + (i / count) * 360 * 86_400_000),
      source: 'app',
      removed: false,
      rank: rankOf({ reps, loadKg, warmup }),
      records: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    };
  }
}

async function fillTo(collection, target, have, member, catalogueId) {
  let batch = [];
  for (const doc of fillSets(target - have, member, catalogueId, have)) {
    batch.push(doc);
    if (batch.length === BATCH) {
      await collection.insertMany(batch, { ordered: false });
      batch = [];
    }
  }
  if (batch.length) await collection.insertMany(batch, { ordered: false });
}

export async function benchTrainingLog() {
  const server = await startServer({}, 'trainlog');
  const client = await new MongoClient(server.env.MONGODB_URI).connect();
  try {
    const sets = client.db().collection('logged_sets');
    const session = await signIn(server.url);
    const { token, user } = session;
    const workout = await api(server.url, token, 'POST', 'workout/generate', {
      userId: user.id,
      type: 'strength',
      duration: 60,
    });
    const exercise = workout.exercises.find((e) => e.phase === 'main' && e.dose?.kind === 'reps');
    const member = new ObjectId(user.id);
    const results = [];
    let have = 0;
    let order = 0;
    for (const size of SIZES) {
      say(`  filling logged_sets to ${fmt(size)}`);
      await fillTo(sets, size, have, member, exercise.catalogueId);
      have = size;
      const log = [];
      const history = [];
      // Edits of a few keys, so the session stays within its set bound at every size.
      const keys = Array.from({ length: 10 }, () => randomUUID());
      for (let i = -3; i < REQUESTS; i++) {
        const key = keys[(i + 3) % keys.length];
        const t0 = performance.now();
        await api(server.url, token, 'PUT', `workout/${workout.id}/sets/${key}`, {
          userId: user.id,
          exerciseId: exercise.id,
          order: order++ % 90,
          reps: 5 + (((i % 5) + 5) % 5),
          loadKg: 60 + (i % 20),
        });
        const t1 = performance.now();
        await api(server.url, token, 'GET', `log/exercises/${exercise.catalogueId}`);
        const t2 = performance.now();
        if (i >= 0) {
          log.push(t1 - t0);
          history.push(t2 - t1);
        }
      }
      results.push({ size, log, history });
    }

    // The offline queue: 100 sets and four edits of each, in order, then the same 500 again.
    const changes = [];
    for (let edit = 0; edit < 5; edit++)
      for (let n = 0; n < SYNC_CHANGES / 5; n++)
        changes.push({ key: `sync-${n}-${user.id.slice(-6)}`, reps: 5 + edit, order: n % 90 });
    // A fresh session: the sets above filled the first one.
    await api(server.url, token, 'POST', `workout/${workout.id}/start`, { userId: user.id });
    const fresh = await api(server.url, token, 'POST', 'workout/generate', { userId: user.id, type: 'strength' });
    // As the outbox sends them: in order, up to SET_CHANGES_MAX set changes a request.
    const exerciseId = fresh.exercises.find((e) => e.dose?.kind === 'reps').id;
    const send = async () => {
      const t0 = performance.now();
      for (let i = 0; i < changes.length; i += SET_CHANGES_MAX) {
        const { results } = await api(server.url, token, 'POST', `workout/${fresh.id}/sets/batch`, {
          userId: user.id,
          changes: changes
            .slice(i, i + SET_CHANGES_MAX)
            .map((c) => ({ kind: 'set', setKey: c.key, set: { exerciseId, order: c.order, reps: c.reps } })),
        });
        const refused = results.find((r) => !r.ok);
        if (refused) throw new Error(`a queued change was refused: ${refused.code} ${refused.message}`);
      }
      return (performance.now() - t0) / 1000;
    };
    const syncSeconds = await send();
    const resendSeconds = await send();
    const stored = await sets.countDocuments({ sessionId: new ObjectId(fresh.id) });

    const first = results[0];
    const last = results[results.length - 1];
    const p50 = (xs) => percentile(xs, 50);
    const p95 = (xs) => percentile(xs, 95);
    const rows = [];
    for (const r of results)
      rows.push(
        row(
          'trainlog',
          `log a set p95 at ${fmt(r.size)} sets`,
          `${fmt(p95(r.log), 1)} ms`,
          '',
          null,
          '< 100 ms',
          p95(r.log) < 100,
        ),
      );
    const logRatio = p50(last.log) / p50(first.log);
    rows.push(
      row(
        'trainlog',
        `log a set p50 at ${fmt(last.size)} sets`,
        `${fmt(p50(last.log), 1)} ms`,
        `${fmt(p50(first.log), 1)} ms at ${fmt(first.size)}`,
        logRatio,
        `≤ ${TARGET_RATIO}×`,
        logRatio <= TARGET_RATIO,
      ),
    );
    const historyRatio = p50(last.history) / p50(first.history);
    rows.push(
      row(
        'trainlog',
        `exercise history + records p50 at ${fmt(last.size)} sets`,
        `${fmt(p50(last.history), 1)} ms`,
        `${fmt(p50(first.history), 1)} ms at ${fmt(first.size)}`,
        historyRatio,
        `≤ ${TARGET_RATIO}×`,
        historyRatio <= TARGET_RATIO,
      ),
    );
    rows.push(
      row(
        'trainlog',
        `sync ${SYNC_CHANGES} queued changes (in order)`,
        `${fmt(syncSeconds, 2)} s`,
        `${fmt(resendSeconds, 2)} s sent again`,
        null,
        '< 2 s',
        syncSeconds < 2,
      ),
    );
    rows.push(
      row(
        'trainlog',
        'sets stored after both sends',
        String(stored),
        '',
        null,
        String(SYNC_CHANGES / 5),
        stored === SYNC_CHANGES / 5,
      ),
    );
    return rows;
  } finally {
    await client.close();
    await server.stop();
  }
}
