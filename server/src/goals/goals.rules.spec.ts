import { earliestGoalDeadline, goalDeadlineEnd } from '../contract';
import { goalIdFor, goalRefusal, goalStart, healthyMinimumKg, isReached, settlementOutcome } from './goals.rules';

const now = new Date('2025-03-01T12:00:00Z');
const body = { heightCm: 180, reportWeightKg: 80, currentStreak: 0, units: 'metric' as const };
const goal = (metric: 'weight' | 'workouts' | 'streak', targetValue: number, deadline: string, creditsStaked = 50) => ({
  metric,
  targetValue,
  deadline,
  creditsStaked,
});

describe('goalRefusal', () => {
  it('accepts a safe weight goal: 4 kg in 5 weeks, BMI stays above 18.5', () => {
    expect(goalRefusal(goal('weight', 76, '2025-04-05'), body, now)).toBeNull();
  });
  it('refuses more than 1 kg per week and names the earliest safe deadline', () => {
    expect(goalRefusal(goal('weight', 76, '2025-03-20'), body, now)).toBe(
      'That is more than 1 kg per week; choose a deadline on or after 2025-03-29',
    );
  });
  it('refuses a target that would take BMI below 18.5', () => {
    expect(healthyMinimumKg(180)).toBe(60);
    expect(goalRefusal(goal('weight', 59.9, '2026-01-01'), body, now)).toMatch(/BMI below 18.5.*60 kg/);
  });
  it('judges weight on analysed reports: needs one, a height, and a target at least 0.5 kg below it', () => {
    expect(goalRefusal(goal('weight', 70, '2025-12-01'), { ...body, reportWeightKg: null }, now)).toMatch(
      /^Upload a body-scan report/,
    );
    expect(goalRefusal(goal('weight', 70, '2025-12-01'), { ...body, heightCm: null }, now)).toMatch(/Set your height/);
    expect(goalRefusal(goal('weight', 80, '2025-12-01'), body, now)).toMatch(
      /below your last report's weight of 80 kg/,
    );
    expect(goalRefusal(goal('weight', 79.8, '2025-12-01'), body, now)).toMatch(/at least 0.5 kg below/);
  });
  it('speaks the user’s units (weights stored and judged in kg)', () => {
    const imperial = { ...body, units: 'imperial' as const };
    expect(goalRefusal(goal('weight', 79.8, '2025-12-01'), imperial, now)).toBe(
      "A weight goal must ask for at least 1.1 lb below your last report's 176.4 lb",
    );
    expect(goalRefusal(goal('weight', 59.9, '2026-01-01'), imperial, now)).toMatch(
      /lowest healthy weight for your height is 132.3 lb$/,
    );
    expect(goalRefusal(goal('weight', 76, '2025-03-20'), imperial, now)).toBe(
      'That is more than 2.2 lb per week; choose a deadline on or after 2025-03-29',
    );
  });
  it('refuses past, far-off and impossible deadlines, and fractional counts', () => {
    expect(goalRefusal(goal('workouts', 5, '2025-02-28'), body, now)).toMatch(/future/);
    expect(goalRefusal(goal('workouts', 5, '2027-01-01'), body, now)).toMatch(/within 365 days/);
    expect(goalRefusal(goal('streak', 2.5, '2025-03-10'), body, now)).toMatch(/whole number/);
    expect(goalRefusal(goal('streak', 7, '2025-02-30'), body, now)).toMatch(/not a real date/);
  });
  it('asks for real effort over real time: a minimum target and duration per metric, one a day at most', () => {
    // The attack: "1 workout by tomorrow".
    expect(goalRefusal(goal('workouts', 1, '2025-03-02'), body, now)).toMatch(/at least 7 days/);
    expect(goalRefusal(goal('workouts', 1, '2025-03-10'), body, now)).toBe(
      'A workouts goal must ask for at least 3 workouts',
    );
    expect(goalRefusal(goal('workouts', 12, '2025-03-09'), body, now)).toMatch(/more than one workout a day/);
    expect(goalRefusal(goal('workouts', 3, '2025-03-08'), body, now)).toBeNull();
    expect(goalRefusal(goal('weight', 79, '2025-03-10'), body, now)).toMatch(/at least 14 days/);
    expect(goalRefusal(goal('streak', 3, '2025-03-02'), body, now)).toMatch(/at least 3 days/);
  });
  it("counts a streak goal's days beyond today's streak", () => {
    expect(goalRefusal(goal('streak', 7, '2025-03-10'), { ...body, currentStreak: 5 }, now)).toBe(
      'Your streak is 5 days: a streak goal must ask for at least 8',
    );
    expect(goalRefusal(goal('streak', 8, '2025-03-10'), { ...body, currentStreak: 5 }, now)).toBeNull();
    expect(goalRefusal(goal('streak', 2, '2025-03-10'), { ...body, currentStreak: 1 }, now)).toBe(
      'Your streak is 1 day: a streak goal must ask for at least 4',
    );
    expect(goalRefusal(goal('streak', 9, '2025-03-03'), { ...body, currentStreak: 5 }, now)).toMatch(
      /more than one streak day a day/,
    );
  });
  it('keeps the stake in proportion to the effort asked for', () => {
    expect(goalRefusal(goal('workouts', 3, '2025-03-10', 150), body, now)).toBeNull();
    expect(goalRefusal(goal('workouts', 3, '2025-03-10', 151), body, now)).toBe(
      'A goal asking for this much may stake at most 150 credits',
    );
    expect(goalRefusal(goal('weight', 76, '2025-04-05', 401), body, now)).toBe(
      'A goal asking for this much may stake at most 400 credits',
    );
  });
});

