import { SignedIn, signIn, startTestApp, TestApp } from '../../server/test/harness';
import { RedisProcess, waitFor } from '../../server/test/redis-process';

/**
 * Redis stopped while users keep reading across every domain: routes that need no queue keep
 * answering 200, the AI routes (BullMQ) answer 503, readiness stays 200 but reports Redis down (a
 * 503 would take every replica out of the load balancer, since all share one Redis), and once
 * Redis is back the AI works again in the same app and readiness reports ok. (How fast the refusal comes and the rest of training is in server/test/ai-redis-down.spec.ts.)
 */
const readRoutes = (me: SignedIn) => [
  '/api/user',
  `/api/transactions/${me.user.id}`,
  '/api/workout/sessions',
  '/api/achievements',
  '/api/config',
];

describe('Redis stopped under load', () => {
  let redis: RedisProcess;
  let t: TestApp;
  let users: SignedIn[];

  beforeAll(async () => {
    redis = await RedisProcess.create();
    t = await startTestApp({ REDIS_URL: redis.url, AI_JOB_TIMEOUT_MS: '5000' });
    users = await Promise.all(Array.from({ length: 5 }, () => signIn(t)));
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  const generate = (me: SignedIn) => t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id });

  /** Each user reads every route in a loop until `stop()`; answers the statuses seen per route. */
  function readLoad() {
    let running = true;
    const seen: string[] = [];
    const lanes = users.map(async (me) => {
      while (running) {
        for (const route of readRoutes(me))
          seen.push(`${route.replace(me.user.id, '{userId}')} ${(await t.http.get(route).set(me.auth)).status}`);
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(lanes);
        return seen;
      },
    };
  }

  it('keeps answering reads, refuses AI with 503 while Redis is down, and recovers without a restart', async () => {
    expect((await generate(users[0])).status).toBe(201);
    const load = readLoad();
    await redis.stop();

    expect((await generate(users[1])).status).toBe(503);
    for (const path of ['/api/health', '/api/health/ready']) {
      const ready = await t.http.get(path);
      expect([ready.status, ready.body]).toEqual([200, { status: 'degraded', database: 'up', redis: 'down' }]);
    }
    expect((await t.http.get('/api/health/live')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500)); // reads continue for a while with Redis gone

    await redis.start();
    await waitFor(async () => (await generate(users[2])).status === 201, 20_000);
    expect((await t.http.get('/api/health/ready')).body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    const seen = await load.stop();

    const failures = seen.filter((s) => !s.endsWith(' 200'));
    expect(seen.length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });
});
