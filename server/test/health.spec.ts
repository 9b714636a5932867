import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { startTestApp, TestApp } from './harness';
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

  const both = async (expectedStatus: number) => {
    const [health, ready] = [await t.http.get('/api/health'), await t.http.get('/api/health/ready')];
    expect([health.status, ready.status]).toEqual([expectedStatus, expectedStatus]);
    expect(health.body).toEqual(ready.body);
    return ready.body;
  };

  it('is live and ready (ok) while the database and Redis are up; /api/health answers as ready does', async () => {
    expect(await both(200)).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    await t.http.get('/api/health/live').expect(200, { status: 'ok' });
  });

  it('stays ready with Redis stopped (200, degraded, naming Redis) so replicas are not drained, and recovers', async () => {
    await redis.stop();
    expect(await both(200)).toEqual({ status: 'degraded', database: 'up', redis: 'down' });
    await t.http.get('/api/health/live').expect(200);
    await redis.start();
    await waitFor(async () => (await t.http.get('/api/health/ready')).body.status === 'ok');
  });

  it('is not ready without the database (503), yet live, and ready again once it is back', async () => {
    const connection = t.app.get<Connection>(getConnectionToken());
    await connection.close();
    try {
      expect(await both(503)).toEqual({ status: 'down', database: 'down', redis: 'up' });
      await t.http.get('/api/health/live').expect(200, { status: 'ok' });
    } finally {
      await connection.openUri(t.env.MONGODB_URI);
    }
    expect(await both(200)).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  it('serves the OpenAPI document with the sign-in routes and bearer auth', async () => {
    const res = await t.http.get('/api/docs-json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/phantom', '/api/auth/phantom/challenge', '/api/user', '/api/health']),
    );
    expect(res.body.components.securitySchemes.bearer).toBeDefined();
    await t.http.get('/api/docs').expect(200);
  });

  it('documents on every route the answers any route can give: 408, 413, 503 DATABASE_UNAVAILABLE (the readiness probe keeps its own 503)', async () => {
    type Response = {
      description: string;
      content?: { 'application/json': { schema: { properties?: { code?: { enum: string[] } } } } };
    };
    const doc = (await t.http.get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
    };
    const codes = (response: Response | undefined) =>
      response?.content?.['application/json'].schema.properties?.code?.enum;
    const routes = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const { route, responses } of routes) {
      expect([route, codes(responses['408'])]).toEqual([route, ['REQUEST_TIMEOUT']]);
      expect([route, codes(responses['413'])]).toEqual([route, expect.arrayContaining(['BODY_TOO_LARGE'])]);
      if (path(route) !== '/api/health' && path(route) !== '/api/health/ready')
        expect([route, codes(responses['503'])]).toEqual([route, expect.arrayContaining(['DATABASE_UNAVAILABLE'])]);
    }
    // Merged with the route's own 503s.
    expect(codes(doc.paths['/api/workout/generate'].post.responses['503'])).toEqual(
      expect.arrayContaining(['DATABASE_UNAVAILABLE', 'AI_UNAVAILABLE']),
    );
    expect(doc.paths['/api/health/ready'].get.responses['503']).toMatchObject({ description: 'The database is down' });
    expect(codes(doc.paths['/api/health/ready'].get.responses['503'])).toBeUndefined();
  });

  it('answers unknown API routes with the one error shape and a request id', async () => {
    const res = await t.http.get('/api/nope').set('Authorization', 'Bearer x');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: expect.any(String), error: 'Not Found' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});

const path = (route: string) => route.slice(route.indexOf(' ') + 1);
