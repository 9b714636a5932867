import { describe, expect, it } from 'vitest';
import { balancePoints, earliestGoalDeadline, formatDelta, goalHints, goalProgressPercent, isTweetUrl, tweetIntentUrl } from './credits.logic';

describe('credits screen rules', () => {
  it('accepts only non-empty URLs on the two X hosts (SPEC §5)', () => {
    expect(isTweetUrl('https://x.com/a/status/1')).toBe(true);
    expect(isTweetUrl(' https://mobile.twitter.com/a/status/1 ')).toBe(true);
    expect(isTweetUrl('')).toBe(false);
    expect(isTweetUrl('   ')).toBe(false);
    expect(isTweetUrl('https://example.com/a/status/1')).toBe(false);
  });

  it('prefills the compose page with the link', () => {
    const url = new URL(tweetIntentUrl('http://localhost:3000/ref/kai'));
    expect(url.searchParams.get('text')).toMatch(/http:\/\/localhost:3000\/ref\/kai$/);
  });

  it('draws a goal bar as current over target, target over current for weight, capped at 100', () => {
    expect(goalProgressPercent({ metric: 'workouts', currentValue: 3, targetValue: 12 })).toBe(25);
    expect(goalProgressPercent({ metric: 'streak', currentValue: 9, targetValue: 7 })).toBe(100);
    expect(goalProgressPercent({ metric: 'weight', currentValue: 80, targetValue: 76 })).toBe(95);
    expect(goalProgressPercent({ metric: 'weight', currentValue: 0, targetValue: 76 })).toBe(0);
  });

  it("puts a goal's earliest deadline at its metric's minimum days, and one session or streak day a day", () => {
    const now = new Date('2025-03-01T12:00:00Z');
    expect(earliestGoalDeadline('workouts', 3, now)).toBe('2025-03-08');
    expect(earliestGoalDeadline('workouts', 10, now)).toBe('2025-03-11');
    expect(earliestGoalDeadline('streak', 3, now)).toBe('2025-03-04');
    expect(earliestGoalDeadline('weight', 75, now)).toBe('2025-03-15');
  });

  it('hints what each goal metric needs at least and what it may stake', () => {
    expect(goalHints('streak')).toEqual({
      target: 'At least 3 days in a row of validated daily proofs',
      deadline: 'At least 3 days from today',
      stake: 'Stake up to 20 credits per streak day',
    });
    expect(goalHints('weight').stake).toBe('Stake up to 100 credits per kg to lose');
  });

  it('charts balances oldest first and signs deltas', () => {
    const rows = [
      { id: 'b', seq: 2, createdAt: '2025-03-02T00:00:00Z', reason: '', kind: '', amount: -5, balance: 5, ref: null },
      { id: 'a', seq: 1, createdAt: '2025-03-01T00:00:00Z', reason: '', kind: '', amount: 10, balance: 10, ref: null },
    ];
    expect(balancePoints(rows).map((p) => p.value)).toEqual([10, 5]);
    expect([formatDelta(10), formatDelta(-5)]).toEqual(['+10', '-5']);
  });
});
