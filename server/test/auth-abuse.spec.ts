import { JwtService } from '@nestjs/jwt';
import { Keypair } from '@solana/web3.js';
import { TestApp, signIn, signMessage, startTestApp } from './harness';

// Replays, foreign signatures, expired and garbled tokens are in auth.spec.ts; these are the rest.

/** The limiter counts per wall-clock minute: start a burst with a few seconds of that minute left. */
async function awayFromMinuteBoundary() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5000) await new Promise((r) => setTimeout(r, left + 100));
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('session token abuse', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({}, { workers: false })));
  afterAll(() => t.close());

  it("refuses an unsigned `alg: none` token naming a real user", async () => {
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

  it('answers a well-signed token for a user that does not exist with a 4xx, never a 5xx', async () => {
    const ghost = await new JwtService({ secret: t.env.JWT_SECRET }).signAsync({ sub: '0123456789abcdef01234567', typ: 'session' });
    const res = await t.http.get('/api/user').set('Authorization', `Bearer ${ghost}`);
    expect([401, 404]).toContain(res.status);
    const garbage = await new JwtService({ secret: t.env.JWT_SECRET }).signAsync({ sub: 'not-an-id', typ: 'session' });
    const res2 = await t.http.get('/api/user').set('Authorization', `Bearer ${garbage}`);
    expect([400, 401, 404]).toContain(res2.status);
  });
});

describe('bursts on sign-in', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10' }, { workers: false })));
  afterAll(() => t.close());

  it('answers 429 to a burst of sign-in posts past the budget, and the budget covers challenge and post together', async () => {
    await awayFromMinuteBoundary();
    const kp = Keypair.generate();
    const walletAddress = kp.publicKey.toBase58();
    const challenge = await t.http.get('/api/auth/phantom/challenge').query({ walletAddress }).expect(200);
    const body = { walletAddress, nonce: challenge.body.nonce, signature: signMessage(Keypair.generate(), challenge.body.message) };
    const statuses = await Promise.all(Array.from({ length: 30 }, () => t.http.post('/api/auth/phantom').send(body).then((r) => r.status)));
    // One challenge was already counted: at most 9 posts reach the signature check, the rest are 429.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(9);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(21);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // The budget is per address and shared: a good signature now also waits.
    const fresh = await t.http.get('/api/auth/phantom/challenge').query({ walletAddress });
    expect(fresh.status).toBe(429);
    expect(fresh.headers['retry-after']).toMatch(/^\d+$/);
  });
});
