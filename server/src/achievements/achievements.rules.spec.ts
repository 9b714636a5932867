import { ACHIEVEMENTS, isAchievementCode, streakAchievements, workoutAchievements } from './achievements.rules';

describe('achievement rules', () => {
  it('awards workout milestones at 1, 10 and 50 sessions and the first intense session', () => {
    expect(workoutAchievements(1, 'light')).toEqual(['FIRST_WORKOUT']);
    expect(workoutAchievements(9, 'moderate')).toEqual(['FIRST_WORKOUT']);
    expect(workoutAchievements(10, 'intense')).toEqual(['FIRST_WORKOUT', 'WORKOUTS_10', 'FIRST_INTENSE']);
    expect(workoutAchievements(50, 'light')).toContain('WORKOUTS_50');
  });

  it('awards streaks at 7 and 30 days', () => {
    expect(streakAchievements(6)).toEqual([]);
    expect(streakAchievements(7)).toEqual(['STREAK_7']);
    expect(streakAchievements(30)).toEqual(['STREAK_7', 'STREAK_30']);
  });

  it('knows its catalogue, including the first BMI report', () => {
    expect(isAchievementCode('FIRST_BMI_REPORT')).toBe(true);
    expect(isAchievementCode('toString')).toBe(false);
    expect(Object.keys(ACHIEVEMENTS)).toHaveLength(7);
  });
});
