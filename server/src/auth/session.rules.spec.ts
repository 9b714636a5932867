import { isLoginCode, MAX_REVOKED_SESSIONS, revocationPlan, sessionClaims } from './session.rules';

const whole = {
  sub: '0123456789abcdef01234567',
  typ: 'session',
  jti: '123e4567-e89b-42d3-a456-426614174000',
  ep: 0,
  iat: 100,
  exp: 200,
};

describe('sessionClaims', () => {
  it('takes a whole session token', () => {
    expect(sessionClaims(whole)).toEqual(whole);
  });

  it.each([
    ['no exp', { ...whole, exp: undefined }],
    ['no token id', { ...whole, jti: undefined }],
    ['no epoch', { ...whole, ep: undefined }],
    ['a subject that is not an id', { ...whole, sub: 'not-an-id' }],
    ['an operator as subject', { ...whole, sub: { $ne: null } }],
    ['another purpose', { ...whole, typ: 'login-code' }],
    ['a text exp', { ...whole, exp: '200' }],
  ])('refuses a token with %s', (_, claims) => {
    expect(sessionClaims(claims)).toBeNull();
  });

  it('refuses what is not an object', () => {
    expect(sessionClaims(null)).toBeNull();
    expect(sessionClaims('token')).toBeNull();
  });
});

describe('revocationPlan', () => {
  it('forgets signed-out sessions that have expired anyway', () => {
    expect(revocationPlan({ a: 99, b: 100, c: 101 }, 100)).toEqual({ expired: ['a', 'b'], endAll: false });
  });

  it('ends every session once the live signed-out list is full', () => {
    const live = Object.fromEntries(Array.from({ length: MAX_REVOKED_SESSIONS }, (_, i) => [`s${i}`, 1000]));
    expect(revocationPlan(live, 100).endAll).toBe(true);
    expect(revocationPlan({ ...live, s0: 50 }, 100)).toEqual({ expired: ['s0'], endAll: false });
  });
});

describe('isLoginCode', () => {
  it('tells a login code from a session token', () => {
    expect(isLoginCode('ab'.repeat(24))).toBe(true);
    expect(isLoginCode('ab'.repeat(23))).toBe(false);
    expect(isLoginCode('AB'.repeat(24))).toBe(false);
    expect(isLoginCode('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(false);
  });
});
