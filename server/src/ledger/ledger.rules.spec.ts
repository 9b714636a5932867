import { chainProblems, retryDelayMs } from './ledger.rules';

describe('ledger chain rules', () => {
  it('accepts a contiguous chain whose balances add up', () => {
    expect(
      chainProblems([
        { seq: 1, amount: 100, balanceAfter: 100 },
        { seq: 2, amount: -40, balanceAfter: 60 },
      ]),
    ).toEqual([]);
    expect(chainProblems([])).toEqual([]);
  });

  it('names gaps, wrong arithmetic and negative balances', () => {
    expect(chainProblems([{ seq: 2, amount: 5, balanceAfter: 5 }])).toEqual(['seq 2 where 1 was expected']);
    expect(chainProblems([{ seq: 1, amount: 5, balanceAfter: 6 }])[0]).toMatch(/balanceAfter 6/);
    expect(chainProblems([{ seq: 1, amount: -5, balanceAfter: -5 }])).toEqual(['seq 1: negative balance -5']);
    expect(chainProblems([{ seq: 1, amount: 1.5, balanceAfter: 1.5 }])[0]).toMatch(/not a whole number/);
  });

  it('spreads retries within a growing, capped window', () => {
    expect(retryDelayMs(0, () => 0.999)).toBeLessThan(5);
    expect(retryDelayMs(3, () => 0.999)).toBeLessThan(40);
    expect(retryDelayMs(30, () => 0.999)).toBeLessThan(200);
    expect(retryDelayMs(5, () => 0)).toBe(0);
  });
});