describe('settlement', () => {
  it('reads weight as reach-or-below and counts as reach-or-above', () => {
    expect(isReached('weight', 75.9, 76)).toBe(true);
    expect(isReached('weight', 0, 76)).toBe(false);
    expect(isReached('workouts', 4, 5)).toBe(false);
    expect(isReached('streak', 7, 7)).toBe(true);
  });
  it('wins when reached, loses after the deadline day ends, else waits', () => {
    const goal = { metric: 'streak' as const, targetValue: 7, deadline: '2025-03-01' };
    expect(settlementOutcome(goal, 7, now)).toBe('won');
    expect(settlementOutcome(goal, 3, now)).toBe('active');
    expect(settlementOutcome(goal, 3, new Date('2025-03-02T00:00:00Z'))).toBe('lost');
    expect(goalDeadlineEnd('2025-03-01').toISOString()).toBe('2025-03-01T23:59:59.999Z');
  });
});

describe('earliestGoalDeadline (the add-goal form shows it)', () => {
  const dayBefore = (day: string) =>
    new Date(new Date(`${day}T00:00:00Z`).getTime() - 24 * 3600_000).toISOString().slice(0, 10);
  it.each([
    ['workouts', 3, 3, now],
    ['workouts', 12, 12, now],
    ['streak', 3, 3, new Date('2025-03-01T23:30:00Z')],
    ['streak', 10, 10, new Date('2025-03-01T00:00:01Z')],
  ] as const)('%s asking %d: the rules accept that day and refuse the day before', (metric, target, stake, at) => {
    const earliest = earliestGoalDeadline(metric, target, at);
    expect(goalRefusal(goal(metric, target, earliest, stake), body, at)).toBeNull();
    expect(goalRefusal(goal(metric, target, dayBefore(earliest), stake), body, at)).toMatch(/later deadline/);
  });
  it('weight: the minimum days', () => {
    const earliest = earliestGoalDeadline('weight', 0.5, now);
    expect(goalRefusal(goal('weight', 79.5, earliest), body, now)).toBeNull();
    expect(goalRefusal(goal('weight', 79.5, dayBefore(earliest)), body, now)).toMatch(/at least 14 days/);
  });
});

describe('goalIdFor', () => {
  const user = '0123456789abcdef01234567';
  const request = '123e4567-e89b-42d3-a456-426614174000';

  it('names the same goal for every retry of one submission, as an ObjectId hex', () => {
    expect(goalIdFor(user, request)).toBe(goalIdFor(user, request));
    expect(goalIdFor(user, request)).toMatch(/^[a-f0-9]{24}$/);
  });

  it("names another goal for another submission or another user's same request id", () => {
    expect(goalIdFor(user, '223e4567-e89b-42d3-a456-426614174000')).not.toBe(goalIdFor(user, request));
    expect(goalIdFor('0123456789abcdef01234568', request)).not.toBe(goalIdFor(user, request));
  });
});

describe('goalStart', () => {
  it('counts from when the goal was set, or from its creation for goals stored without that instant', () => {
    const createdAt = new Date('2026-03-01T10:00:00Z');
    const startsAt = new Date('2026-03-01T09:59:58Z');
    expect(goalStart({ startsAt, createdAt })).toBe(startsAt);
    expect(goalStart({ createdAt })).toBe(createdAt);
  });
});
