import { CompleteWorkoutRequest, GenerateWorkoutRequest, sessionCredits, sessionIntensity } from '../contract';
import {
  checkTicked,
  creditsReward,
  fitnessLevel,
  isOpenWorkout,
  SESSION_OPEN_MS,
  trainingHistory,
} from './workouts.rules';

describe('session credits and intensity at the boundaries', () => {
  // 1000 exercises make 49.9 % and 79.9 % exact.
  const cases: Array<[number, number, string, number]> = [
    [0, 1000, 'light', 0],
    [499, 1000, 'light', 20],
    [500, 1000, 'moderate', 20],
    [799, 1000, 'moderate', 32],
    [800, 1000, 'intense', 32],
    [1000, 1000, 'intense', 40],
  ];
  it.each(cases)('%i of %i ticked → %s, credits of a 40 reward', (ticked, total, intensity, credits) => {
    expect(sessionIntensity(ticked, total)).toBe(intensity);
    expect(sessionCredits(40, ticked, total)).toBe(credits);
  });

  it('rounds half up and never pays more than the reward', () => {
    expect(sessionCredits(21, 1, 2)).toBe(11);
    expect(sessionCredits(21, 1, 3)).toBe(7);
    expect(sessionCredits(21, 9, 3)).toBe(21);
    expect(sessionCredits(21, 0, 0)).toBe(0);
  });

  it('pays more for longer and harder workouts', () => {
    expect(creditsReward(15, 'beginner')).toBe(5);
    expect(creditsReward(45, 'intermediate')).toBe(21);
    expect(creditsReward(60, 'advanced')).toBe(40);
  });

  it('ignores duplicate ticks and names unknown ids', () => {
    expect(checkTicked(['e1', 'e1', 'x9'], ['e1', 'e2'])).toEqual({ known: ['e1'], unknown: ['x9'] });
  });
});

describe('fitness level', () => {
  it('climbs with volume and regularity, and falls after a break', () => {
    expect(fitnessLevel({ totalSessions: 0, sessionsLast30Days: 0, hardSessionsLast30Days: 0 })).toBe('beginner');
    expect(fitnessLevel({ totalSessions: 10, sessionsLast30Days: 6, hardSessionsLast30Days: 0 })).toBe('intermediate');
    expect(fitnessLevel({ totalSessions: 10, sessionsLast30Days: 5, hardSessionsLast30Days: 5 })).toBe('beginner');
    expect(fitnessLevel({ totalSessions: 40, sessionsLast30Days: 12, hardSessionsLast30Days: 8 })).toBe('advanced');
    expect(fitnessLevel({ totalSessions: 40, sessionsLast30Days: 12, hardSessionsLast30Days: 7 })).toBe('intermediate');
    expect(fitnessLevel({ totalSessions: 200, sessionsLast30Days: 0, hardSessionsLast30Days: 0 })).toBe('beginner');
  });
});

describe('training history from sessions', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
  it('counts every session, the last 30 days (inclusive) and the moderate or intense among them', () => {
    const sessions = [
      { completedAt: daysAgo(0), intensity: 'intense' as const },
      { completedAt: daysAgo(10), intensity: 'light' as const },
      { completedAt: daysAgo(30), intensity: 'moderate' as const },
      { completedAt: daysAgo(30.01), intensity: 'intense' as const },
      { completedAt: daysAgo(90), intensity: 'moderate' as const },
    ];
    expect(trainingHistory(sessions.length, sessions, now)).toEqual({
      totalSessions: 5,
      sessionsLast30Days: 3,
      hardSessionsLast30Days: 2,
    });
    expect(trainingHistory(0, [], now)).toEqual({ totalSessions: 0, sessionsLast30Days: 0, hardSessionsLast30Days: 0 });
  });
});

describe('generator options (docs/product.md)', () => {
  const userId = '65f0c0ffee0000000000beef';
  it('fills the defaults strength / intermediate / 45', () => {
    expect(GenerateWorkoutRequest.parse({ userId })).toEqual({
      userId,
      type: 'strength',
      difficulty: 'intermediate',
      duration: 45,
    });
  });

  it('accepts every listed option and nothing else', () => {
    for (const duration of [15, 30, 45, 60])
      expect(GenerateWorkoutRequest.safeParse({ userId, duration }).success).toBe(true);
    for (const bad of [
      { duration: 20 },
      { duration: '45' },
      { type: 'pilates' },
      { difficulty: 'expert' },
      { extra: 1 },
      { type: { $gt: '' } },
    ]) {
      expect(GenerateWorkoutRequest.safeParse({ userId, ...bad }).success).toBe(false);
    }
  });

  it('refuses an empty completion list', () => {
    expect(CompleteWorkoutRequest.safeParse({ userId, workoutId: userId, completedExercises: [] }).success).toBe(false);
  });
});

describe("today's workout: the active session", () => {
  const now = new Date('2026-11-24T00:30:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it('is the one generated today (UTC), or one generated or started before midnight within the last hours', () => {
    expect(isOpenWorkout({ day: '2026-11-24', createdAt: ago(30 * 60_000) }, now)).toBe(true);
    expect(isOpenWorkout({ day: '2026-11-23', createdAt: ago(SESSION_OPEN_MS) }, now)).toBe(false);
    // Generated at 23:59:59, started after midnight: still today's.
    expect(isOpenWorkout({ day: '2026-11-23', createdAt: new Date('2026-11-23T23:59:59Z') }, now)).toBe(true);
    expect(
      isOpenWorkout(
        { day: '2026-11-23', createdAt: ago(SESSION_OPEN_MS + 3600_000), startedAt: new Date('2026-11-23T23:40:00Z') },
        now,
      ),
    ).toBe(true);
    expect(
      isOpenWorkout({ day: '2026-11-23', createdAt: ago(2 * SESSION_OPEN_MS), startedAt: ago(SESSION_OPEN_MS) }, now),
    ).toBe(false);
  });
});
