import { FakeSolanaRpc, startFakeSolanaRpc } from '../../test/fakes/solana-rpc';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { concretePath, Operation, operations, sample } from './openapi';
import { rawStatus } from './support/raw-http';

/**
 * Headers, cookies, query strings and paths no browser sends, to every documented route (read from
 * the app's OpenAPI document, so later routes are covered too). Whatever they hold, the answer is
 * never a 5xx: a reader that throws on odd input (a cookie's `decodeURIComponent` did) is a bug.
 */
type Header = [string, string];

interface Variant {
  name: string;
  /** Replaces the session's Authorization header when set. */
  authorization?: string[];
  headers?: Header[];
  /** Appended to the query string. */
  query?: string;
}

const JUNK_BYTES = '\xff\xfe\xc3\x28\x80';
const HUGE = 'x'.repeat(7000);

const VARIANTS: Variant[] = [
  { name: 'cookie with a lone %', headers: [['Cookie', 'sweat_ref=%']] },
  {
    name: 'cookie with truncated percent-encoding and empty pairs',
    headers: [['Cookie', 'sweat_ref=%E0%A4%A; =; ;;a; =%%']],
  },
  { name: 'huge cookie', headers: [['Cookie', `sweat_ref=${HUGE}`]] },
  {
    name: 'repeated cookie headers',
    headers: [
      ['Cookie', 'sweat_ref=%'],
      ['Cookie', 'sweat_ref=%zz; other=1'],
    ],
  },
  { name: 'cookie that is not UTF-8', headers: [['Cookie', `sweat_ref=${JUNK_BYTES}`]] },
  { name: 'Basic authorization', authorization: ['Basic dXNlcjpwYXNz'] },
  { name: 'Digest authorization', authorization: ['Digest username="x", realm="y"'] },
  { name: 'bare Bearer', authorization: ['Bearer'] },
  { name: 'Bearer with percent junk', authorization: ['Bearer %ff.%00.%'] },
  { name: 'Bearer with three dots of junk', authorization: ['Bearer a.b.c'] },
  { name: 'huge Bearer', authorization: [`Bearer ${HUGE}`] },
  { name: 'Bearer that is not UTF-8', authorization: [`Bearer ${JUNK_BYTES}`] },
  { name: 'repeated Authorization headers', authorization: ['Bearer a.b.c', 'Basic eDp5'] },
  {
    name: 'header values that are not UTF-8',
    headers: [
      ['X-Job-Key', JUNK_BYTES],
      ['Accept-Language', JUNK_BYTES],
      ['User-Agent', JUNK_BYTES],
    ],
  },
  {
    name: 'forwarded-for junk',
    headers: [
      ['X-Forwarded-For', `%, ::::, 999.999.1.1, ${JUNK_BYTES}`],
      ['Forwarded', 'for="%"'],
    ],
  },
  {
    name: 'repeated Content-Type',
    headers: [
      ['Content-Type', 'application/json'],
      ['Content-Type', 'text/plain'],
    ],
  },
  { name: 'Content-Type with a junk charset', headers: [['Content-Type', `application/json; charset=${JUNK_BYTES}`]] },
  {
    name: 'odd Accept and Range',
    headers: [
      ['Accept', '*/*;q=%'],
      ['Range', 'bytes=%-'],
      ['If-None-Match', JUNK_BYTES],
    ],
  },
  { name: 'query with a lone %', query: '%' },
  { name: 'query with truncated percent-encoding', query: '%E0%A4%A=%E0%A4%A' },
  { name: 'query with repeated parameters', query: 'a=1&a=2&a=%' },
  { name: 'huge query', query: `q=${HUGE}` },
  {
    name: 'query with prototype keys and deep brackets',
    query: '__proto__[polluted]=1&constructor[prototype][x]=1&a[b][c][d][e][f][g]=1',
  },
  { name: 'query that is not UTF-8', query: 'a=%FF%FE&b=%C3%28' },
];

/** Path parameter values that do not decode. */
const BROKEN_PATH_VALUES = ['%', '%E0%A4%A', '%FF%FE'];

