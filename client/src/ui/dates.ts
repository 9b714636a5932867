import { FALLBACK_TIME_ZONE } from '@contract/values';

/** "Nov 23, 2026". */
const FULL_DATE: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };

/**
 * Dates as the user lives them: in the browser's time zone (a late-evening entry west of UTC
 * belongs to that evening, not to the next UTC day), with English month names like the rest of
 * the interface.
 */
export function formatDate(iso: string, parts: Intl.DateTimeFormatOptions = FULL_DATE): string {
  return new Date(iso).toLocaleDateString('en-US', parts);
}

/**
 * A calendar day the server already counted in the right zone ("2026-11-23": a proof day, a goal's
 * deadline) as "Nov 23, 2026": read as that day itself, so no browser zone can move it.
 */
export function formatDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`, { ...FULL_DATE, timeZone: FALLBACK_TIME_ZONE });
}

/** "Mar 1": chart labels. */
export const shortDate = (iso: string): string => formatDate(iso, { month: 'short', day: 'numeric' });

/** The unit after a count of days: "1 DAY", "0 DAYS", "3 DAYS". */
export const dayUnit = (count: number): string => (count === 1 ? 'DAY' : 'DAYS');

/** "1 DAY", "3 DAYS". */
export const formatDays = (count: number): string => `${count} ${dayUnit(count)}`;

/** The browser's IANA time zone, UTC when it does not say. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;

/** "14:32": a time of day in the browser's time zone, 24-hour like the server's refusals. */
export const formatTime = (ms: number): string =>
  new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
