import type { ActiveProgramView } from '@contract';

const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** "MON · WED · FRI" from ISO weekdays. */
export function weekdayList(days: readonly number[]): string {
  return days.map((d) => WEEKDAYS[d - 1]).join(' · ');
}

/** "WEEK 2 · UPPER HEAVY" (and DELOAD in a light week). */
export function sessionLabel(session: NonNullable<ActiveProgramView['next']>['session']): string {
  return `WEEK ${session.week} · ${session.dayName.toUpperCase()}${session.deload ? ' · DELOAD' : ''}`;
}

/** What the member's program says about today, in one line. */
export function todayLine(program: ActiveProgramView): string {
  if (program.status === 'paused') return 'PAUSED: resume to pick up where you left off.';
  if (program.status === 'stopped') return 'STOPPED.';
  if (program.status === 'finished' || !program.next) return 'PROGRAM_COMPLETE: every session done.';
  const { when, behind, nextOn } = program.next;
  if (when === 'doneToday') return `Done for today. Next session on ${nextOn}.`;
  if (when === 'ahead') return `Rest day. Next session on ${nextOn} (you may train it early).`;
  return behind
    ? `Due today. ${behind} missed ${behind === 1 ? 'session moves' : 'sessions move'} the plan back; nothing is skipped.`
    : 'Due today.';
}
