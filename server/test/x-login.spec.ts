import request from 'supertest';

import type { FakeServer } from '../../test/fakes/http-fake';
import { startFakeXOAuth } from '../../test/fakes/x-oauth';
import { startTestApp, TestApp } from './harness';

describe('X sign-in through passport-twitter against a fake OAuth 1.0a provider', () => {
  let t: TestApp;
  let x: FakeServer;
  beforeAll(async () => {
    x = await startFakeXOAuth({ consumerKey: 'ck-test', user: { id: '4242', screenName: 'fit_anna' } });
    t = await startTestApp(
      { X_CONSUMER_KEY: 'ck-test', X_CONSUMER_SECRET: 'cs-test', X_OAUTH_BASE_URL: x.url },
      { workers: false },
    );
  });
  afterAll(async () => {
    await t.close();
    await x.close();
  });

  /** The app's start of a sign-in: X's authorize URL and the cookie that binds this browser to it. */
  async function startAtApp(): Promise<{ authorize: URL; cookie: string }> {
    const start = await t.http.get('/api/auth/twitter').expect(302);
    const authorize = new URL(start.headers.location);
    expect(authorize.origin).toBe(x.url);
    expect(authorize.pathname).toBe('/oauth/authenticate');
    const setCookie = ([] as string[])
      .concat(start.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('sweat_x_state='));
    expect(setCookie).toMatch(
      /^sweat_x_state=[a-f0-9]{48}; Max-Age=600; Path=\/api\/auth\/twitter; Expires=.*; HttpOnly; SameSite=Lax$/,
    );
    return { authorize, cookie: setCookie!.split(';')[0] };
  }

  /** X's side: the user authorizes (or denies), and X sends the browser to this callback URL. */
  async function authorizeAtX(authorize: URL, deny = false): Promise<string> {
    if (deny) authorize.searchParams.set('deny', '1');
    const back = await request(x.url)
      .get(authorize.pathname + authorize.search)
      .expect(302);
    const callback = new URL(back.headers.location);
    expect(callback.pathname).toBe('/api/auth/twitter/callback');
    return callback.pathname + callback.search;
  }

  /** The callback opened by a browser holding `cookie` (none: a browser that never started a sign-in). */
  async function callback(path: string, cookie?: string): Promise<URL> {
    const done = await (cookie ? t.http.get(path).set('Cookie', cookie) : t.http.get(path)).expect(302);
    return new URL(done.headers.location);
  }

  /** Follows the browser's path: app → X authorize → app callback → client with ?token= or ?error=. */
  async function loginThroughX(options: { deny?: boolean } = {}): Promise<URL> {
    const { authorize, cookie } = await startAtApp();
    return callback(await authorizeAtX(authorize, options.deny), cookie);
  }

  it('refuses a callback from a browser that did not start the sign-in (login CSRF), with ?error=', async () => {
    // The attacker starts and authorizes with their own X account, then has a victim's browser open the callback.
    const attacker = await startAtApp();
    const path = await authorizeAtX(attacker.authorize);
    const victim = await startAtApp();
    for (const landing of [
      await callback(path),
      await callback(path, victim.cookie),
      await callback(path, 'sweat_x_state=%zz'),
    ]) {
      expect(landing.searchParams.get('token')).toBeNull();
      expect(landing.searchParams.get('error')).toBe('X sign-in failed, please try again');
    }
    // The browser that started it still completes it.
    expect((await callback(path, attacker.cookie)).searchParams.get('token')).toMatch(/^[a-f0-9]{48}$/);
  });

  it('signs in with the X handle as username through a single-use code', async () => {
    const landing = await loginThroughX();
    expect(landing.origin).toBe('http://localhost:3999');
    const code = landing.searchParams.get('token')!;
    expect(code).toMatch(/^[a-f0-9]{48}$/);

    const verified = await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${code}`).expect(200);
    expect(verified.body.username).toBe('fit_anna');
    expect(verified.body.twitterHandle).toBe('fit_anna');
    expect(verified.body.walletAddress).toBeNull();
    expect(typeof verified.body.token).toBe('string');
    await t.http.get('/api/user').set('Authorization', `Bearer ${verified.body.token}`).expect(200);

    // The code is single-use.
    await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${code}`).expect(401);

    // Signing in again reaches the same account.
    const second = await loginThroughX();
    const again = await t.http
      .get('/api/auth/verify')
      .set('Authorization', `Bearer ${second.searchParams.get('token')}`)
      .expect(200);
    expect(again.body.id).toBe(verified.body.id);
    expect(x.requests.some((r) => r.path === '/1.1/account/verify_credentials.json')).toBe(true);
  });

  it('sends the user back with ?error= when they deny access', async () => {
    const landing = await loginThroughX({ deny: true });
    expect(landing.searchParams.get('token')).toBeNull();
    expect(landing.searchParams.get('error')).toMatch(/X sign-in/);
  });

  it('answers 503 with a clear message when X keys are not configured', async () => {
    const bare = await startTestApp({ X_CONSUMER_KEY: '', X_CONSUMER_SECRET: '' }, { workers: false });
    try {
      const res = await bare.http.get('/api/auth/twitter').expect(503);
      expect(res.body.message).toMatch(/X sign-in is not configured/);
    } finally {
      await bare.close();
    }
  });
});
