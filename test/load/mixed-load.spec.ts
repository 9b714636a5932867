import { LedgerService } from '../../server/src/ledger/ledger.service';
import { LedgerReadsService } from '../../server/src/ledger/ledger-reads.service';
import { signIn, startTestApp, TestApp } from '../../server/test/harness';
import { LOAD_GRANT, LoadClient, LoadUser, roundsUntil, Sample, summarize } from './scenario';

/**
 * A mixed load of simulated users on loopback, each in a loop of the scenario's rounds
 * (./scenario.ts): read the profile, generate and complete a workout, prove the day once (three
 * uploads + validate-all), try to redeem, read the ledger. Then: zero 5xx, the ledger verifies
 * (every balance equals its entries), and each user's shown balance equals the ledger's. p95
 * latency per route is printed. The same scenario against the built server in its own process, with
 * latency targets and an open-loop run: `npm run bench -- load`.
 *
 * The size, 200 users for 60 s, by default (about 2 minutes on a 2-core runner); smaller
 * for a quick look: LOAD_USERS=30 LOAD_SECONDS=30 npm test -- faults
 */
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

describe(`mixed load: ${USERS} users for ${SECONDS} s`, () => {
  let t: TestApp;
  let api: LoadClient;

  beforeAll(async () => {
    // 200 users' proof checks queue behind each other on 2 cores, now with the local models (a
    // refused fake costs some 0.3 s of CPU, genuine evidence 1–2 s): the job limit sits well above
    // the queue, so a slower runner shows latency, not a timeout.
    t = await startTestApp({ AI_JOB_TIMEOUT_MS: '300000', TEST_CLOCK: '1' });
    api = new LoadClient(t.url);
  });
  afterAll(() => t?.close());

  async function user(index: number, deadline: number): Promise<LoadUser> {
    const me = await signIn(t);
    // An operator's grant, so the first redemption goes through and later ones meet a low balance.
    await t.app.get(LedgerService).post({
      userId: me.user.id,
      amount: LOAD_GRANT.amount,
      kind: 'grant',
      reason: LOAD_GRANT.reason,
      idempotencyKey: LOAD_GRANT.idempotencyKey(me.user.id),
    });
    await roundsUntil(api, me, index, deadline);
    return me;
  }

  it(
    'answers without a 5xx, loses and doubles no credit, and reports p95 per route',
    async () => {
      const deadline = Date.now() + SECONDS * 1000;
      const users = await Promise.all(Array.from({ length: USERS }, (_, i) => user(i, deadline)));
      const samples = api.samples;

      report(samples);
      const serverErrors = samples.filter((s) => s.status >= 500).map((s) => `${s.route} → ${s.status}`);
      expect(serverErrors).toEqual([]);
      const succeeded = (route: string, status: number) =>
        samples.filter((s) => s.route === route && s.status === status).length;
      // Every generated workout starts and completes: users share the server's test clock, which must not carry one's workout past its session.
      const generated = succeeded('POST /api/workout/generate', 201);
      expect([succeeded('POST /api/workout/{id}/start', 200), succeeded('POST /api/workout/complete', 200)]).toEqual([
        generated,
        generated,
      ]);
      expect(succeeded('POST /api/proof/validate-all', 200)).toBeGreaterThan(0);
      expect(succeeded('POST /api/credits/redeem', 200)).toBeGreaterThan(0);

      const reads = t.app.get(LedgerReadsService);
      expect((await reads.verify()).problems).toEqual([]);
      for (const me of users) {
        const shown = (await api.call(me, 'GET /api/user', 'GET', '/api/user')).body;
        expect({ credits: shown.sweatCredits, pending: shown.pendingCredits }).toEqual({
          credits: await reads.balance(me.user.id),
          pending: await reads.balance(me.user.id, 'pending'),
        });
      }
    },
    (SECONDS + 420) * 1000,
  ); // the last round started before the deadline must finish, then verify
});

/** A markdown table on stdout: requests, statuses, p50 and p95 per route, and overall. */
function report(samples: Sample[]) {
  const lines = [
    '| Route | Requests | Statuses | p50 ms | p95 ms |',
    '|---|---|---|---|---|',
    ...summarize(samples).map(
      (r) => `| ${r.route} | ${r.requests} | ${r.statuses} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} |`,
    ),
  ];
  process.stdout.write(`\nmixed load, ${USERS} users, ${SECONDS} s\n${lines.join('\n')}\n`);
}
