import { budgetKey } from './rate-limit.rules';

describe('budgetKey', () => {
  it('counts an IPv4 client by its address, written either way', () => {
    expect(budgetKey('203.0.113.7')).toBe('203.0.113.7');
    expect(budgetKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(budgetKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 client by its /64, however the address is abbreviated', () => {
    const key = '2001:db8:0:12::/64';
    expect(budgetKey('2001:db8:0:12::1')).toBe(key);
    expect(budgetKey('2001:0db8:0000:0012:abcd:ef01:2345:6789')).toBe(key);
    expect(budgetKey('2001:DB8::12:1:2:3:4')).toBe('2001:db8:0:12::/64');
    expect(budgetKey('2001:db8:0:12:ffff::%eth0')).toBe(key);
    expect(budgetKey('2001:db8:0:13::1')).not.toBe(key);
  });

  it('puts loopback and unknown clients under one key each', () => {
    expect(budgetKey('::1')).toBe('0:0:0:0::/64');
    expect(budgetKey(undefined)).toBe('unknown');
  });
});
