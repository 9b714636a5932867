import { deadlineEnd, goalIdFor, goalRefusal, healthyMinimumKg, isReached, settlementOutcome } from './goals.rules';

const now = new Date('2025-03-01T12:00:00Z');
const body = { heightCm: 180, weightKg: 80 };

describe('goalRefusal', () => {
  it('accepts a safe weight goal: 4 kg in 5 weeks, BMI stays above 18.5', () => {
    expect(goalRefusal({ metric: 'weight', targetValue: 76, deadline: '2025-04-05' }, body, now)).toBeNull();
  });
  it('refuses more than 1 kg per week and names the earliest safe deadline', () => {
    expect(goalRefusal({ metric: 'weight', targetValue: 76, deadline: '2025-03-15' }, body, now)).toBe(
      'That is more than 1 kg per week; choose a deadline on or after 2025-03-29',
    );
  });
  it('refuses a target that would take BMI below 18.5', () => {
    expect(healthyMinimumKg(180)).toBe(60);
    expect(goalRefusal({ metric: 'weight', targetValue: 59.9, deadline: '2026-01-01' }, body, now)).toMatch(/BMI below 18.5.*60 kg/);
  });
  it('needs height and weight for a weight goal, and a target below the current weight', () => {
    expect(goalRefusal({ metric: 'weight', targetValue: 70, deadline: '2025-12-01' }, { heightCm: null, weightKg: 80 }, now)).toMatch(/height and weight/);
    expect(goalRefusal({ metric: 'weight', targetValue: 80, deadline: '2025-12-01' }, body, now)).toMatch(/below your current weight/);
  });
  it('refuses past, far-off and impossible deadlines, and fractional counts', () => {
    expect(goalRefusal({ metric: 'workouts', targetValue: 5, deadline: '2025-02-28' }, body, now)).toMatch(/future/);
    expect(goalRefusal({ metric: 'workouts', targetValue: 5, deadline: '2027-01-01' }, body, now)).toMatch(/within 365 days/);
    expect(goalRefusal({ metric: 'streak', targetValue: 2.5, deadline: '2025-03-10' }, body, now)).toMatch(/whole number/);
    expect(goalRefusal({ metric: 'streak', targetValue: 7, deadline: '2025-02-30' }, body, now)).toMatch(/not a real date/);
    expect(goalRefusal({ metric: 'streak', targetValue: 7, deadline: '2025-03-01' }, body, now)).toBeNull();
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
    expect(deadlineEnd('2025-03-01').toISOString()).toBe('2025-03-01T23:59:59.999Z');
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
