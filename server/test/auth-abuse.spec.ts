import { randomBytes, randomUUID } from 'node:crypto';

import { JwtService } from '@nestjs/jwt';
import { Keypair } from '@solana/web3.js';

import { SessionsRepository } from '../src/auth/sessions.repository';
import { SessionsService } from '../src/auth/sessions.service';
import { RedisService } from '../src/redis/redis.service';
import { signIn, signMessage, startTestApp, TestApp } from './harness';
import { awayFromMinuteBoundary } from './support/rate-limit-minute';

// Replays, foreign signatures, expired and garbled tokens are in auth.spec.ts; these are the rest.

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session token abuse', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({}, { workers: false })));
  afterAll(() => t.close());

  it('refuses an unsigned `alg: none` token naming a real user', async () => {
    const victim = await signIn(t);
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ sub: victim.user.id, typ: 'session' })}.`;
    await t.http.get('/api/user').set('Authorization', `Bearer ${unsigned}`).expect(401);
    await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${unsigned}`).expect(401);
  });

  it("refuses a real token whose payload was swapped for another user's id", async () => {
    const [attacker, victim] = [await signIn(t), await signIn(t)];
    const [header, , signature] = attacker.token.split('.');
    const payload = JSON.parse(Buffer.from(attacker.token.split('.')[1], 'base64url').toString());
    const forged = `${header}.${base64url({ ...payload, sub: victim.user.id })}.${signature}`;
    await t.http.get('/api/user').set('Authorization', `Bearer ${forged}`).expect(401);
  });

  it('refuses a token signed with the right key but the wrong algorithm or purpose', async () => {
    const user = await signIn(t);
    const jwt = new JwtService({ secret: t.env.JWT_SECRET });
    const hs512 = await jwt.signAsync({ sub: user.user.id, typ: 'session' }, { algorithm: 'HS512' });
    await t.http.get('/api/user').set('Authorization', `Bearer ${hs512}`).expect(401);
    const notSession = await jwt.signAsync({ sub: user.user.id, typ: 'login-code' });
    await t.http.get('/api/user').set('Authorization', `Bearer ${notSession}`).expect(401);
  });

  /** A token signed with the server's key, whole unless `claims` says otherwise. */
  const signed = (claims: Record<string, unknown>, options: { expiresIn?: number } = { expiresIn: 3600 }) =>
    new JwtService({ secret: t.env.JWT_SECRET }).signAsync(
      { typ: 'session', jti: randomUUID(), ep: 0, ...claims },
      options,
    );

  it('answers 401 to a well-signed token whose user does not exist, on reads and on writes that would create records', async () => {
    const ghost = { Authorization: `Bearer ${await signed({ sub: '0123456789abcdef01234567' })}` };
    const routes = [
      ['get', '/api/user'],
      ['get', '/api/goals'],
      ['get', '/api/transactions/0123456789abcdef01234567'],
      ['post', '/api/bmi/upload-url'],
      ['post', '/api/proof/upload-url'],
    ] as const;
    const answers = [];
    for (const [method, path] of routes)
      answers.push(
        `${method} ${path} → ${
          (
            await t.http[method](path)
              .set(ghost)
              .send(method === 'post' ? {} : undefined)
          ).status
        }`,
      );
    expect(answers).toEqual(routes.map(([method, path]) => `${method} ${path} → 401`));
  });

  it('answers 401 to a token whose subject is not an id, and to one without exp', async () => {
    const user = await signIn(t);
    for (const sub of ['not-an-id', '', '0123456789abcdef0123456z']) {
      await t.http
        .get('/api/user')
        .set('Authorization', `Bearer ${await signed({ sub })}`)
        .expect(401);
      await t.http
        .get('/api/goals')
        .set('Authorization', `Bearer ${await signed({ sub })}`)
        .expect(401);
    }
    const forever = await signed({ sub: user.user.id }, {});
    expect(JSON.parse(Buffer.from(forever.split('.')[1], 'base64url').toString()).exp).toBeUndefined();
    await t.http.get('/api/user').set('Authorization', `Bearer ${forever}`).expect(401);
  });
});

