import type { UserRecord } from '../users/users.repository';
import { chatDefaults, coachProfile } from './coach-profile.rules';

const user = (over: Partial<UserRecord>): UserRecord =>
  ({ fitnessLevel: 'intermediate', latestBmi: null, age: null, height: null, weight: null, ...over }) as UserRecord;

describe('what the coach knows of the user', () => {
  it('prefers the server’s records, filling gaps from the client’s profile', () => {
    expect(
      coachProfile(user({ height: 180, weight: 80, latestBmi: 24.7 }), {
        height: 170,
        age: 30,
        bmi: 31,
        bmiCategory: 'Obese',
      }),
    ).toEqual({
      fitnessLevel: 'intermediate',
      goal: null,
      equipment: [],
      limitations: [],
      units: 'metric',
      bmi: 24.7,
      bmiCategory: 'Normal',
      age: 30,
      height: 180,
      weight: 80,
    });
  });

  it('reads the saved profile: goal, equipment, limitations, units and age', () => {
    const saved = user({
      goal: 'lose_fat',
      equipment: ['dumbbells', 'bands'],
      limitations: ['knee'],
      units: 'imperial',
      age: 41,
    });
    expect(coachProfile(saved, { age: 25 })).toMatchObject({
      goal: 'lose_fat',
      equipment: ['dumbbells', 'bands'],
      limitations: ['knee'],
      units: 'imperial',
      age: 41,
    });
    expect(chatDefaults(coachProfile(saved, undefined), 'beginner')).toEqual({
      fitnessLevel: 'beginner',
      goal: 'lose_fat',
      equipment: ['dumbbells', 'bands'],
      limitations: ['knee'],
    });
  });

  it('falls back on bodyweight, no limitation and no goal when the profile says nothing', () => {
    expect(chatDefaults(coachProfile(user({}), undefined), 'beginner')).toEqual({
      fitnessLevel: 'beginner',
      goal: null,
      equipment: [],
      limitations: [],
    });
  });
});
