import { randomUUID } from 'node:crypto';

import { JwtService } from '@nestjs/jwt';
import type { Response } from 'supertest';

import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { concretePath, fieldSchema, Operation, operations, sample, stringFields, withField } from './openapi';

/**
 * The access matrix, walked over every operation in the app's own OpenAPI document, so a route
 * added later is covered without touching this file. A route that answers without a session must
 * be listed here on purpose; anything else that does not answer 401 without a token fails.
 */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/auth/phantom/challenge',
  'POST /api/auth/phantom',
  'GET /api/auth/verify', // checks the bearer token itself
  'GET /api/auth/twitter',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/config',
  // The disk driver's upload URL: authorized by its signature, not a session.
  'PUT /api/uploads/{id}',
  'POST /api/uploads/{id}',
  'PATCH /api/uploads/{id}',
  'GET /api/uploads/{id}',
]);

const OPERATOR = { $gt: '' };
const MALFORMED_IDS = ['not-an-id', '{"$ne":null}'];

describe('access matrix over every documented route', () => {
  let t: TestApp;
  let me: SignedIn;
  let other: SignedIn;
  let ops: Operation[];
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    [me, other] = [await signIn(t), await signIn(t)];
    ops = operations((await t.http.get('/api/docs-json').expect(200)).body);
  });
  afterAll(() => t.close());

  /** One request; every answer is also checked for a 5xx in the last test. */
  async function call(
    op: Operation,
    opts: { auth?: SignedIn; path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {},
  ): Promise<Response> {
    const url = concretePath(op, opts.path);
    let req = t.http[op.method.toLowerCase() as 'get'](url).query(
      (opts.query ?? requiredQuery(op)) as Record<string, string>,
    );
    if (opts.auth) req = req.set(opts.auth.auth);
    if (opts.body !== undefined) req = req.send(opts.body as object);
    const res = await req;
    if (res.status >= 500) serverErrors.push(`${op.method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  function requiredQuery(op: Operation): Record<string, unknown> {
    return Object.fromEntries(
      op.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(p.schema)]),
    );
  }

  const validBody = (op: Operation, userId: string) => (op.jsonBody ? sample(op.jsonBody, { userId }) : undefined);

  it('reads a document that lists the routes it should (so the matrix cannot pass empty)', () => {
    const ids = ops.map((op) => op.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'GET /api/transactions/{userId}',
        'POST /api/auth/phantom',
        'GET /api/health',
      ]),
    );
  });

  it('documents on each path only the path parameters its template names', () => {
    const stray = ops.flatMap((op) =>
      op.parameters
        .filter((p) => p.in === 'path' && !op.path.includes(`{${p.name}}`))
        .map((p) => `${op.id} {${p.name}}`),
    );
    expect(stray).toEqual([]);
  });

  it('answers 401 without a token on every route not declared public', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => !PUBLIC_OPERATIONS.has(o.id))) {
      const res = await call(op, { body: validBody(op, me.user.id) });
      if (res.status !== 401)
        wrong.push(`${op.id} → ${res.status} (declare it in PUBLIC_OPERATIONS if it is meant to be public)`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 on every route not declared public to signed tokens that name no user, a malformed subject, or have no exp', async () => {
    const jwt = new JwtService({ secret: t.env.JWT_SECRET });
    const whole = { typ: 'session', jti: randomUUID(), ep: 0 };
    const tokens = {
      'no such user': await jwt.signAsync({ ...whole, sub: '0123456789abcdef01234567' }, { expiresIn: 3600 }),
      'subject not an id': await jwt.signAsync({ ...whole, sub: 'not-an-id' }, { expiresIn: 3600 }),
      'no exp': await jwt.signAsync({ ...whole, sub: me.user.id }),
    };
    const wrong: string[] = [];
    for (const op of ops.filter((o) => !PUBLIC_OPERATIONS.has(o.id))) {
      for (const [name, token] of Object.entries(tokens)) {
        const res = await call(op, {
          auth: { ...me, auth: { Authorization: `Bearer ${token}` } },
          path: { userId: me.user.id },
          body: validBody(op, me.user.id),
        });
        if (res.status !== 401) wrong.push(`${op.id} [${name}] → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 when a {userId} path parameter names another user', async () => {
    const wrong: string[] = [];
    const routes = ops.filter((op) => op.path.includes('{userId}'));
    expect(routes.length).toBeGreaterThan(0);
    for (const op of routes) {
      const res = await call(op, { auth: me, path: { userId: other.user.id }, body: validBody(op, me.user.id) });
      if (res.status !== 403) wrong.push(`${op.id} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 when a body field userId names another user (400 only when no valid body could be built)', async () => {
    const wrong: string[] = [];
    const routes = ops.filter((o) => o.jsonBody?.properties?.userId);
    let forbidden = 0;
    for (const op of routes) {
      const res = await call(op, { auth: me, path: { userId: me.user.id }, body: validBody(op, other.user.id) });
      const generatorFellShort =
        res.status === 400 && res.body.error === 'Validation Failed' && !/userId/.test(res.body.message);
      if (res.status === 403) forbidden++;
      else if (!generatorFellShort) wrong.push(`${op.id} → ${res.status} ${res.body.message}`);
    }
    expect(wrong).toEqual([]);
    // The generator builds a valid body for most routes; a 400 everywhere would mean it checks nothing.
    expect(forbidden).toBeGreaterThanOrEqual(Math.ceil(routes.length / 2));
  });

  it('answers 400 for an operator object in any string field of any JSON body', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.jsonBody)) {
      const base = validBody(op, me.user.id);
      for (const field of stringFields(op.jsonBody)) {
        const res = await call(op, { auth: me, path: { userId: me.user.id }, body: withField(base, field, OPERATOR) });
        if (res.status !== 400) wrong.push(`${op.id} body.${field.join('.')} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 for control, bidi-override or lone-surrogate characters in every free-text body field', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of ops.filter((o) => o.jsonBody)) {
      const base = validBody(op, me.user.id);
      for (const field of stringFields(op.jsonBody).filter((f) =>
        fieldSchema(op.jsonBody, f)?.pattern?.includes('\\u202a'),
      )) {
        checked++;
        for (const bad of ['a\u0000b', 'a\u001b[2Jb', 'a\u202eb', 'a\ud800b']) {
          const res = await call(op, { auth: me, path: { userId: me.user.id }, body: withField(base, field, bad) });
          if (res.status !== 400 || !/must not contain control characters/.test(res.body.message))
            wrong.push(`${op.id} body.${field.join('.')}=${JSON.stringify(bad)} → ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Goal titles, coach messages, profile texts, tweet links: the walk must have found them.
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('answers 400 for an operator object in any query parameter', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      for (const param of op.parameters.filter((p) => p.in === 'query')) {
        const query = { ...requiredQuery(op), [param.name]: OPERATOR };
        const res = await call(op, { auth: me, path: { userId: me.user.id }, query, body: validBody(op, me.user.id) });
        if (res.status !== 400) wrong.push(`${op.id} ?${param.name} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 for malformed ids and operators in path parameters (4xx for free-form ones)', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      for (const param of op.parameters.filter((p) => p.in === 'path')) {
        const pattern = param.schema?.pattern ? new RegExp(param.schema.pattern) : null;
        for (const bad of MALFORMED_IDS) {
          if (pattern?.test(bad)) continue;
          const res = await call(op, {
            auth: me,
            path: { userId: me.user.id, [param.name]: bad },
            body: validBody(op, me.user.id),
          });
          const ok = pattern || param.schema?.format ? res.status === 400 : res.status >= 400 && res.status < 500;
          if (!ok) wrong.push(`${op.id} {${param.name}}=${bad} → ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('never answered with a 5xx', () => {
    expect(serverErrors).toEqual([]);
  });
});
