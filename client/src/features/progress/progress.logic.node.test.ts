// @vitest-environment node
import type { SessionView } from '@contract';
import { describe, expect, it } from 'vitest';

import { useTimeZones } from '../../test/time-zone.node';
import { creditsEarned, weeklyActiveMinutes, weeklyTotals } from './progress.logic';

const session = (completedAt: string, creditsEarned: number): SessionView => ({
  id: completedAt,
  workoutId: completedAt,
  workout: { name: 'Run', type: 'cardio', duration: 30 },
  completedAt,
  intensity: 'moderate',
  creditsEarned,
});

describe('weekly totals', () => {
  const setTimeZone = useTimeZones();

  it('buckets sessions by week (Monday first), oldest first, with empty weeks', () => {
    setTimeZone('UTC');
    // Wednesday 2026-11-25: its week starts on Monday 2026-11-23.
    const weeks = weeklyTotals(
      [
        session('2026-11-23T00:00:00Z', 10),
        session('2026-11-25T09:00:00Z', 5),
        session('2026-11-22T23:59:59Z', 7),
        session('2026-01-01T00:00:00Z', 99),
      ],
      new Date('2026-11-25T12:00:00Z'),
      3,
    );
    expect(weeks).toEqual([
      { label: 'Nov 9', sessions: 0, credits: 0 },
      { label: 'Nov 16', sessions: 1, credits: 7 },
      { label: 'Nov 23', sessions: 2, credits: 15 },
    ]);
  });

  it("puts a session in the week of the user's own calendar day", () => {
    setTimeZone('America/Los_Angeles');
    // Monday 05:00 UTC is still Sunday evening in Los Angeles: the week that is ending.
    const sundayEvening = session('2026-11-23T05:00:00Z', 8);
    const weeks = weeklyTotals([sundayEvening], new Date('2026-11-25T20:00:00Z'), 2);
    expect(weeks).toEqual([
      { label: 'Nov 16', sessions: 1, credits: 8 },
      { label: 'Nov 23', sessions: 0, credits: 0 },
    ]);
  });

  it('keeps weeks on Mondays across a daylight-saving change', () => {
    setTimeZone('America/New_York');
    // Clocks went back on Sunday 2026-11-01: weeks still start at Monday midnight on both sides.
    const weeks = weeklyTotals(
      [session('2026-10-26T04:30:00Z', 3), session('2026-11-02T05:30:00Z', 4)],
      new Date('2026-11-04T12:00:00Z'),
      2,
    );
    expect(weeks).toEqual([
      { label: 'Oct 26', sessions: 1, credits: 3 },
      { label: 'Nov 2', sessions: 1, credits: 4 },
    ]);
  });

  it('sums the credits of every session', () => {
    expect(creditsEarned([session('2026-11-23T00:00:00Z', 10), session('2020-01-01T00:00:00Z', 4)])).toBe(14);
    expect(creditsEarned([])).toBe(0);
  });
});

describe('weekly active minutes', () => {
  const setTimeZone = useTimeZones();

  it('adds each imported activity’s minutes to its week, empty weeks included', () => {
    setTimeZone('UTC');
    const activity = (startedAt: string, minutes: number) => ({ startedAt, durationSeconds: minutes * 60 });
    expect(
      weeklyActiveMinutes(
        [
          activity('2026-11-23T07:00:00Z', 35),
          activity('2026-11-25T18:00:00Z', 95.4),
          activity('2026-11-20T07:00:00Z', 12),
          activity('2025-01-01T07:00:00Z', 60),
        ],
        new Date('2026-11-25T20:00:00Z'),
        3,
      ),
    ).toEqual([
      { label: 'Nov 9', value: 0 },
      { label: 'Nov 16', value: 12 },
      { label: 'Nov 23', value: 130 },
    ]);
  });
});
