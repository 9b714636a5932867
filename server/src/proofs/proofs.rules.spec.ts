import { effectiveStreak } from '../users/users.rules';
import {
  challengeCode,
  describeMissing,
  describeRefusal,
  missingKinds,
  nextStreak,
  proofDay,
  resolveTimeZone,
} from './proofs.rules';

/** A clock for one user: validations happen at chosen instants, the day comes from the time zone. */
function streakClock(timeZone: string) {
  let last: { day: string; streakAfter: number } | null = null;
  return (isoInstant: string) => {
    const today = proofDay(new Date(isoInstant), timeZone);
    const step = nextStreak(last, today);
    if (step.ok) last = { day: today, streakAfter: step.streak };
    return step.ok ? step.streak : step.reason;
  };
}

describe('streak rules', () => {
  it('starts at 1 the first time ever', () => {
    expect(nextStreak(null, '2026-11-23')).toEqual({ ok: true, streak: 1 });
  });

  it('adds 1 on consecutive days, across a month and a year boundary', () => {
    const validate = streakClock('UTC');
    expect(validate('2026-12-30T10:00:00Z')).toBe(1);
    expect(validate('2026-12-31T23:59:59Z')).toBe(2);
    expect(validate('2027-01-01T00:00:00Z')).toBe(3);
    expect(validate('2027-01-02T12:00:00Z')).toBe(4);
  });

  it('restarts at 1 after a missed day', () => {
    const validate = streakClock('UTC');
    expect(validate('2026-11-20T10:00:00Z')).toBe(1);
    expect(validate('2026-11-21T10:00:00Z')).toBe(2);
    expect(validate('2026-11-23T10:00:00Z')).toBe(1);
  });

  it('refuses the same day twice, and a day before the last one', () => {
    const validate = streakClock('UTC');
    expect(validate('2026-11-23T00:00:01Z')).toBe(1);
    expect(validate('2026-11-23T23:59:59Z')).toBe('already-validated');
    expect(nextStreak({ day: '2026-11-24', streakAfter: 3 }, '2026-11-23')).toEqual({
      ok: false,
      reason: 'already-validated',
    });
  });

  it('counts days in the user time zone, not UTC', () => {
    // 23:30 in Los Angeles on the 22nd is already the 23rd in UTC; the next evening is the 23rd there.
    const la = streakClock('America/Los_Angeles');
    expect(la('2026-11-23T07:30:00Z')).toBe(1); // 22nd, 23:30 local
    expect(la('2026-11-24T04:00:00Z')).toBe(2); // 23rd, 20:00 local: consecutive, though 2 UTC days apart
    // The same two instants in UTC are two days apart (the 23rd, then the 24th): consecutive too.
    const utc = streakClock('UTC');
    expect(utc('2026-11-23T07:30:00Z')).toBe(1);
    expect(utc('2026-11-24T04:00:00Z')).toBe(2);
    // Tokyo: 00:30 and 23:30 local on the same day are one day: the second is refused.
    const tokyo = streakClock('Asia/Tokyo');
    expect(tokyo('2026-11-22T15:30:00Z')).toBe(1);
    expect(tokyo('2026-11-23T14:30:00Z')).toBe('already-validated');
  });

  it('reads a streak as 0 once a day is missed, in the user time zone', () => {
    expect(effectiveStreak(5, '2026-11-22', proofDay(new Date('2026-11-23T12:00:00Z'), 'UTC'))).toBe(5);
    expect(effectiveStreak(5, '2026-11-21', proofDay(new Date('2026-11-23T12:00:00Z'), 'UTC'))).toBe(0);
    // 05:00 UTC on the 24th is still the 23rd in Los Angeles: a proof on the 22nd keeps the streak alive there.
    expect(effectiveStreak(5, '2026-11-22', proofDay(new Date('2026-11-24T05:00:00Z'), 'America/Los_Angeles'))).toBe(5);
    expect(effectiveStreak(5, '2026-11-22', proofDay(new Date('2026-11-24T05:00:00Z'), 'UTC'))).toBe(0);
  });
});

describe('time zones', () => {
  it('accepts IANA names, defaults to UTC, refuses anything else', () => {
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(resolveTimeZone('')).toBeNull();
  });
});

describe('challenge code', () => {
  it('is 6 unambiguous characters, stable per user and day, different across days and users', () => {
    const code = challengeCode('secret', 'user-a', '2026-11-23');
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(challengeCode('secret', 'user-a', '2026-11-23')).toBe(code);
    expect(challengeCode('secret', 'user-a', '2026-11-24')).not.toBe(code);
    expect(challengeCode('secret', 'user-b', '2026-11-23')).not.toBe(code);
    expect(challengeCode('other-secret', 'user-a', '2026-11-23')).not.toBe(code);
  });
});

describe('completeness', () => {
  it('names the missing kinds', () => {
    expect(missingKinds({ gym_selfie: 'a', workout_video: 'b', apple_watch: 'c' })).toEqual([]);
    expect(missingKinds({ gym_selfie: 'a' })).toEqual(['workout_video', 'apple_watch']);
    expect(describeMissing(['workout_video'])).toBe('All 3 proofs are needed: the workout video is missing');
    expect(describeMissing(['gym_selfie', 'workout_video', 'apple_watch'])).toBe(
      'All 3 proofs are needed: the gym selfie, workout video and activity-watch screenshot are missing',
    );
  });
});

describe('refusal message', () => {
  const pass = { name: 'file', passed: true, reason: 'Image 800×600' } as const;
  it('names each refused file with the reasons of its failed checks, in the product’s order', () => {
    expect(describeRefusal({ gym_selfie: [pass], workout_video: [pass] })).toBeNull();
    expect(
      describeRefusal({
        apple_watch: [pass, { name: 'activity', passed: false, reason: 'No activity figures' }],
        gym_selfie: [
          pass,
          { name: 'person', passed: false, reason: 'No person found in the selfie' },
          { name: 'code', passed: false, reason: 'Code 7K2Q9X not found' },
        ],
      }),
    ).toBe(
      'Gym selfie: No person found in the selfie; Code 7K2Q9X not found. Activity-watch screenshot: No activity figures',
    );
  });
});
