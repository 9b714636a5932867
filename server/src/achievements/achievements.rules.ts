/** The achievement catalogue and when workouts and streaks earn them. */
import type { Intensity } from '../contract';

export const ACHIEVEMENTS = {
  FIRST_WORKOUT: { title: 'First Rep', description: 'Completed your first workout' },
  WORKOUTS_10: { title: 'Ten Down', description: 'Completed 10 workouts' },
  WORKOUTS_50: { title: 'Half Century', description: 'Completed 50 workouts' },
  FIRST_INTENSE: { title: 'Full Send', description: 'Finished a session at intense level (80 % or more of it)' },
  STREAK_7: { title: 'Week Warrior', description: 'Validated your daily proofs 7 days in a row' },
  STREAK_30: { title: 'Iron Habit', description: 'Validated your daily proofs 30 days in a row' },
  FIRST_BMI_REPORT: { title: 'Know Your Numbers', description: 'Had your first body-scan report analysed' },
} as const;

export type AchievementCode = keyof typeof ACHIEVEMENTS;

export function isAchievementCode(code: string): code is AchievementCode {
  return Object.prototype.hasOwnProperty.call(ACHIEVEMENTS, code);
}

/** Codes a completed session qualifies for (awarding is idempotent, so already-held ones may repeat). */
export function workoutAchievements(totalSessions: number, intensity: Intensity): AchievementCode[] {
  const codes: AchievementCode[] = [];
  if (totalSessions >= 1) codes.push('FIRST_WORKOUT');
  if (totalSessions >= 10) codes.push('WORKOUTS_10');
  if (totalSessions >= 50) codes.push('WORKOUTS_50');
  if (intensity === 'intense') codes.push('FIRST_INTENSE');
  return codes;
}

/** Codes a daily-proof streak of this length qualifies for. */
export function streakAchievements(streak: number): AchievementCode[] {
  const codes: AchievementCode[] = [];
  if (streak >= 7) codes.push('STREAK_7');
  if (streak >= 30) codes.push('STREAK_30');
  return codes;
}
