/** Progress page figures drawn from the session list. */
import type { SessionView } from '@contract';

export interface WeekTotals {
  /** Monday of the week (UTC), as MM-DD. */
  label: string;
  sessions: number;
  credits: number;
}

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week `date` falls in. */
function weekStart(date: Date): number {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return midnight - sinceMonday * DAY_MS;
}

/** Sessions and credits per week for the last `weeks` weeks (UTC, Monday first), oldest first, empty weeks included. */
export function weeklyTotals(sessions: SessionView[], now: Date, weeks = 8): WeekTotals[] {
  const current = weekStart(now);
  const starts = Array.from({ length: weeks }, (_, i) => current - (weeks - 1 - i) * 7 * DAY_MS);
  const totals = starts.map((start) => ({ label: new Date(start).toISOString().slice(5, 10), sessions: 0, credits: 0 }));
  for (const session of sessions) {
    const index = starts.indexOf(weekStart(new Date(session.completedAt)));
    if (index === -1) continue;
    totals[index].sessions += 1;
    totals[index].credits += session.creditsEarned;
  }
  return totals;
}

/** SPEC: credits earned = the sum over sessions. */
export function creditsEarned(sessions: SessionView[]): number {
  return sessions.reduce((sum, s) => sum + s.creditsEarned, 0);
}

/** SPEC §9: the recent-sessions list shows the latest 5. */
export const RECENT_SESSIONS = 5;
