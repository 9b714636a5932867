import { getModelToken } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import request from 'supertest';

import type { FakeServer } from '../../test/fakes/http-fake';
import { FakeXApi, startFakeXApi } from '../../test/fakes/x-api';
import { type FakeXUser, startFakeXOAuth } from '../../test/fakes/x-oauth';
import { LoginCode } from '../src/auth/challenge.schema';
import { User } from '../src/users/user.schema';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';

const BEARER = 'x-app-bearer-token';

describe('linking an X account from the profile (wallet members earn from their own posts)', () => {
  let t: TestApp;
  let oauth: FakeServer;
  let api: FakeXApi;
  let users: Model<User>;
  let codes: Model<LoginCode>;
  /** The X account that authorizes at the fake X: the test switches it between members. */
  const xUser: FakeXUser = { id: '7001', screenName: 'wallet_runner' };

  beforeAll(async () => {
    oauth = await startFakeXOAuth({ consumerKey: 'ck-test', user: xUser });
    api = await startFakeXApi({ bearerToken: BEARER });
    t = await startTestApp(
      {
        X_CONSUMER_KEY: 'ck-test',
        X_CONSUMER_SECRET: 'cs-test',
        X_OAUTH_BASE_URL: oauth.url,
        X_API_BASE_URL: api.url,
        X_BEARER_TOKEN: BEARER,
      },
      { workers: false },
    );
    users = t.app.get(getModelToken(User.name));
    codes = t.app.get(getModelToken(LoginCode.name));
  });
  afterAll(async () => {
    await t.close();
    await oauth.close();
    await api.close();
  });

  const as = (id: string, screenName: string) => Object.assign(xUser, { id, screenName });
  const linkCode = async (m: SignedIn): Promise<string> => {
    const res = await t.http.post('/api/auth/twitter/link-code').set(m.auth).expect(200);
    expect(res.body.code).toMatch(/^[a-f0-9]{48}$/);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeLessThanOrEqual(120_000);
    return res.body.code;
  };

  /** The start in link mode: X's authorize URL and the cookies that bind this browser to it, or the profile's refusal. */
  async function start(code: string): Promise<{ authorize: URL; cookie: string } | { refused: URL }> {
    const res = await t.http.get('/api/auth/twitter').query({ link: code }).expect(302);
    const location = new URL(res.headers.location);
    if (location.origin !== oauth.url) return { refused: location };
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
    expect(cookies.some((c) => /^sweat_x_state=[a-f0-9]{48}$/.test(c))).toBe(true);
    return { authorize: location, cookie: cookies.join('; ') };
  }

  async function authorizeAtX(authorize: URL): Promise<string> {
    const back = await request(oauth.url)
      .get(authorize.pathname + authorize.search)
      .expect(302);
    const callback = new URL(back.headers.location);
    return callback.pathname + callback.search;
  }

  /** The whole browser path of "LINK_X_ACCOUNT": link code → X → callback → the profile's address. */
  async function linkThroughX(m: SignedIn): Promise<URL> {
    const started = await start(await linkCode(m));
    if ('refused' in started) return started.refused;
    const done = await t.http
      .get(await authorizeAtX(started.authorize))
      .set('Cookie', started.cookie)
      .expect(302);
    return new URL(done.headers.location);
  }

  const profile = async (m: SignedIn) => (await t.http.get('/api/user').set(m.auth).expect(200)).body;
  const balanceOf = async (m: SignedIn) => (await users.findById(m.user.id).lean())!.sweatCredits;
  const validate = (m: SignedIn, id: string) =>
    t.http
      .post('/api/credits/validate-tweet')
      .set(m.auth)
      .send({ userId: m.user.id, tweetUrl: `https://x.com/someone/status/${id}`, referralLink: m.user.referralLink });

  it('links the X account to a wallet member, whose own post then pays +50 while another account’s post is still refused', async () => {
    const me = await signIn(t);
    expect(await profile(me)).toMatchObject({ xLinked: false, twitterHandle: null });
    api.tweets.set('8001', { text: `Train with me ${me.user.referralLink}`, authorId: '7001' });
    expect((await validate(me, '8001').expect(409)).body.code).toBe('TWEET_NO_X_ACCOUNT');

    as('7001', 'wallet_runner');
    const landing = await linkThroughX(me);
    expect(landing.origin + landing.pathname).toBe('http://localhost:3999/profile');
    expect(landing.searchParams.get('xLinked')).toBe('wallet_runner');
    expect(landing.searchParams.get('error')).toBeNull();
    // The same member, not a new account and not a sign-in.
    expect(await profile(me)).toMatchObject({
      id: me.user.id,
      xLinked: true,
      twitterHandle: 'wallet_runner',
      walletAddress: me.user.walletAddress,
    });
    expect(landing.searchParams.get('token')).toBeNull();

    await validate(me, '8001').expect(200);
    expect(await balanceOf(me)).toBe(50);
    api.tweets.set('8002', { text: `Train with me ${me.user.referralLink}`, authorId: '7999' });
    expect((await validate(me, '8002').expect(400)).body.code).toBe('TWEET_NOT_YOURS');
    expect(await balanceOf(me)).toBe(50);

    // Linking the same account again is idempotent; signing in with it reaches this member.
    expect((await linkThroughX(me)).searchParams.get('xLinked')).toBe('wallet_runner');
    expect(await profile(me)).toMatchObject({ xLinked: true, twitterHandle: 'wallet_runner' });
  });

  it('refuses an X account linked to another member (409 X_ACCOUNT_TAKEN) and a second X account, changing nothing', async () => {
    const owner = await signIn(t);
    as('7100', 'taken_handle');
    expect((await linkThroughX(owner)).searchParams.get('xLinked')).toBe('taken_handle');

    const me = await signIn(t);
    const refused = await linkThroughX(me);
    expect(refused.pathname).toBe('/profile');
    expect(refused.searchParams.get('code')).toBe('X_ACCOUNT_TAKEN');
    expect(refused.searchParams.get('error')).toBe('This X account is already linked to another member');
    expect(await profile(me)).toMatchObject({ xLinked: false, twitterHandle: null });
    expect(await profile(owner)).toMatchObject({ xLinked: true, twitterHandle: 'taken_handle' });

    // The owner cannot swap to a second X account either: posts pay from one account.
    as('7101', 'second_handle');
    const second = await linkThroughX(owner);
    expect(second.searchParams.get('code')).toBe('X_ACCOUNT_OTHER_LINKED');
    expect(await profile(owner)).toMatchObject({ twitterHandle: 'taken_handle' });
    // …and the second account stays free for its own member.
    expect((await linkThroughX(me)).searchParams.get('xLinked')).toBe('second_handle');
  });

  it('refuses a link code used twice, expired, or used as a sign-in code, back on the profile with ?error=', async () => {
    const me = await signIn(t);
    as('7200', 'code_tester');
    const code = await linkCode(me);
    expect('authorize' in (await start(code))).toBe(true);
    const again = await start(code);
    expect('refused' in again && again.refused.pathname).toBe('/profile');
    expect('refused' in again && again.refused.searchParams.get('code')).toBe('X_LINK_CODE_USED');

    const stale = await linkCode(me);
    await codes.updateOne({ _id: stale }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await start(stale);
    expect('refused' in expired && expired.refused.searchParams.get('code')).toBe('X_LINK_CODE_USED');

    // A link code is not a sign-in: /verify refuses it.
    expect(
      (
        await t.http
          .get('/api/auth/verify')
          .set('Authorization', `Bearer ${await linkCode(me)}`)
          .expect(401)
      ).body.code,
    ).toBe('AUTH_LOGIN_CODE_USED');
    expect((await t.http.get('/api/auth/twitter').query({ link: 'nope' }).expect(400)).body.code).toBe(
      'VALIDATION_FAILED',
    );
    await t.http.post('/api/auth/twitter/link-code').expect(401);
    expect(await profile(me)).toMatchObject({ xLinked: false });
  });

  it('keeps the browser binding: a link callback opened in a browser that did not start it links nothing', async () => {
    const me = await signIn(t);
    as('7300', 'csrf_target');
    const started = await start(await linkCode(me));
    if (!('authorize' in started)) throw new Error('link did not start');
    const path = await authorizeAtX(started.authorize);
    for (const cookie of [undefined, 'sweat_x_state=00', 'sweat_x_link=1']) {
      const res = await (cookie ? t.http.get(path).set('Cookie', cookie) : t.http.get(path)).expect(302);
      const landing = new URL(res.headers.location);
      expect(landing.searchParams.get('xLinked')).toBeNull();
      expect(landing.searchParams.get('token')).toBeNull();
      expect(landing.searchParams.get('error')).toMatch(/failed/);
    }
    expect(await profile(me)).toMatchObject({ xLinked: false });
    // The browser that started it still completes it.
    const done = await t.http.get(path).set('Cookie', started.cookie).expect(302);
    expect(new URL(done.headers.location).searchParams.get('xLinked')).toBe('csrf_target');
  });
});
