import { describe, expect, it } from 'vitest';

import { adjustRest, readRest, restLeft, startRest } from './restTimer.logic';

describe('the rest timer', () => {
  const now = 1_000_000;

  it('runs the prescribed rest from the moment a set is logged', () => {
    const rest = startRest(90, 'Back Squat', now)!;
    expect(restLeft(rest, now)).toBe(90);
    expect(restLeft(rest, now + 30_500)).toBe(60);
    expect(restLeft(rest, now + 91_000)).toBe(0);
    expect(startRest(0, 'Stretch', now)).toBeNull();
  });

  it('takes +15 s and −15 s, and a rest taken to nothing is over', () => {
    const rest = startRest(30, 'Row', now)!;
    expect(restLeft(adjustRest(rest, 15, now)!, now)).toBe(45);
    expect(restLeft(adjustRest(rest, -15, now)!, now)).toBe(15);
    expect(adjustRest(adjustRest(rest, -15, now)!, -15, now)).toBeNull();
  });

  it('reads back what it stored, and nothing else', () => {
    const rest = startRest(60, 'Bench', now)!;
    expect(readRest(JSON.stringify(rest))).toEqual(rest);
    expect(readRest('{"endsAt":"soon"}')).toBeNull();
    expect(readRest('not json')).toBeNull();
    expect(readRest(null)).toBeNull();
  });
});