describe('hostile headers, cookies, query strings and paths on every route', () => {
  let t: TestApp;
  let rpc: FakeSolanaRpc;
  let me: SignedIn;
  let ops: Operation[];
  const serverErrors: string[] = [];
  let sent = 0;

  beforeAll(async () => {
    // X sign-in configured against a closed port, so its routes run rather than answer 503 unconfigured.
    // A purchase of a real package names a transaction the fake RPC never shows: 409 within a second.
    rpc = await startFakeSolanaRpc();
    t = await startTestApp({
      X_CONSUMER_KEY: 'key',
      X_CONSUMER_SECRET: 'secret',
      X_OAUTH_BASE_URL: 'http://127.0.0.1:9',
      SOLANA_RPC_URL: rpc.url,
      PURCHASE_CONFIRM_WINDOW_MS: '1000',
    });
    me = await signIn(t);
    ops = operations((await t.http.get('/api/docs-json').expect(200)).body);
    // Left out of the document (X redirects there), read all the same.
    ops.push({
      method: 'GET',
      path: '/api/auth/twitter/callback',
      id: 'GET /api/auth/twitter/callback',
      parameters: [],
      rawBody: false,
    });
  });
  afterAll(async () => {
    await t.close();
    await rpc.close();
  });

  /** The route's required query parameters with valid values, each sent twice (a repeated parameter). */
  function requiredQuery(op: Operation, repeat: boolean): string {
    const pairs = op.parameters
      .filter((p) => p.in === 'query' && p.required)
      .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sample(p.schema)))}`);
    return (repeat ? [...pairs, ...pairs] : pairs).join('&');
  }

  async function send(op: Operation, variant: Variant, path = concretePath(op, { userId: me.user.id })): Promise<void> {
    const query = [requiredQuery(op, variant.name.includes('repeated parameters')), variant.query]
      .filter(Boolean)
      .join('&');
    const body = op.jsonBody ? JSON.stringify(sample(op.jsonBody, { userId: me.user.id })) : undefined;
    // A route that ends sessions would end the one every other request uses: it gets its own.
    const session = /logout/.test(op.path) ? (await signIn(t)).auth.Authorization : me.auth.Authorization;
    const headers: Header[] = [
      ...(variant.authorization ?? [session]).map((value): Header => ['Authorization', value]),
      ...(body && !variant.headers?.some(([name]) => name === 'Content-Type')
        ? [['Content-Type', 'application/json'] as Header]
        : []),
      ...(variant.headers ?? []),
    ];
    const status = await rawStatus(t.url, {
      method: op.method,
      target: query ? `${path}?${query}` : path,
      headers,
      body,
    });
    sent++;
    if (status >= 500 || status === 0) serverErrors.push(`${op.id} [${variant.name}] → ${status || 'no answer'}`);
  }

  it('never answers a 5xx (or hangs up without an answer)', async () => {
    expect(ops.length).toBeGreaterThan(30);
    for (const op of ops) {
      for (const variant of VARIANTS) await send(op, variant);
      for (const param of op.parameters.filter((p) => p.in === 'path')) {
        for (const broken of BROKEN_PATH_VALUES) {
          const path = op.path.replace(/\{(\w+)\}/g, (whole, name: string) =>
            name === param.name ? broken : concretePath({ ...op, path: whole }, { userId: me.user.id }),
          );
          await send(op, { name: `path {${param.name}}=${broken}` }, path);
        }
      }
    }
    console.log(`hostile requests: ${sent} sent to ${ops.length} operations`);
    expect(serverErrors).toEqual([]);
  });

  it('answers a method a documented path does not take with 405 and Allow (OPTIONS: 204 and Allow), an unknown path with 404', async () => {
    const trace = await t.http.trace('/api/user').set(me.auth).expect(405);
    expect(trace.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(trace.body).toMatchObject({ statusCode: 405, code: 'METHOD_NOT_ALLOWED', error: 'Method Not Allowed' });
    expect((await t.http.delete(`/api/transactions/${me.user.id}`).expect(405)).headers.allow).toBe(
      'GET, HEAD, OPTIONS',
    );
    expect((await t.http.patch('/api/credits/redeem').expect(405)).headers.allow).toBe('POST, OPTIONS');
    expect((await t.http.options('/api/credits/redeem').expect(204)).headers.allow).toBe('POST, OPTIONS');
    // A fixed path names its own resource, though it also fits `/api/bmi/{userId}`.
    expect((await t.http.options('/api/bmi/analyze').expect(204)).headers.allow).toBe('POST, OPTIONS');
    // Every documented path, with every method it does not take.
    const template = (path: string) => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const op of ops.filter((o) => !o.path.includes('callback'))) {
      const target = concretePath(op, { userId: me.user.id });
      // Taken by this path or by another template the same URL fits (`/api/bmi/upload-url` fits `/api/bmi/{userId}`).
      const taken = new Set(ops.filter((o) => template(o.path).test(target)).map((o) => o.method));
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE'].filter((m) => !taken.has(m))) {
        const status = await rawStatus(t.url, { method, target, headers: [['Authorization', me.auth.Authorization]] });
        expect([`${method} ${op.path}`, status]).toEqual([`${method} ${op.path}`, 405]);
      }
    }
    await t.http.trace('/api/no-such-thing').expect(404);
  });
});
