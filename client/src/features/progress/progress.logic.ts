/** Progress page figures drawn from the session list. */
import type { SessionView } from '@contract';
import { shortDate } from '../../ui/dates';

export interface WeekTotals {
  /** Monday of the week, as "Nov 23". */
  label: string;
  sessions: number;
  credits: number;
}

/**
 * Monday 00:00 of the week `date` falls in, on the user's own calendar (the browser's time zone):
 * a Sunday-evening session west of UTC belongs to the week that is ending, not the next one.
 * `weeksBack` steps by calendar days, so a daylight-saving change does not shift the boundary.
 */
function weekStart(date: Date, weeksBack = 0): Date {
  const sinceMonday = (date.getDay() + 6) % 7;
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - sinceMonday - 7 * weeksBack);
}

/** Sessions and credits per week for the last `weeks` weeks (local time, Monday first), oldest first, empty weeks included. */
export function weeklyTotals(sessions: SessionView[], now: Date, weeks = 8): WeekTotals[] {
  const starts = Array.from({ length: weeks }, (_, i) => weekStart(now, weeks - 1 - i).getTime());
  const totals = starts.map((start) => ({ label: shortDate(new Date(start).toISOString()), sessions: 0, credits: 0 }));
  for (const session of sessions) {
    const index = starts.indexOf(weekStart(new Date(session.completedAt)).getTime());
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
