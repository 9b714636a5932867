import { randomUUID } from 'node:crypto';

import * as samples from '../../server/test/support/evidence-samples';
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
export const LOAD_GRANT = {
  amount: 200,
  reason: 'load test grant',
  idempotencyKey: (userId: string) => `grant:load-${userId}`,
};

/**
 * Requests in a first round: 1 profile + 3 workout + a tick per exercise + 1 test clock + 1 challenge
 * + 3 × 2 upload + 1 validate-all + 1 redeem + 1 ledger; a default workout has about 15 exercises
 * (15.4 ticks a round in the bench's closed loop).
 */
export const FIRST_ROUND_REQUESTS = 30;

/**
 * One user in this many proves the day with genuine evidence (a selfie with the day's code, a
 * moving video, an activity summary), which the local models check for a second or more of CPU;
 * the others send files the checks refuse within a few hundred milliseconds (422). Genuine files
 * from all 200 users at once would queue minutes of model work on 2 cores, past the job limit.
 */
export const GENUINE_EVERY = 10;

/** HTTP to the app with fetch (a pooled keep-alive client, like a browser); every answer lands in `samples` under its route. */
export class LoadClient {
  constructor(
    private readonly baseUrl: string,
    readonly samples: Sample[] = [],
  ) {}

  async call(
    me: LoadUser,
    route: string,
    method: string,
    path: string,
    body?: unknown,
    raw?: { bytes: Buffer; type: string },
  ) {
    const started = performance.now();
    let res: Response;
    try {
      res = await fetch(path.startsWith('http') ? path : `${this.baseUrl}${path}`, {
        method,
        headers: raw
          ? { 'content-type': raw.type }
          : { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
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
  await api.call(me, 'PUT /api/uploads/{id}', 'PUT', body.uploadURL.replace(/^https?:\/\/[^/]+/, ''), undefined, {
    bytes,
    type,
  });
  return body.uploadURL;
}

/** A user's proof: files never used before (`seed` makes each file's sha256 new), genuine or not. */
export interface DayProof {
  seed: number;
  genuine: boolean;
}

/** The day's three proofs uploaded and validated together, with today's code as the dialog shows it. */
async function proveToday(api: LoadClient, me: LoadUser, { seed, genuine }: DayProof) {
  const { body: challenge } = await api.call(
    me,
    'GET /api/proof/challenge',
    'GET',
    '/api/proof/challenge?timeZone=UTC',
  );
  const files = genuine
    ? {
        selfie: samples.dailySelfie(challenge.code, seed),
        video: samples.reusedWorkoutVideo(seed % 3, seed),
        watch: samples.activityScreenshot(seed, seed),
      }
    : { selfie: pngImage(96, 96, seed), video: mp4Video(seed), watch: pngImage(120, 200, seed) };
  const proofs = {
    gym_selfie: await upload(api, me, 'gym_selfie', files.selfie, genuine ? 'image/jpeg' : 'image/png'),
    workout_video: await upload(api, me, 'workout_video', files.video, 'video/mp4'),
    apple_watch: await upload(api, me, 'apple_watch', files.watch, 'image/png'),
  };
  await api.call(me, 'POST /api/proof/validate-all', 'POST', '/api/proof/validate-all', { proofs, timeZone: 'UTC' });
}

/** One round of the scenario; with `proof`, the day is proved in it. */
export async function round(api: LoadClient, me: LoadUser, proof?: DayProof) {
  await api.call(me, 'GET /api/user', 'GET', '/api/user');
  const workout = await api.call(me, 'POST /api/workout/generate', 'POST', '/api/workout/generate', {
    userId: me.user.id,
  });
  if (workout.status === 201) {
    const ticked = workout.body.exercises.map((e: { id: string }) => e.id);
    const started = await api.call(
      me,
      'POST /api/workout/{id}/start',
      'POST',
      `/api/workout/${workout.body.id}/start`,
      { userId: me.user.id },
    );
    // The server pays the ticks it stored: each exercise is ticked as the card ticks it.
    for (const exerciseId of ticked) {
      await api.call(me, 'PUT /api/workout/{id}/progress', 'PUT', `/api/workout/${workout.body.id}/progress`, {
        userId: me.user.id,
        exerciseId,
        done: true,
      });
    }
    // Half the session's minutes pass on the server's test clock (TEST_CLOCK=1), so it may be completed. The clock is
    // the server's, shared by every user: each asks for its own half time, not a step, or 200 steps would add up to days.
    if (started.status === 200) {
      const halfTime = Date.parse(started.body.startedAt) + Math.ceil(workout.body.duration / 2) * 60_000;
      await api.call(me, 'POST /api/test/clock', 'POST', '/api/test/clock', {
        until: new Date(halfTime).toISOString(),
      });
    }
    await api.call(me, 'POST /api/workout/complete', 'POST', '/api/workout/complete', {
      userId: me.user.id,
      workoutId: workout.body.id,
      completedExercises: ticked,
    });
  }
  if (proof) await proveToday(api, me, proof);
  await api.call(me, 'POST /api/credits/redeem', 'POST', '/api/credits/redeem', {
    userId: me.user.id,
    itemId: 'gym-pass',
    cost: 150,
    requestId: randomUUID(),
  });
  await api.call(me, 'GET /api/transactions/{userId}', 'GET', `/api/transactions/${me.user.id}`);
}

/** The proof of the user at `index`: seeds distinct across users (no file is a reused proof), one in GENUINE_EVERY genuine. */
export const proofOf = (index: number): DayProof => ({ seed: index * 1000 + 7, genuine: index % GENUINE_EVERY === 0 });

/**
 * Rounds until the deadline, the day proved in the first. A user starts a new round only before
 * the deadline, so everyone does at least one.
 */
export async function roundsUntil(api: LoadClient, me: LoadUser, index: number, deadline: number) {
  let proved = false;
  while (Date.now() < deadline) {
    await round(api, me, proved ? undefined : proofOf(index));
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
    const counts = rows.reduce<Record<number, number>>(
      (acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }),
      {},
    );
    const ms = rows.map((s) => s.ms);
    return {
      route,
      requests: rows.length,
      statuses: Object.entries(counts)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
    };
  };
  const routes = [...new Set(samples.map((s) => s.route))];
  return [
    ...routes.map((r) =>
      line(
        r,
        samples.filter((s) => s.route === r),
      ),
    ),
    line('all', samples),
  ];
}
