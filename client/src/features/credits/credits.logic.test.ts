import type { TransactionView } from '@contract';
import { LEDGER_PAGE_SIZE } from '@contract/values';
import { describe, expect, it } from 'vitest';

import {
  balancePoints,
  formatDelta,
  goalAmounts,
  goalHints,
  goalProgressPercent,
  goalTarget,
  isTweetUrl,
  nextLedgerPage,
  tweetIntentUrl,
} from './credits.logic';

describe('credits screen rules', () => {
  it('accepts only non-empty URLs on the two X hosts (docs/product.md)', () => {
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

  it('shows a goal’s progress with its unit, weights (stored in kg) in the user’s', () => {
    expect(goalAmounts({ metric: 'workouts', currentValue: 4, targetValue: 10 }, 'imperial')).toBe(
      '4 / 10 WORKOUT DAYS',
    );
    expect(goalAmounts({ metric: 'streak', currentValue: 2, targetValue: 7 }, 'metric')).toBe('2 / 7 DAYS');
    expect(goalAmounts({ metric: 'weight', currentValue: 80, targetValue: 78.9 }, 'metric')).toBe('80 / 78.9 KG');
    expect(goalAmounts({ metric: 'weight', currentValue: 80, targetValue: 78.9 }, 'imperial')).toBe('176.4 / 173.9 LB');
  });

  it('reads a typed target as the server takes it: a weight in kg from the user’s unit, a decimal comma as a point', () => {
    expect(goalTarget('weight', '78,5', 'metric')).toBe(78.5);
    expect(goalTarget('weight', '173,5', 'imperial')).toBe(78.7);
    expect(goalTarget('weight', '165', 'imperial')).toBe(74.84);
    expect(goalTarget('workouts', '12', 'imperial')).toBe(12);
    expect(goalTarget('streak', '', 'metric')).toBeNull();
    expect(goalTarget('weight', '78.5kg', 'metric')).toBeNaN();
  });

  it('gives the weight goal’s minimum, weekly limit and stake per unit in the user’s unit', () => {
    expect(goalHints('weight', 0, 'metric')).toEqual({
      target:
        "At least 0.5 kg below the weight of your last analysed body-scan report (the calculator's weight does not count)",
      deadline: 'At least 14 days from today; at most 1 kg per week',
      stake: 'Up to 100 credits per kg to lose',
    });
    expect(goalHints('weight', 0, 'imperial')).toEqual({
      target:
        "At least 1.1 lb below the weight of your last analysed body-scan report (the calculator's weight does not count)",
      deadline: 'At least 14 days from today; at most 2.2 lb per week',
      stake: 'Up to 45 credits per lb to lose',
    });
    expect(goalHints('workouts', 0, 'imperial').stake).toBe('Up to 50 credits per workout');
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

describe('nextLedgerPage', () => {
  const page = (length: number) => Array.from({ length }, (_, i) => ({ seq: 1000 - i }) as TransactionView);

  it('asks for entries older than the last one when the page was full', () => {
    expect(nextLedgerPage(page(LEDGER_PAGE_SIZE))).toBe(1000 - LEDGER_PAGE_SIZE + 1);
  });

  it('has no next page after a short page, an empty one, or none yet', () => {
    expect(nextLedgerPage(page(LEDGER_PAGE_SIZE - 1))).toBeUndefined();
    expect(nextLedgerPage([])).toBeUndefined();
    expect(nextLedgerPage(undefined)).toBeUndefined();
  });
});
