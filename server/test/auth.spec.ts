import { JwtService } from '@nestjs/jwt';
import { Keypair } from '@solana/web3.js';

import { AuthService } from '../src/auth/auth.service';
import { SignedIn, signIn, signMessage, startTestApp, TestApp } from './harness';

describe('Phantom sign-in over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({}, { workers: false })));
  afterAll(() => t.close());

  const challengeFor = async (kp: Keypair) =>
    (await t.http.get('/api/auth/phantom/challenge').query({ walletAddress: kp.publicKey.toBase58() }).expect(200))
      .body as {
      nonce: string;
      message: string;
    };

  it('signs in with a real keypair, creates the user once and answers a working session', async () => {
    const kp = Keypair.generate();
    const first = await signIn(t, kp);
    expect(first.user.walletAddress).toBe(kp.publicKey.toBase58());
    expect(first.user.username).toBe(`${kp.publicKey.toBase58().slice(0, 4)}_${kp.publicKey.toBase58().slice(-4)}`);
    expect(first.user.sweatCredits).toBe(0);
    expect(first.user.referralLink).toBe(`http://localhost:3999/ref/${first.user.username}`);

    const me = await t.http.get('/api/user').set(first.auth).expect(200);
    expect(me.body.id).toBe(first.user.id);
    const verified = await t.http.get('/api/auth/verify').set(first.auth).expect(200);
    expect(verified.body.username).toBe(first.user.username);
    expect(verified.body.token).toBeUndefined();

    const again = await signIn(t, kp);
    expect(again.user.id).toBe(first.user.id);
  });

  it('refuses a replayed signature', async () => {
    const kp = Keypair.generate();
    const { nonce, message } = await challengeFor(kp);
    const body = { walletAddress: kp.publicKey.toBase58(), nonce, signature: signMessage(kp, message) };
    await t.http.post('/api/auth/phantom').send(body).expect(200);
    const replay = await t.http.post('/api/auth/phantom').send(body).expect(401);
    expect(replay.body).toEqual({
      statusCode: 401,
      code: 'AUTH_CHALLENGE_EXPIRED',
      message: expect.stringMatching(/expired or already used/),
      error: 'Unauthorized',
    });
  });

  it('lets exactly one of 20 simultaneous uses of one signed challenge through', async () => {
    const kp = Keypair.generate();
    const { nonce, message } = await challengeFor(kp);
    const body = { walletAddress: kp.publicKey.toBase58(), nonce, signature: signMessage(kp, message) };
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.http
          .post('/api/auth/phantom')
          .send(body)
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(19);
  });

  it('refuses a signature by another wallet, a missing one and one for another nonce', async () => {
    const kp = Keypair.generate();
    const walletAddress = kp.publicKey.toBase58();
    const forged = await challengeFor(kp);
    await t.http
      .post('/api/auth/phantom')
      .send({ walletAddress, nonce: forged.nonce, signature: signMessage(Keypair.generate(), forged.message) })
      .expect(401);
    const missing = await challengeFor(kp);
    await t.http.post('/api/auth/phantom').send({ walletAddress, nonce: missing.nonce }).expect(401);
    // A challenge issued to one wallet cannot sign in another.
    const other = Keypair.generate();
    const foreign = await challengeFor(other);
    await t.http
      .post('/api/auth/phantom')
      .send({ walletAddress, nonce: foreign.nonce, signature: signMessage(kp, foreign.message) })
      .expect(401);
  });

  it('refuses an expired challenge', async () => {
    const kp = Keypair.generate();
    const walletAddress = kp.publicKey.toBase58();
    const stale = await t.app.get(AuthService).challenge(walletAddress, 'signin', new Date(Date.now() - 6 * 60_000));
    await t.http
      .post('/api/auth/phantom')
      .send({ walletAddress, nonce: stale.nonce, signature: signMessage(kp, stale.message) })
      .expect(401);
  });

  it('answers 400 for malformed addresses and operator objects, touching nothing', async () => {
    await t.http.get('/api/auth/phantom/challenge').query({ walletAddress: 'not-an-address' }).expect(400);
    await t.http
      .get('/api/auth/phantom/challenge')
      .query({ walletAddress: '0000000000000000000000000000000000' })
      .expect(400);
    const injected = await t.http
      .post('/api/auth/phantom')
      .send({ walletAddress: { $gt: '' }, nonce: { $ne: null }, signature: 'x' })
      .expect(400);
    expect(injected.body.statusCode).toBe(400);
    expect(injected.body.error).toBe('Validation Failed');
    await t.http
      .post('/api/auth/phantom')
      .send({ walletAddress: Keypair.generate().publicKey.toBase58(), nonce: 'a'.repeat(32), extra: 1 })
      .expect(400);
    await t.http.post('/api/auth/phantom').set('content-type', 'application/json').send('{"broken":').expect(400);
    // Base58 of the right length that is no 32-byte key: valid by the document's pattern, and it has
    // no challenge to answer (the challenge route refuses it), so signing in with it is refused as such.
    const notAKey = '43anxb4uoAGyVgk95bJpTTWG7LdEq3V71';
    await t.http.get('/api/auth/phantom/challenge').query({ walletAddress: notAKey }).expect(400);
    const signIn = await t.http
      .post('/api/auth/phantom')
      .send({ walletAddress: notAKey, nonce: 'a'.repeat(32), signature: 'x' })
      .expect(401);
    expect(signIn.body.code).toBe('AUTH_CHALLENGE_EXPIRED');
  });

  describe('session tokens', () => {
    let session: SignedIn;
    beforeAll(async () => (session = await signIn(t)));

    it('401 without a token, with a garbled one, an expired one or one signed with another key', async () => {
      await t.http.get('/api/user').expect(401);
      await t.http.get('/api/user').set('Authorization', 'Bearer nonsense').expect(401);
      await t.http.get('/api/user').set('Authorization', `Basic ${session.token}`).expect(401);
      const expired = await new JwtService({ secret: t.env.JWT_SECRET }).signAsync(
        { sub: session.user.id, typ: 'session' },
        { expiresIn: -10 },
      );
      await t.http.get('/api/user').set('Authorization', `Bearer ${expired}`).expect(401);
      const foreign = await new JwtService({ secret: 'another-secret-another-secret-another' }).signAsync({
        sub: session.user.id,
        typ: 'session',
      });
      await t.http.get('/api/user').set('Authorization', `Bearer ${foreign}`).expect(401);
      const tampered = session.token.slice(0, -2) + (session.token.endsWith('AA') ? 'BB' : 'AA');
      await t.http.get('/api/auth/verify').set('Authorization', `Bearer ${tampered}`).expect(401);
      await t.http.get('/api/auth/verify').expect(401);
    });
  });

  it('records the referrer from the /ref cookie on first sign-in only, never oneself', async () => {
    const referrer = await signIn(t);
    const ref = await t.http.get(`/ref/${referrer.user.username}`).expect(302);
    const cookie = String(ref.headers['set-cookie']).split(';')[0];
    expect(cookie).toBe(`sweat_ref=${referrer.user.username}`);
    const friend = await signIn(t, Keypair.generate(), cookie);
    const model = t.app.get('UserModel') as import('mongoose').Model<typeof import('../src/users/user.schema').User>;
    const stored = (await model.findById(friend.user.id).lean()) as unknown as { referredBy: { toString(): string } };
    expect(stored.referredBy.toString()).toBe(referrer.user.id);
    // The referrer signing in again with their own link cookie changes nothing.
    await signIn(t, referrer.keypair, `sweat_ref=${referrer.user.username}`);
    const self = (await model.findById(referrer.user.id).lean()) as unknown as { referredBy: unknown };
    expect(self.referredBy).toBeNull();
  });
});

describe('sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '5' }, { workers: false })));
  afterAll(() => t.close());

  it('answers 429 past the per-minute budget', async () => {
    const walletAddress = Keypair.generate().publicKey.toBase58();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await t.http.get('/api/auth/phantom/challenge').query({ walletAddress })).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses).toContain(429);
    const res = await t.http.get('/api/auth/phantom/challenge').query({ walletAddress }).expect(429);
    expect(res.body.message).toMatch(/Too many sign-in attempts/);
  });
});
