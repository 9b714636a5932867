import Redis from 'ioredis';

import { signIn, startTestApp, TestApp } from './harness';

describe('per-user rate limits on the routes that queue work or move money', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await startTestApp({
        RATE_LIMIT_AI_PER_MINUTE: '3',
        RATE_LIMIT_MONEY_PER_MINUTE: '2',
        RATE_LIMIT_UPLOADS_PER_MINUTE: '2',
      })),
  );
  afterAll(() => t.close());

  it('gives each user one AI budget across its routes, answers 429 RATE_LIMITED with Retry-After past it, and leaves other users alone', async () => {
    const [me, other] = [await signIn(t), await signIn(t)];
    for (let i = 0; i < 3; i++)
      await t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id }).expect(201);
    const refused = await t.http
      .post('/api/workout/chat')
      .set(me.auth)
      .send({ userId: me.user.id, message: 'hello' })
      .expect(429);
    expect(refused.body).toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many AI and proof-check requests, try again in a minute',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    await t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id }).expect(429);
    await t.http.post('/api/workout/generate').set(other.auth).send({ userId: other.user.id }).expect(201);
    // Reads are not limited.
    for (let i = 0; i < 10; i++) await t.http.get('/api/user').set(me.auth).expect(200);
  });

  it('counts refused money operations too, and keeps the budgets of other groups apart', async () => {
    const me = await signIn(t);
    const redeem = () =>
      t.http.post('/api/credits/redeem').set(me.auth).send({ userId: me.user.id, itemId: 'gym-pass', cost: 150 });
    expect((await redeem()).status).toBe(409);
    expect((await redeem()).status).toBe(409);
    expect((await redeem()).body).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many credit operations, try again in a minute',
    });
    await t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id }).expect(201);
    await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie' }).expect(200);
    await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie' }).expect(200);
    await t.http.post('/api/proof/upload-url').set(me.auth).send({ kind: 'gym_selfie' }).expect(429);
  });

  it('keeps the budgets in Redis under the app prefix, shared by every replica', async () => {
    const redis = new Redis(t.env.REDIS_URL);
    // The store wraps each key in a cluster hash tag: `{<prefix>:ratelimit:<group>:<user>:<group>}:hits`.
    const keys = await redis.keys(`{${t.env.REDIS_PREFIX}:ratelimit:*`);
    await redis.quit();
    expect(keys.some((key) => key.includes(':ratelimit:ai:'))).toBe(true);
    expect(keys.some((key) => key.includes(':ratelimit:money:'))).toBe(true);
  });

  it('documents the 429 on every limited route', async () => {
    const doc = (await t.http.get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ['/api/workout/generate', 'post'],
      ['/api/credits/redeem', 'post'],
      ['/api/proof/upload-url', 'post'],
      ['/api/goals', 'post'],
    ]) {
      expect(doc.paths[path][method].responses['429']).toBeDefined();
    }
    expect(doc.paths['/api/user'].get.responses['429']).toBeUndefined();
  });

  it('documents Retry-After on the 429 of the credential checks (sign-in, challenge, wallet link, login codes, X) too', async () => {
    type Answer = { headers?: Record<string, { schema: { type: string } }> };
    const doc = (await t.http.get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, Answer> }>>;
    };
    for (const [path, method] of [
      ['/api/auth/phantom/challenge', 'get'],
      ['/api/auth/phantom', 'post'],
      ['/api/auth/phantom/link', 'post'],
      ['/api/auth/verify', 'get'],
      ['/api/auth/twitter', 'get'],
    ]) {
      expect([path, doc.paths[path][method].responses['429'].headers?.['Retry-After']]).toEqual([
        path,
        expect.objectContaining({ schema: { type: 'integer' } }),
      ]);
    }
  });
});
