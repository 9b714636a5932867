// (8) Evidence: POST /api/proof/validate-all with the local models, against the built
// server with its inline worker. Each validation is a new member (a day validates once) who has
// completed a workout and uploads genuine evidence made as the tests make it
// (server/test/support/evidence-samples.ts): a selfie with the day's code, a moving video, an
// activity summary. The first validation loads the models and is reported apart; then
// BENCH_EVIDENCE_VALIDATIONS (20) one after another and as many two at a time: p50 / p95 against
// the 5 s target, with how many genuine files were refused (a 422 is timed too). Then the server's
// resident memory (its /metrics, models loaded) against 1.5 GB.
import { say } from '../scripts/lib.mjs';
import { evidenceSamples, fmt, percentile, row, signIn, startServer, timedPool } from './lib.mjs';

const VALIDATIONS = Number(process.env.BENCH_EVIDENCE_VALIDATIONS ?? 20);
const P95_TARGET_MS = 5000;
const RSS_TARGET_BYTES = 1.5 * 1024 ** 3;

/** One API call, which must answer one of `statuses` → its status and body. */
async function call(url, token, method, path, json, statuses = [200, 201]) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: json && JSON.stringify(json),
  });
  const text = await res.text();
  if (!statuses.includes(res.status))
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A member who generated, started and ticked a whole workout (not timed). */
async function trainingMember(url) {
  const { token, user } = await signIn(url);
  const { body: workout } = await call(url, token, 'POST', '/api/workout/generate', { userId: user.id });
  await call(url, token, 'POST', `/api/workout/${workout.id}/start`, { userId: user.id });
  for (const exercise of workout.exercises) {
    await call(url, token, 'PUT', `/api/workout/${workout.id}/progress`, {
      userId: user.id,
      exerciseId: exercise.id,
      done: true,
    });
  }
  return { token, user, workout };
}

/** The member completes its workout and uploads today's three genuine files → the validate-all body (not timed). */
async function readyMember(url, samples, seed, { token, user, workout }) {
  await call(url, token, 'POST', '/api/workout/complete', {
    userId: user.id,
    workoutId: workout.id,
    completedExercises: workout.exercises.map((e) => e.id),
  });
  const { code } = (await call(url, token, 'GET', '/api/proof/challenge?timeZone=UTC')).body;
  const files = {
    gym_selfie: [samples.selfie(code, seed, seed), 'image/jpeg'],
    workout_video: [samples.reusedWorkoutVideo(seed % 3, seed), 'video/mp4'],
    apple_watch: [samples.activityScreenshot(seed, seed), 'image/png'],
  };
  const proofs = {};
  for (const [kind, [bytes, type]] of Object.entries(files)) {
    const { uploadURL } = (await call(url, token, 'POST', '/api/proof/upload-url', { kind })).body;
    const put = await fetch(uploadURL.replace(/^https?:\/\/[^/]+/, url), {
      method: 'PUT',
      headers: { 'content-type': type },
      body: bytes,
    });
    if (!put.ok) throw new Error(`uploading the ${kind} answered ${put.status}`);
    proofs[kind] = uploadURL;
  }
  return { token, body: { proofs, timeZone: 'UTC' } };
}

/**
 * `count` members prepared, then validated `concurrency` at a time → each validation's ms, and how
 * many genuine files the checks refused (422: a false reject, timed like the others).
 */
async function series(url, samples, firstSeed, count, concurrency) {
  // All start training, then half the longest workout's minutes pass once on the server's test clock
  // (a completion waits for half its planned time), then all complete and upload.
  const training = [];
  for (let i = 0; i < count; i++) training.push(await trainingMember(url));
  const halfTime = Math.max(...training.map(({ workout }) => Math.ceil(workout.duration / 2)));
  await call(url, training[0].token, 'POST', '/api/test/clock', { minutes: halfTime });
  const members = [];
  for (let i = 0; i < count; i++) members.push(await readyMember(url, samples, firstSeed + i, training[i]));
  let refused = 0;
  const { latencies } = await timedPool(count, concurrency, async (i) => {
    const { status } = await call(
      url,
      members[i].token,
      'POST',
      '/api/proof/validate-all',
      members[i].body,
      [200, 422],
    );
    if (status === 422) refused++;
  });
  return { latencies, refused };
}

/** The server process's resident memory from its Prometheus metrics (prom-client's default, prefixed). */
async function residentBytes(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  return Number(/^sweat_process_resident_memory_bytes (\S+)$/m.exec(text)?.[1] ?? NaN);
}

export async function benchEvidence() {
  // A server of its own: TEST_CLOCK lets each series' workouts reach half time (production refuses it).
  const server = await startServer({ NODE_ENV: 'test', TEST_CLOCK: '1' }, 'bench_evidence');
  try {
    return await measureEvidence(server);
  } finally {
    await server.stop();
  }
}

async function measureEvidence(server) {
  const samples = evidenceSamples();
  say('evidence: the first validation (loads the models)');
  const first = await series(server.url, samples, 1, 1, 1);
  say(`evidence: ${VALIDATIONS} validations one after another, then ${VALIDATIONS} two at a time`);
  const sequential = await series(server.url, samples, 100, VALIDATIONS, 1);
  const paired = await series(server.url, samples, 200, VALIDATIONS, 2);
  const rss = await residentBytes(server.url);
  samples.removeSampleFiles();

  const ms = ({ latencies }) => `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 95))}`;
  const p95Met = ({ latencies }) => percentile(latencies, 95) < P95_TARGET_MS;
  const measure = (how, run) =>
    `POST /api/proof/validate-all, ${how}, p50 / p95 ms (n ${VALIDATIONS}, genuine files refused: ${run.refused})`;
  return [
    row(
      'Evidence',
      `POST /api/proof/validate-all, the first (models load), ms (genuine files refused: ${first.refused})`,
      fmt(first.latencies[0]),
      '',
      null,
      'reference',
      null,
    ),
    row('Evidence', measure('one at a time', sequential), ms(sequential), '', null, 'p95 < 5 s', p95Met(sequential)),
    row('Evidence', measure('two at a time', paired), ms(paired), '', null, 'p95 < 5 s', p95Met(paired)),
    row(
      'Evidence',
      'server with its inline worker, resident memory after the checks (MB)',
      fmt(rss / 1024 ** 2),
      '',
      null,
      '< 1536 MB',
      rss < RSS_TARGET_BYTES,
    ),
  ];
}
