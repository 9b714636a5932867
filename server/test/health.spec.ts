import { TestApp, startTestApp } from './harness';
import { RedisProcess, waitFor } from './redis-process';

describe('health, docs and the error shape', () => {
  let t: TestApp;
  let redis: RedisProcess;
  beforeAll(async () => {
    redis = await RedisProcess.create();
    t = await startTestApp({ REDIS_URL: redis.url }, { workers: false });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('is ok while the database and Redis are up', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('answers 503 naming Redis while it is stopped, and recovers when it is back', async () => {
    await redis.stop();
    const down = await t.http.get('/api/health').expect(503);
    expect(down.body).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
    await redis.start();
    await waitFor(async () => (await t.http.get('/api/health')).status === 200);
  });

  it('serves the OpenAPI document with the sign-in routes and bearer auth', async () => {
    const res = await t.http.get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/phantom', '/api/auth/phantom/challenge', '/api/user', '/api/health']));
    expect(res.body.components.securitySchemes.bearer).toBeDefined();
    await t.http.get('/api/docs').expect(200);
  });

  it('answers unknown API routes with the one error shape and a request id', async () => {
    const res = await t.http.get('/api/nope').set('Authorization', 'Bearer x');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String), error: 'Not Found' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});
