/** Pure rules of completing a session: which workout may be completed, when, with which ticks, and on which day of the cap it is paid. */
import { DAILY_PAID_MINUTES, DAY_MS, type ErrorCode, FALLBACK_TIME_ZONE, sessionCompletableAt } from '../contract';
import { dayIn } from '../users/users.rules';
import { isOpenWorkout, SESSION_OPEN_MS } from './workouts.rules';

export interface CompletionRefusal {
  code: Extract<ErrorCode, 'WORKOUT_NOT_OPEN' | 'WORKOUT_NOT_STARTED' | 'WORKOUT_TOO_EARLY' | 'WORKOUT_TICKS_DIFFER'>;
  message: string;
}

/**
 * Why a workout of the user's may not be completed as their session, or null when it may: a person
 * trains one session at a time, so only the open one (today's, the newest) is completed. A workout
 * replaced by a newer one could otherwise be started beside it and both completed at half time.
 */
export function openRefusal(
  workout: { day: string; createdAt: Date; startedAt?: Date },
  isNewest: boolean,
  now: Date,
): CompletionRefusal | null {
  if (!isNewest) {
    return {
      code: 'WORKOUT_NOT_OPEN',
      message:
        "A newer workout replaced this one: you train one session at a time, so only today's workout can be completed",
    };
  }
  if (!isOpenWorkout(workout, now)) {
    return {
      code: 'WORKOUT_NOT_OPEN',
      message: `This session closed ${SESSION_OPEN_MS / 3600_000} hours after it was generated or started: generate a new one`,
    };
  }
  return null;
}

/**
 * Why a session may not be completed yet, or null when it may: it must have started (START or a
 * tick) and half its planned minutes must have passed since; the refusal names the time, in the
 * user's time zone, rounded up to the minute so trying at that minute succeeds.
 */
export function completionRefusal(
  startedAt: Date | undefined,
  plannedMinutes: number,
  now: Date,
  timeZone: string,
): CompletionRefusal | null {
  if (!startedAt) {
    return {
      code: 'WORKOUT_NOT_STARTED',
      message: `Start this session first (START_SESSION or a tick): it can be completed once half of its ${plannedMinutes} minutes have passed`,
    };
  }
  const from = sessionCompletableAt(startedAt.getTime(), plannedMinutes);
  if (now.getTime() >= from) return null;
  return {
    code: 'WORKOUT_TOO_EARLY',
    message: `You can complete this session from ${clockTime(from, timeZone)} (half of its ${plannedMinutes} minutes)`,
  };
}

/** "14:32" in the time zone, the minute rounded up; "14:32 UTC" for a user whose zone is UTC (set or not). */
function clockTime(ms: number, timeZone: string): string {
  const minute = new Date(Math.ceil(ms / 60_000) * 60_000);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(minute);
  return timeZone === FALLBACK_TIME_ZONE ? `${time} UTC` : time;
}

/**
 * Why the completion's list of ticks may not complete the session, or null: the server pays the
 * ticks it stored as they were made, and the list the client sends must be those (in any order), so
 * what the user saw ticked is what is paid. None stored: nothing was done.
 */
export function ticksRefusal(listed: string[], stored: string[]): CompletionRefusal | null {
  if (stored.length === 0) {
    return {
      code: 'WORKOUT_TICKS_DIFFER',
      message: 'No exercise of this session is ticked: tick each one as you do it, then complete the session',
    };
  }
  const same = listed.length === stored.length && listed.every((id) => stored.includes(id));
  if (same) return null;
  return {
    code: 'WORKOUT_TICKS_DIFFER',
    message: `This session's ticks changed elsewhere (ticked: ${stored.join(', ')}; sent: ${listed.join(', ')}): reload to see them, then complete it`,
  };
}

/** A day of the daily cap and the time zone it was read in. */
export interface CapDay {
  day: string;
  timeZone: string;
}

/**
 * The day of the cap a session is paid on: the day it started, in the user's time zone. A change of
 * zone takes effect once the last paid day (in the zone it was read in) is over, and never moves
 * the day back, so changing zones cannot open a second day. Counters from before the zone was kept
 * (`timeZone` absent) are read in the user's current zone.
 */
export function capDay(startedAt: Date, timeZone: string, lastPaid: { day: string; timeZone?: string } | null): CapDay {
  const here = { day: dayIn(startedAt, timeZone), timeZone };
  if (!lastPaid) return here;
  const previous = { day: lastPaid.day, timeZone: lastPaid.timeZone ?? timeZone };
  const there = dayIn(startedAt, previous.timeZone);
  if (there <= previous.day) return previous;
  return here.day > previous.day ? here : { day: there, timeZone: previous.timeZone };
}

/**
 * The paid days that can pin a session starting at `startedAt` (capDay's `lastPaid`): its UTC day
 * and two each side. Its day in any zone (UTC−12 to UTC+14) is within one of its UTC day, so an
 * older last paid day gives what no paid day gives, and a later one than these exists only if the
 * clock went back days: the counters are read by these ids, not by reading all of the user's days.
 */
export function capDayCandidates(startedAt: Date): string[] {
  return [-2, -1, 0, 1, 2].map((offset) => dayIn(new Date(startedAt.getTime() + offset * DAY_MS), 'UTC'));
}

/**
 * What a completed session pays once the day's cap is counted: its credits while the day's paid
 * sessions plus this one plan at most DAILY_PAID_MINUTES, else nothing, with the reason.
 */
export function cappedCredits(
  credits: number,
  plannedMinutes: number,
  paidMinutesToday: number,
): { credits: number; note: string | null } {
  if (credits === 0 || paidMinutesToday + plannedMinutes <= DAILY_PAID_MINUTES) return { credits, note: null };
  return {
    credits: 0,
    note: `Today's paid sessions already plan ${paidMinutesToday} of ${DAILY_PAID_MINUTES} minutes: this one is recorded, not paid`,
  };
}
