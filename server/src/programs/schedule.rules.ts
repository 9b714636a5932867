/**
 * A program's schedule: which session is next, whether it is due today, and when the plan ends.
 * The plan is a sequence of sessions (week by week, the program's days in order); a member moves
 * along it by completing sessions, never by the calendar, so a missed day shifts what follows
 * instead of skipping a session (docs/product.md, Programs).
 */
import type { ENROLMENT_STATUSES } from '../contract/values';
import type { Program } from './catalogue';

/** After this many days without a program session, the current week starts again from its first day. */
export const BREAK_RESTART_DAYS = 14;

type EnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** What the schedule reads of a member's enrolment (days are YYYY-MM-DD in the member's zone). */
export interface ScheduleState {
  status: EnrolmentStatus;
  /** The first planned day, moved later by the days spent paused. */
  startedOn: string;
  /** Sessions completed, counted along the plan. */
  done: number;
  /** The day the last program session was completed. */
  lastDoneOn: string | null;
}

export interface PlannedSession {
  /** Its place along the plan, from 0. */
  index: number;
  /** 1-based. */
  week: number;
  /** Its day within the week (program.days), from 0. */
  day: number;
  deload: boolean;
}

export type NextSession =
  | { kind: 'inactive'; status: Exclude<EnrolmentStatus, 'active'> }
  | { kind: 'finished' }
  /** `due`: a session is owed today or earlier (`behind` of them missed); `doneToday`: one was completed today; `ahead`: nothing owed until `nextOn`, though it may be done early. */
  | { kind: 'next'; session: PlannedSession; when: 'due' | 'doneToday' | 'ahead'; behind: number; nextOn: string };

export function sessionsInPlan(program: Program): number {
  return program.weeks * program.days.length;
}

export function sessionAt(program: Program, index: number): PlannedSession {
  const perWeek = program.days.length;
  const week = Math.floor(index / perWeek) + 1;
  return { index, week, day: index % perWeek, deload: program.deloadWeeks.includes(week) };
}

/** The program's planned days from `from` to `to`, both included. */
export function plannedDaysBetween(program: Program, from: string, to: string): number {
  let count = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) if (program.weekdays.includes(isoWeekday(day))) count++;
  return count;
}

/**
 * The next session of the plan and whether it is due. After a long break (BREAK_RESTART_DAYS) the
 * week in progress starts again from its first day, so a member never resumes mid-week cold.
 */
export function nextSession(program: Program, state: ScheduleState, today: string): NextSession {
  if (state.status !== 'active') return { kind: 'inactive', status: state.status };
  if (state.done >= sessionsInPlan(program)) return { kind: 'finished' };
  const perWeek = program.days.length;
  const onBreak = state.lastDoneOn !== null && daysBetween(state.lastDoneOn, today) >= BREAK_RESTART_DAYS;
  const index = onBreak ? Math.floor(state.done / perWeek) * perWeek : state.done;
  const session = sessionAt(program, index);
  if (state.lastDoneOn === today)
    return { kind: 'next', session, when: 'doneToday', behind: 0, nextOn: nextPlannedDay(program, addDays(today, 1)) };
  const owed = today < state.startedOn ? 0 : plannedDaysBetween(program, state.startedOn, today);
  const owedBefore = today <= state.startedOn ? 0 : plannedDaysBetween(program, state.startedOn, addDays(today, -1));
  const behind = Math.max(0, owedBefore - index);
  if (owed > index) return { kind: 'next', session, when: 'due', behind, nextOn: today };
  return {
    kind: 'next',
    session,
    when: 'ahead',
    behind: 0,
    nextOn: nextPlannedDay(program, maxDay(today, state.startedOn)),
  };
}

/**
 * When each remaining session falls if the member trains on every planned day from now: a missed
 * day moves the whole remainder (and the finish) to later planned days. The last date is the finish.
 */
export function projectedDates(program: Program, state: ScheduleState, today: string, count = Infinity): string[] {
  const next = nextSession(program, state, today);
  if (next.kind !== 'next') return [];
  const remaining = Math.min(count, sessionsInPlan(program) - next.session.index);
  // A session due today may be done today, planned day or not.
  const dates: string[] = next.when === 'due' ? [today] : [];
  let day = next.when === 'due' ? addDays(today, 1) : next.nextOn;
  while (dates.length < remaining) {
    if (program.weekdays.includes(isoWeekday(day))) dates.push(day);
    day = addDays(day, 1);
  }
  return dates;
}

/** A pause of `pausedDays` moves the plan's start later by as much, so the paused days are not owed. */
export function resumedStart(startedOn: string, pausedDays: number): string {
  return addDays(startedOn, Math.max(0, pausedDays));
}

/** The first planned day on or after `from`. */
export function nextPlannedDay(program: Program, from: string): string {
  let day = from;
  while (!program.weekdays.includes(isoWeekday(day))) day = addDays(day, 1);
  return day;
}

const DAY_MS = 86_400_000;

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
}

function maxDay(a: string, b: string): string {
  return a > b ? a : b;
}