describe('signing out on the server', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({}, { workers: false })));
  afterAll(() => t.close());

  it("logout refuses this token from then on, and the account's other sessions go on", async () => {
    const phone = await signIn(t);
    const laptop = await signIn(t, phone.keypair);
    // The session check's read of the user serves the logout too: no second read of the list.
    const reread = jest.spyOn(SessionsRepository.prototype, 'findRevoked');
    await t.http.post('/api/auth/logout').set(phone.auth).expect(200, { ok: true });
    expect(reread).not.toHaveBeenCalled();
    reread.mockRestore();
    const after = await t.http.get('/api/user').set(phone.auth).expect(401);
    expect(after.body.message).toBe('This session was signed out, please sign in again');
    await t.http.get('/api/auth/verify').set(phone.auth).expect(401);
    await t.http.post('/api/auth/logout').set(phone.auth).expect(401);
    await t.http.get('/api/user').set(laptop.auth).expect(200);
  });

  it('logout-all refuses every earlier session of the account, and a new sign-in works', async () => {
    const phone = await signIn(t);
    const laptop = await signIn(t, phone.keypair);
    const stranger = await signIn(t);
    await t.http.post('/api/auth/logout-all').set(laptop.auth).expect(200, { ok: true });
    await t.http.get('/api/user').set(phone.auth).expect(401);
    await t.http.get('/api/user').set(laptop.auth).expect(401);
    await t.http.get('/api/user').set(stranger.auth).expect(200);
    const again = await signIn(t, phone.keypair);
    await t.http.get('/api/user').set(again.auth).expect(200);
  });

  it('forgets signed-out sessions once they expire, and past 50 live ones a sign-out ends them all', async () => {
    const me = await signIn(t);
    const sessions = t.app.get(SessionsService);
    const now = Date.now();
    await sessions.revokeSession(me.user.id, randomUUID(), Math.floor(now / 1000) + 1);
    await sessions.revokeSession(me.user.id, randomUUID(), Math.floor(now / 1000) + 3600, now + 2000);
    const remembered = () =>
      t.app
        .get(SessionsRepository)
        .findRevoked(me.user.id)
        .then((sessions) => Object.keys(sessions).length);
    expect(await remembered()).toBe(1);
    for (let i = 0; i < 50; i++) await sessions.revokeSession(me.user.id, randomUUID(), Math.floor(now / 1000) + 3600);
    await t.http.get('/api/user').set(me.auth).expect(401);
    expect(await remembered()).toBe(0);
  });
});

describe('bursts on credential checks (10 a minute per address)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10' }, { workers: false })));
  afterAll(() => t.close());
  // Every test here comes from 127.0.0.1: each starts with that address's budget untouched.
  beforeEach(async () => {
    await awayFromMinuteBoundary();
    const redis = t.app.get(RedisService);
    const counters = await redis.client.keys(redis.key('ratelimit', '*'));
    if (counters.length) await redis.client.del(...counters);
  });

  it('answers 429 to a burst of sign-in posts past the budget, and the budget covers challenge and post together', async () => {
    const kp = Keypair.generate();
    const walletAddress = kp.publicKey.toBase58();
    const challenge = await t.http.get('/api/auth/phantom/challenge').query({ walletAddress }).expect(200);
    const body = {
      walletAddress,
      nonce: challenge.body.nonce,
      signature: signMessage(Keypair.generate(), challenge.body.message),
    };
    const statuses = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.http
          .post('/api/auth/phantom')
          .send(body)
          .then((r) => r.status),
      ),
    );
    // One challenge was already counted: at most 9 posts reach the signature check, the rest are 429.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(9);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(21);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The budget is per address and shared: a good signature now also waits.
    const fresh = await t.http.get('/api/auth/phantom/challenge').query({ walletAddress });
    expect(fresh.status).toBe(429);
    expect(fresh.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('counts a client that names a new X-Forwarded-For on every request as the one it is (no proxy is trusted by default)', async () => {
    const walletAddress = Keypair.generate().publicKey.toBase58();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        (
          await t.http
            .get('/api/auth/phantom/challenge')
            .set('X-Forwarded-For', `198.51.100.${i}`)
            .query({ walletAddress })
        ).status,
      );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
  });

  it('limits guessing login codes at /api/auth/verify, while session tokens are checked at any pace', async () => {
    const me = await signIn(t);
    const guesses: number[] = [];
    for (let i = 0; i < 40; i++)
      guesses.push(
        (await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${randomBytes(24).toString('hex')}`)).status,
      );
    // The sign-in above spent 2 of the 10.
    expect(guesses.filter((s) => s === 401)).toHaveLength(8);
    expect(guesses.filter((s) => s === 429)).toHaveLength(32);
    const limited = await t.http
      .get('/api/auth/verify')
      .set('Authorization', `Bearer ${randomBytes(24).toString('hex')}`)
      .expect(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    for (let i = 0; i < 15; i++) await t.http.get('/api/auth/verify').set(me.auth).expect(200);
  });

  it('limits the X sign-in callback too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++)
      statuses.push(
        (await t.http.get('/api/auth/twitter/callback').query({ oauth_token: `t${i}`, oauth_verifier: 'v' })).status,
      );
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});

describe('behind a configured proxy (TRUST_PROXY=loopback)', () => {
  let t: TestApp;
  beforeAll(
    async () =>
      (t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10', TRUST_PROXY: 'loopback' }, { workers: false })),
  );
  afterAll(() => t.close());

  it('counts each forwarded client apart, the address the proxy saw, not what the client wrote before it', async () => {
    await awayFromMinuteBoundary();
    const walletAddress = Keypair.generate().publicKey.toBase58();
    const from = async (forwarded: string) =>
      (await t.http.get('/api/auth/phantom/challenge').set('X-Forwarded-For', forwarded).query({ walletAddress }))
        .status;
    const first: number[] = [];
    // The client writes its own X-Forwarded-For, the proxy appends the address it saw: the last one counts.
    for (let i = 0; i < 12; i++) first.push(await from(`10.9.9.${i}, 203.0.113.1`));
    expect(first.filter((s) => s === 429)).toHaveLength(2);
    expect(await from('203.0.113.2')).toBe(200);
  });
});
