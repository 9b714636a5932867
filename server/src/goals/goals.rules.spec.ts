import {
  deadlineEnd,
  distinctDays,
  goalEffort,
  goalIdFor,
  goalRefusal,
  healthyMinimumKg,
  isReached,
  longestRun,
  openSlotOf,
  settlementOutcome,
} from './goals.rules';
import { goalDays } from '../contract';

const now = new Date('2025-03-01T12:00:00Z');
const body = { heightCm: 180, reportedWeightKg: 80 };

describe('goalRefusal: safety', () => {
  it('accepts a safe weight goal: 4 kg in 5 weeks below the last report, BMI stays above 18.5', () => {
    expect(goalRefusal({ metric: 'weight', targetValue: 76, deadline: '2025-04-05', creditsStaked: 400 }, body, now)).toBeNull();
  });
  it('refuses more than 1 kg per week and names the earliest safe deadline', () => {
    expect(goalRefusal({ metric: 'weight', targetValue: 76, deadline: '2025-03-20', creditsStaked: 50 }, body, now)).toBe(
      'That is more than 1 kg per week; choose a deadline on or after 2025-03-29',
    );
  });
  it('refuses a target that would take BMI below 18.5', () => {
    expect(healthyMinimumKg(180)).toBe(60);
    expect(goalRefusal({ metric: 'weight', targetValue: 59.9, deadline: '2026-01-01', creditsStaked: 50 }, body, now)).toMatch(/BMI below 18.5.*60 kg/);
  });
  it('needs a height, a weight stated by an analysed report, and a target below it', () => {
    const draft = { metric: 'weight' as const, targetValue: 70, deadline: '2025-12-01', creditsStaked: 50 };
    expect(goalRefusal(draft, { heightCm: null, reportedWeightKg: 80 }, now)).toMatch(/Set your height/);
    expect(goalRefusal(draft, { heightCm: 180, reportedWeightKg: null }, now)).toMatch(/report that states your weight/);
    expect(goalRefusal({ ...draft, targetValue: 80 }, body, now)).toMatch(/below the weight of your last report, 80 kg/);
  });
  it('refuses past, far-off and impossible deadlines, and fractional counts', () => {
    expect(goalRefusal({ metric: 'workouts', targetValue: 5, deadline: '2025-02-28', creditsStaked: 50 }, body, now)).toMatch(/future/);
    expect(goalRefusal({ metric: 'workouts', targetValue: 5, deadline: '2027-01-01', creditsStaked: 50 }, body, now)).toMatch(/within 365 days/);
    expect(goalRefusal({ metric: 'streak', targetValue: 2.5, deadline: '2025-03-10', creditsStaked: 50 }, body, now)).toMatch(/whole number/);
    expect(goalRefusal({ metric: 'streak', targetValue: 7, deadline: '2025-02-30', creditsStaked: 50 }, body, now)).toMatch(/not a real date/);
  });
});

describe('goalRefusal: real effort over real time, stake in proportion', () => {
  it('asks a workouts goal for 3 sessions over 7 days at least, one a day', () => {
    const draft = { metric: 'workouts' as const, creditsStaked: 50 };
    expect(goalRefusal({ ...draft, targetValue: 1, deadline: '2025-03-02' }, body, now)).toBe('A workouts goal must ask for at least 3 sessions');
    expect(goalRefusal({ ...draft, targetValue: 3, deadline: '2025-03-07' }, body, now)).toBe(
      'A workouts goal must run at least 7 days: choose a deadline on or after 2025-03-08',
    );
    expect(goalRefusal({ ...draft, targetValue: 3, deadline: '2025-03-08' }, body, now)).toBeNull();
    expect(goalRefusal({ ...draft, targetValue: 9, deadline: '2025-03-08' }, body, now)).toBe(
      'Only one session a day counts: 9 need a deadline on or after 2025-03-10',
    );
  });
  it('asks a streak goal for 3 days at least, with as many days to reach it', () => {
    const draft = { metric: 'streak' as const, creditsStaked: 40 };
    expect(goalRefusal({ ...draft, targetValue: 2, deadline: '2025-03-10' }, body, now)).toBe('A streak goal must ask for at least 3 days of streak');
    expect(goalRefusal({ ...draft, targetValue: 3, deadline: '2025-03-03' }, body, now)).toMatch(/at least 3 days: choose a deadline on or after 2025-03-04/);
    expect(goalRefusal({ ...draft, targetValue: 7, deadline: '2025-03-05' }, body, now)).toMatch(/^Only one streak day a day counts: 7 need .* 2025-03-08$/);
    expect(goalRefusal({ ...draft, targetValue: 3, deadline: '2025-03-04' }, body, now)).toBeNull();
  });
  it('asks a weight goal for 1 kg below the last report, over 14 days at least', () => {
    const draft = { metric: 'weight' as const, creditsStaked: 50 };
    expect(goalRefusal({ ...draft, targetValue: 79.5, deadline: '2025-04-30' }, body, now)).toBe('A weight goal must ask for at least 1 kg below your last report (80 kg)');
    expect(goalRefusal({ ...draft, targetValue: 79, deadline: '2025-03-14' }, body, now)).toMatch(/at least 14 days: choose a deadline on or after 2025-03-15/);
    expect(goalRefusal({ ...draft, targetValue: 79, deadline: '2025-03-15' }, body, now)).toBeNull();
  });
  it('caps the stake by the effort asked: 25 a session, 20 a streak day, 100 a kg', () => {
    expect(goalRefusal({ metric: 'workouts', targetValue: 3, deadline: '2025-03-08', creditsStaked: 75 }, body, now)).toBeNull();
    expect(goalRefusal({ metric: 'workouts', targetValue: 3, deadline: '2025-03-08', creditsStaked: 76 }, body, now)).toBe(
      'A stake of at most 75 credits fits this goal (25 per session): ask for more or stake less',
    );
    expect(goalRefusal({ metric: 'streak', targetValue: 7, deadline: '2025-03-08', creditsStaked: 141 }, body, now)).toMatch(/at most 140 credits/);
    expect(goalRefusal({ metric: 'weight', targetValue: 78.5, deadline: '2025-03-29', creditsStaked: 151 }, body, now)).toMatch(/at most 150 credits .*per kg/);
    expect(goalEffort({ metric: 'weight', targetValue: 78.7 }, 80)).toBe(1.3);
  });
  it('counts days from today (UTC) to the deadline day', () => {
    expect(goalDays('2025-03-02', now)).toBe(1);
    expect(goalDays('2025-03-08', new Date('2025-03-01T23:59:59Z'))).toBe(7);
  });
});

describe('progress from evidence', () => {
  it('counts one session a day in the user\'s time zone', () => {
    const sessions = [new Date('2025-03-01T08:00:00Z'), new Date('2025-03-01T20:00:00Z'), new Date('2025-03-01T23:30:00Z')];
    expect(distinctDays(sessions, 'UTC')).toBe(1);
    expect(distinctDays(sessions, 'Asia/Tokyo')).toBe(2);
  });
  it('reads a streak as the longest run of consecutive validated days', () => {
    expect(longestRun([])).toBe(0);
    expect(longestRun(['2025-03-05', '2025-03-01', '2025-03-02', '2025-03-03', '2025-03-03'])).toBe(3);
    expect(longestRun(['2025-02-28', '2025-03-01', '2025-03-03'])).toBe(2);
  });
  it('names one open slot per user and metric', () => {
    expect(openSlotOf('u1', 'workouts')).toBe('u1:workouts');
    expect(openSlotOf('u1', 'workouts')).not.toBe(openSlotOf('u1', 'streak'));
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
