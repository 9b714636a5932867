/** Progress page figures drawn from the session list. */
import type { ActivityView, SessionView } from '@contract';

import type { ChartPoint } from '../../ui/charts/scale';
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

/** The last `weeks` weeks (local time, Monday first), oldest first: their labels, and which one an instant falls in (-1: none). */
function weekBuckets(now: Date, weeks: number): { labels: string[]; indexOf: (iso: string) => number } {
  const starts = Array.from({ length: weeks }, (_, i) => weekStart(now, weeks - 1 - i).getTime());
  return {
    labels: starts.map((start) => shortDate(new Date(start).toISOString())),
    indexOf: (iso) => starts.indexOf(weekStart(new Date(iso)).getTime()),
  };
}

/** Sessions and credits per week for the last `weeks` weeks (local time, Monday first), oldest first, empty weeks included. */
export function weeklyTotals(sessions: SessionView[], now: Date, weeks = 8): WeekTotals[] {
  const buckets = weekBuckets(now, weeks);
  const totals = buckets.labels.map((label) => ({ label, sessions: 0, credits: 0 }));
  for (const session of sessions) {
    const index = buckets.indexOf(session.completedAt);
    if (index === -1) continue;
    totals[index].sessions += 1;
    totals[index].credits += session.creditsEarned;
  }
  return totals;
}

/** Active minutes of imported activities per week, the same weeks as the sessions' charts. */
export function weeklyActiveMinutes(
  activities: Pick<ActivityView, 'startedAt' | 'durationSeconds'>[],
  now: Date,
  weeks = 8,
): ChartPoint[] {
  const buckets = weekBuckets(now, weeks);
  const points = buckets.labels.map((label) => ({ label, value: 0 }));
  for (const activity of activities) {
    const index = buckets.indexOf(activity.startedAt);
    if (index !== -1) points[index].value += Math.round(activity.durationSeconds / 60);
  }
  return points;
}

/** docs/product.md: credits earned = the sum over sessions. */
export function creditsEarned(sessions: SessionView[]): number {
  return sessions.reduce((sum, s) => sum + s.creditsEarned, 0);
}

/** docs/product.md: the recent-sessions list shows the latest 5. */
export const RECENT_SESSIONS = 5;
