import { describe, expect, it } from 'vitest';

import { clockFace, intervalPhases, timerPosition } from './timer.logic';

describe('interval phases of a timed dose', () => {
  it('alternates work and rest for HIIT rounds, with no rest after the last round', () => {
    const phases = intervalPhases('Burpee', {
      kind: 'time',
      sets: 3,
      workSeconds: 40,
      restSeconds: 20,
      eachSide: false,
    })!;
    expect(phases.map((p) => [p.kind, p.seconds, p.label])).toEqual([
      ['work', 40, 'WORK · SET 1/3'],
      ['rest', 20, 'REST'],
      ['work', 40, 'WORK · SET 2/3'],
      ['rest', 20, 'REST'],
      ['work', 40, 'WORK · SET 3/3'],
    ]);
    expect(phases[2].announcement).toBe('Burpee, set 2 of 3: work 40 seconds');
    expect(phases[1].announcement).toBe('Rest 20 seconds');
  });

  it('holds each side of a one-sided move back to back, and a single steady block as one phase', () => {
    const sides = intervalPhases('Side Plank', {
      kind: 'time',
      sets: 2,
      workSeconds: 30,
      restSeconds: 15,
      eachSide: true,
    })!;
    expect(sides.map((p) => p.label)).toEqual([
      'WORK · SET 1/2 · LEFT',
      'WORK · SET 1/2 · RIGHT',
      'REST',
      'WORK · SET 2/2 · LEFT',
      'WORK · SET 2/2 · RIGHT',
    ]);
    expect(sides[1].announcement).toBe('Side Plank, set 1 of 2, right side: work 30 seconds');
    const steady = intervalPhases('Stationary Bike', {
      kind: 'time',
      sets: 1,
      workSeconds: 1200,
      restSeconds: 0,
      eachSide: false,
    })!;
    expect(steady).toEqual([
      { kind: 'work', seconds: 1200, label: 'WORK', announcement: 'Stationary Bike: work 20 minutes' },
    ]);
  });

  it('has no timer for doses the user paces (reps, distance)', () => {
    expect(intervalPhases('Squat', { kind: 'reps', sets: 3, reps: 10, restSeconds: 60, eachSide: false })).toBeNull();
    expect(
      intervalPhases('Row', { kind: 'distance', sets: 1, meters: 1000, restSeconds: 0, eachSide: false }),
    ).toBeNull();
  });
});

describe('where a running timer stands', () => {
  const phases = intervalPhases('Burpee', {
    kind: 'time',
    sets: 2,
    workSeconds: 40,
    restSeconds: 20,
    eachSide: false,
  })!;

  it('moves through the phases by elapsed time, and is done at the end', () => {
    expect(timerPosition(phases, 0)).toEqual({ index: 0, remainingMs: 40_000, done: false });
    expect(timerPosition(phases, 39_999)).toEqual({ index: 0, remainingMs: 1, done: false });
    expect(timerPosition(phases, 40_000)).toEqual({ index: 1, remainingMs: 20_000, done: false });
    expect(timerPosition(phases, 65_000)).toEqual({ index: 2, remainingMs: 35_000, done: false });
    expect(timerPosition(phases, 100_000)).toEqual({ index: 2, remainingMs: 0, done: true });
    expect(timerPosition(phases, 500_000).done).toBe(true);
  });

  it('shows whole seconds rounded up, never 0:00 while a phase runs', () => {
    expect(clockFace(40_000)).toBe('0:40');
    expect(clockFace(1)).toBe('0:01');
    expect(clockFace(0)).toBe('0:00');
    expect(clockFace(725_000)).toBe('12:05');
  });
});
