import { FALLBACK_TIME_ZONE, PROFILE_RANKS, type ProfileRank, TIME_ZONE_NAMES } from '../contract';

/** Pure rules about users: how names are derived, how streaks read, how rank is earned. */

/**
 * A readable username for a wallet: the first and last characters of the address, longer on
 * each collision attempt (base58 keeps case, so `7xKX…g2Cq` stays distinct from `7xkx…`).
 */
export function walletUsername(address: string, attempt = 0): string {
  const n = Math.min(4 + attempt * 2, Math.floor(address.length / 2));
  return `${address.slice(0, n)}_${address.slice(-n)}`;
}

/** The X handle as a username; later collisions get a numeric suffix. */
export function twitterUsername(handle: string, attempt = 0): string {
  const clean = handle.replace(/[^A-Za-z0-9_]/g, '').slice(0, 30) || 'athlete';
  return attempt === 0 ? clean : `${clean}_${attempt + 1}`;
}

const TIME_ZONES = new Set<string>(TIME_ZONE_NAMES);

/**
 * The zone's name as Intl resolves it ("US/Eastern" → "America/New_York"), or null for a name that
 * is not one of TIME_ZONE_NAMES as written: exactly the list the OpenAPI document gives.
 */
export function ianaTimeZone(name: string): string | null {
  if (!TIME_ZONES.has(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than the request it serves. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in a time zone (IANA name), the unit of daily rules. */
export function dayIn(date: Date, timeZone = FALLBACK_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * Every instant that is `day` somewhere on Earth (UTC+14 to UTC−12): a range to query by, whose
 * results dayIn then narrows to one time zone's day.
 */
export function instantsOfDayAnywhere(day: string): { from: Date; to: Date } {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const hour = 3600_000;
  return { from: new Date(midnightUtc - 14 * hour), to: new Date(midnightUtc + 36 * hour) };
}

/** The day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A streak is alive only if its last proof was today or yesterday; a missed day reads as 0. */
export function effectiveStreak(storedStreak: number, lastProofDay: string | null, today: string): number {
  if (!lastProofDay) return 0;
  return lastProofDay === today || lastProofDay === previousDay(today) ? storedStreak : 0;
}

/**
 * Rank points: 1 per workout, 2 per day of best streak, 10 per month with a body-scan report.
 * Thresholds 0 / 25 / 75 / 200 / 500.
 */
export function profileRank(input: {
  totalWorkouts: number;
  longestStreak: number;
  reportMonths: number;
}): ProfileRank {
  const points = input.totalWorkouts + 2 * input.longestStreak + 10 * input.reportMonths;
  const thresholds = [500, 200, 75, 25];
  const index = thresholds.findIndex((t) => points >= t);
  return index === -1 ? 'ROOKIE' : PROFILE_RANKS[PROFILE_RANKS.length - 1 - index];
}

export function referralLink(publicUrl: string, username: string): string {
  return `${publicUrl}/ref/${encodeURIComponent(username)}`;
}
