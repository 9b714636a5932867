/** What every coach reply may say about the user: their level and their recent training. */
import type { Difficulty, MuscleGroup } from '../../contract';
import type { CoachProfile, RecentTraining } from '../../contract/job-shapes';

export const BODY_PARTS: MuscleGroup[] = ['chest', 'back', 'shoulders', 'arms', 'core', 'glutes', 'legs'];

export function level(profile: CoachProfile): Difficulty {
  return profile.fitnessLevel === 'advanced' || profile.fitnessLevel === 'intermediate'
    ? profile.fitnessLevel
    : 'beginner';
}

export function recentLine(recent: RecentTraining): string {
  if (!recent.lastSession) return "I don't see any completed sessions yet, so we start fresh.";
  const s = recent.lastSession;
  return `Your last session was ${s.name} (${s.type}, ${s.intensity}); ${recent.sessionsLast7Days} session${recent.sessionsLast7Days === 1 ? '' : 's'} in the last 7 days.`;
}

/** Body parts that worked hard in the last 48 hours. */
export function recovering(recent: RecentTraining): MuscleGroup[] {
  return recent.recentlyTrained.filter((m) => BODY_PARTS.includes(m));
}

/** "a, b and c". */
export function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
