import { randomUUID } from 'node:crypto';
import { mp4Video, pngImage } from '../../server/test/support/proof-files';

/**
 * The mixed load's scenario, one definition for its two runners: the test (mixed-load.spec.ts, the
 * app in the test's own process) and `npm run bench -- load` (bench/load.mjs, the built server in its
 * own process; it loads this file through server/test/support/ts-register.js).
 *
 * A user's round: read the profile, generate, start and (half its minutes later on the server's test
 * clock, so the server must run with TEST_CLOCK=1) complete a workout, prove the day (three uploads +
 * validate-all, in the first round only: once per user per day), try to redeem, read the ledger.
 */

/** A signed-in user as both runners hold it: the session token and the user's id. */
export interface LoadUser {
  token: string;
  user: { id: string };
}

/** One answered request (status 0: no answer, the connection failed). */
export interface Sample {
  route: string;
  status: number;
  ms: number;
}

/** The credits each user is granted before its first round, so its first redemption goes through. */
export const LOAD_GRANT = { amount: 200, reason: 'load test grant', idempotencyKey: (userId: string) => `grant:load-${userId}` };

/** Requests in a first round (1 profile + 3 workout + 1 test clock + 3 × 2 upload + 1 validate-all + 1 redeem + 1 ledger). */
export const FIRST_ROUND_REQUESTS = 14;

/** HTTP to the app with fetch (a pooled keep-alive client, like a browser); every answer lands in `samples` under its route. */
export class LoadClient {
  constructor(
    private readonly baseUrl: string,
    readonly samples: Sample[] = [],
  ) {}

  async call(me: LoadUser, route: string, method: string, path: string, body?: unknown, raw?: { bytes: Buffer; type: string }) {
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(path.startsWith('http') ? path : `${this.baseUrl}${path}`, {
        method,
        headers: raw ? { 'content-type': raw.type } : { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
        body: raw ? new Uint8Array(raw.bytes) : body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      this.samples.push({ route, status: 0, ms: performance.now() - started });
      throw err;
    }
    const text = await res.text();
    this.samples.push({ route, status: res.status, ms: performance.now() - started });
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
}

async function upload(api: LoadClient, me: LoadUser, kind: string, bytes: Buffer, type: string): Promise<string> {
  const { body } = await api.call(me, 'POST /api/proof/upload-url', 'POST', '/api/proof/upload-url', { kind });
  await api.call(me, 'PUT /api/uploads/{id}', 'PUT', body.uploadURL.replace(/^https?:\/\/[^/]+/, ''), undefined, { bytes, type });
  return body.uploadURL;
}

/** The day's three proofs, never used before (`seed` makes each file's sha256 new), validated together. */
async function proveToday(api: LoadClient, me: LoadUser, seed: number) {
  const proofs = {
    gym_selfie: await upload(api, me, 'gym_selfie', pngImage(96, 96, seed), 'image/png'),
    workout_video: await upload(api, me, 'workout_video', mp4Video(seed), 'video/mp4'),
    apple_watch: await upload(api, me, 'apple_watch', pngImage(120, 200, seed), 'image/png'),
  };
  await api.call(me, 'POST /api/proof/validate-all', 'POST', '/api/proof/validate-all', { proofs, timeZone: 'UTC' });
}

/** One round of the scenario; with `proofSeed`, the day is proved in it. */
export async function round(api: LoadClient, me: LoadUser, proofSeed?: number) {
  await api.call(me, 'GET /api/user', 'GET', '/api/user');
  const workout = await api.call(me, 'POST /api/workout/generate', 'POST', '/api/workout/generate', { userId: me.user.id });
  if (workout.status === 201) {
    const ticked = workout.body.exercises.map((e: { id: string }) => e.id);
    await api.call(me, 'POST /api/workout/{id}/start', 'POST', `/api/workout/${workout.body.id}/start`, { userId: me.user.id });
    // Half the session's minutes pass on the server's test clock (TEST_CLOCK=1), so it may be completed.
    await api.call(me, 'POST /api/test/clock', 'POST', '/api/test/clock', { minutes: Math.ceil(workout.body.duration / 2) });
    await api.call(me, 'POST /api/workout/complete', 'POST', '/api/workout/complete', { userId: me.user.id, workoutId: workout.body.id, completedExercises: ticked });
  }
  if (proofSeed !== undefined) await proveToday(api, me, proofSeed);
  await api.call(me, 'POST /api/credits/redeem', 'POST', '/api/credits/redeem', { userId: me.user.id, itemId: 'gym-pass', cost: 150, requestId: randomUUID() });
  await api.call(me, 'GET /api/transactions/{userId}', 'GET', `/api/transactions/${me.user.id}`);
}

/** The proof files' seed of the user at `index`: distinct across users, so no file is a reused proof. */
export const proofSeed = (index: number) => index * 1000 + 7;

/**
 * Rounds until the deadline, the day proved in the first. A user starts a new round only before
 * the deadline, so everyone does at least one.
 */
export async function roundsUntil(api: LoadClient, me: LoadUser, index: number, deadline: number) {
  let proved = false;
  while (Date.now() < deadline) {
    await round(api, me, proved ? undefined : proofSeed(index));
    proved = true;
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Per route in order of first appearance, then `all`: requests, statuses ("200×12 409×3"), p50 and p95 in ms. */
export function summarize(samples: Sample[]) {
  const line = (route: string, rows: Sample[]) => {
    const counts = rows.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {});
    const ms = rows.map((s) => s.ms);
    return { route, requests: rows.length, statuses: Object.entries(counts).map(([s, n]) => `${s}×${n}`).join(' '), p50: percentile(ms, 50), p95: percentile(ms, 95) };
  };
  const routes = [...new Set(samples.map((s) => s.route))];
  return [...routes.map((r) => line(r, samples.filter((s) => s.route === r))), line('all', samples)];
}
