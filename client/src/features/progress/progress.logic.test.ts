import type { SessionView } from '@contract';
import { describe, expect, it } from 'vitest';
import { creditsEarned, weeklyTotals } from './progress.logic';

const session = (completedAt: string, creditsEarned: number): SessionView => ({
  id: completedAt,
  workoutId: completedAt,
  workout: { name: 'Run', type: 'cardio', duration: 30 },
  completedAt,
  intensity: 'moderate',
  creditsEarned,
});

describe('weekly totals', () => {
  // Wednesday 2026-11-25: its week starts on Monday 2026-11-23.
  const now = new Date('2026-11-25T12:00:00Z');

  it('buckets sessions by UTC week (Monday first), oldest first, with empty weeks', () => {
    const weeks = weeklyTotals(
      [session('2026-11-23T00:00:00Z', 10), session('2026-11-25T09:00:00Z', 5), session('2026-11-22T23:59:59Z', 7), session('2026-01-01T00:00:00Z', 99)],
      now,
      3,
    );
    expect(weeks).toEqual([
      { label: '11-09', sessions: 0, credits: 0 },
      { label: '11-16', sessions: 1, credits: 7 },
      { label: '11-23', sessions: 2, credits: 15 },
    ]);
  });

  it('sums the credits of every session', () => {
    expect(creditsEarned([session('2026-11-23T00:00:00Z', 10), session('2020-01-01T00:00:00Z', 4)])).toBe(14);
    expect(creditsEarned([])).toBe(0);
  });
});
