import { randomUUID } from 'node:crypto';
import { LedgerService } from '../../server/src/ledger/ledger.service';
import { SignedIn, TestApp, signIn, startTestApp } from '../../server/test/harness';
import { mp4Video, pngImage } from '../../server/test/support/proof-files';

/**
 * A mixed load of simulated users on loopback, each in a loop: read the profile, generate and
 * complete a workout, prove the day once (three uploads + validate-all), try to redeem, read the
 * ledger. Then: zero 5xx, the ledger verifies (every balance equals its entries), and each user's
 * shown balance equals the ledger's. p95 latency per route is printed.
 *
 * The issue's size, 200 users for 60 s, by default (about 2 minutes on a 2-core runner); smaller
 * for a quick look: LOAD_USERS=30 LOAD_SECONDS=30 npm test -- faults
 * A user starts a new round only before the deadline, so everyone does at least one.
 */
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

interface Sample {
  route: string;
  status: number;
  ms: number;
}

describe(`mixed load: ${USERS} users for ${SECONDS} s`, () => {
  let t: TestApp;
  const samples: Sample[] = [];

  beforeAll(async () => {
    // 200 users' proof checks queue behind each other on 2 cores: validate-all's p95 reached 50–64 s
    // here, so the job limit sits well above it and a slower runner shows latency, not a timeout.
    t = await startTestApp({ AI_JOB_TIMEOUT_MS: '120000' });
  });
  afterAll(() => t?.close());

  /** One request with fetch (a pooled keep-alive client, like a browser); recorded under `route`. */
  async function call(me: SignedIn, route: string, method: string, path: string, body?: unknown, raw?: { bytes: Buffer; type: string }) {
    const started = performance.now();
    const res = await fetch(path.startsWith('http') ? path : `${t.url}${path}`, {
      method,
      headers: raw ? { 'content-type': raw.type } : { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
      body: raw ? new Uint8Array(raw.bytes) : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    samples.push({ route, status: res.status, ms: performance.now() - started });
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  async function upload(me: SignedIn, kind: string, bytes: Buffer, type: string): Promise<string> {
    const { body } = await call(me, 'POST /api/proof/upload-url', 'POST', '/api/proof/upload-url', { kind });
    await call(me, 'PUT /api/uploads/{id}', 'PUT', body.uploadURL.replace(/^https?:\/\/[^/]+/, ''), undefined, { bytes, type });
    return body.uploadURL;
  }

  async function proveToday(me: SignedIn, seed: number) {
    const proofs = {
      gym_selfie: await upload(me, 'gym_selfie', pngImage(96, 96, seed), 'image/png'),
      workout_video: await upload(me, 'workout_video', mp4Video(seed), 'video/mp4'),
      apple_watch: await upload(me, 'apple_watch', pngImage(120, 200, seed), 'image/png'),
    };
    await call(me, 'POST /api/proof/validate-all', 'POST', '/api/proof/validate-all', { proofs, timeZone: 'UTC' });
  }

  async function user(index: number, deadline: number) {
    const me = await signIn(t);
    // An operator's grant, so the first redemption goes through and later ones meet a low balance.
    await t.app.get(LedgerService).post({ userId: me.user.id, amount: 200, kind: 'grant', reason: 'load test grant', idempotencyKey: `grant:load-${me.user.id}` });
    let proved = false;
    while (Date.now() < deadline) {
      await call(me, 'GET /api/user', 'GET', '/api/user');
      const workout = await call(me, 'POST /api/workout/generate', 'POST', '/api/workout/generate', { userId: me.user.id });
      if (workout.status === 201) {
        const ticked = workout.body.exercises.map((e: { id: string }) => e.id);
        await call(me, 'POST /api/workout/complete', 'POST', '/api/workout/complete', { userId: me.user.id, workoutId: workout.body.id, completedExercises: ticked });
      }
      if (!proved) {
        await proveToday(me, index * 1000 + 7);
        proved = true;
      }
      await call(me, 'POST /api/credits/redeem', 'POST', '/api/credits/redeem', { userId: me.user.id, itemId: 'gym-pass', cost: 150, requestId: randomUUID() });
      await call(me, 'GET /api/transactions/{userId}', 'GET', `/api/transactions/${me.user.id}`);
    }
    return me;
  }

  it('answers without a 5xx, loses and doubles no credit, and reports p95 per route', async () => {
    const deadline = Date.now() + SECONDS * 1000;
    const users = await Promise.all(Array.from({ length: USERS }, (_, i) => user(i, deadline)));

    report(samples);
    const serverErrors = samples.filter((s) => s.status >= 500).map((s) => `${s.route} → ${s.status}`);
    expect(serverErrors).toEqual([]);
    const succeeded = (route: string, status: number) => samples.filter((s) => s.route === route && s.status === status).length;
    expect(succeeded('POST /api/workout/complete', 200)).toBeGreaterThan(0);
    expect(succeeded('POST /api/proof/validate-all', 200)).toBeGreaterThan(0);
    expect(succeeded('POST /api/credits/redeem', 200)).toBeGreaterThan(0);

    const ledger = t.app.get(LedgerService);
    expect((await ledger.verify()).problems).toEqual([]);
    for (const me of users) {
      const shown = (await call(me, 'GET /api/user', 'GET', '/api/user')).body;
      expect({ credits: shown.sweatCredits, pending: shown.pendingCredits }).toEqual({ credits: await ledger.balance(me.user.id), pending: await ledger.balance(me.user.id, 'pending') });
    }
  }, (SECONDS + 240) * 1000); // the last round started before the deadline must finish, then verify
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A markdown table on stdout: requests, statuses, p50 and p95 per route, and overall. */
function report(samples: Sample[]) {
  const routes = [...new Set(samples.map((s) => s.route))];
  const line = (name: string, rows: Sample[]) => {
    const statuses = Object.entries(rows.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {}));
    const ms = rows.map((s) => s.ms);
    return `| ${name} | ${rows.length} | ${statuses.map(([s, n]) => `${s}×${n}`).join(' ')} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 95).toFixed(0)} |`;
  };
  const lines = ['| Route | Requests | Statuses | p50 ms | p95 ms |', '|---|---|---|---|---|', ...routes.map((r) => line(r, samples.filter((s) => s.route === r))), line('all', samples)];
  process.stdout.write(`\nmixed load, ${USERS} users, ${SECONDS} s\n${lines.join('\n')}\n`);
}
