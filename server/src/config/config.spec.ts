import { trustProxySetting } from './config';

describe('trustProxySetting (TRUST_PROXY)', () => {
  it('trusts no proxy when unset or none', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('none')).toBe(false);
  });

  it('takes a hop count, named ranges, addresses and CIDR ranges', () => {
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting('uniquelocal')).toEqual(['uniquelocal']);
    expect(trustProxySetting('loopback, 10.0.0.0/8,fd00::1')).toEqual(['loopback', '10.0.0.0/8', 'fd00::1']);
  });

  it('refuses anything else (Express would fail on it later, or trust every client for "true")', () => {
    for (const value of ['true', 'nginx', '10.0.0.0/8/1', '10.0.0.0/abc', 'loopback,,uniquelocal']) expect(trustProxySetting(value)).toBeNull();
  });
});
