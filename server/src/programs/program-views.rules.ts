/** The catalogue and a member's place in a program as the API shows them. */
import type { ActiveProgramView, PlannedSessionView, ProgramDetail, ProgramSummary } from '../contract';
import { formatSeconds } from '../contract/values';
import { catalogueExercise } from '../workouts/catalogue';
import type { Equipment } from '../workouts/catalogue/catalogue.types';
import type { Program, ProgramSlot } from './catalogue';
import {
  nextSession,
  type PlannedSession,
  projectedDates,
  type ScheduleState,
  sessionAt,
  sessionsInPlan,
} from './schedule.rules';

/** Upcoming sessions the member's program view lists. */
export const UPCOMING_SHOWN = 6;

export function programSummary(program: Program): ProgramSummary {
  const equipment = new Set<Equipment>(
    program.days.flatMap((day) => day.slots.flatMap((slot) => catalogueExercise(slot.exercise)?.equipment ?? [])),
  );
  return {
    id: program.id,
    name: program.name,
    summary: program.summary,
    goal: program.goal,
    level: program.level,
    weeks: program.weeks,
    daysPerWeek: program.days.length,
    deloadWeeks: [...program.deloadWeeks],
    weekdays: [...program.weekdays],
    equipment: [...equipment],
  };
}

/** How a slot progresses, in a trainer's words. */
export function slotPlan(slot: ProgramSlot): string {
  const t = slot.target;
  switch (t.kind) {
    case 'double':
      return `${slot.sets} × ${t.repsMin}–${t.repsMax}: reps up to ${t.repsMax} on every set, then the load up`;
    case 'wave':
      return '3 sets on the week’s wave (5s, 3s, 5/3/1, light) of a training max from your log';
    case 'reps':
      return `${slot.sets} × ${t.reps}${t.addPerWeek ? `, +${t.addPerWeek} a week to ${t.max}` : ''}`;
    case 'time':
      return `${slot.sets} × ${formatSeconds(t.seconds)}${t.addPerWeek ? `, +${t.addPerWeek} s a week to ${formatSeconds(t.max)}` : ''}`;
    case 'distance':
      return `${slot.sets} × ${t.meters} m${t.addPerWeek ? `, +${t.addPerWeek} m a week` : ''}`;
    case 'weeks':
      return `Run-walk rounds from ${t.weeks[0].sets} × ${formatSeconds(t.weeks[0].workSeconds)} to ${formatSeconds(t.weeks[t.weeks.length - 1].workSeconds)} of running`;
  }
}

export function programDetail(program: Program): ProgramDetail {
  return {
    ...programSummary(program),
    days: program.days.map((day) => ({
      name: day.name,
      type: day.type,
      exercises: day.slots.map((slot) => ({
        catalogueId: slot.exercise,
        name: catalogueExercise(slot.exercise)?.name ?? slot.exercise,
        phase: slot.phase,
        plan: slotPlan(slot),
      })),
    })),
  };
}

function sessionView(program: Program, session: PlannedSession): PlannedSessionView {
  return { ...session, dayName: program.days[session.day].name };
}

export function activeProgramView(
  program: Program,
  state: ScheduleState,
  today: string,
  workoutId: string | null,
): ActiveProgramView {
  const next = nextSession(program, state, today);
  const dates = next.kind === 'next' ? projectedDates(program, state, today) : [];
  const first = next.kind === 'next' ? next.session.index : 0;
  return {
    programId: program.id,
    programName: program.name,
    status: next.kind === 'finished' ? 'finished' : state.status,
    startedOn: state.startedOn,
    done: Math.min(state.done, sessionsInPlan(program)),
    total: sessionsInPlan(program),
    next:
      next.kind === 'next'
        ? { session: sessionView(program, next.session), when: next.when, behind: next.behind, nextOn: next.nextOn }
        : null,
    upcoming: dates
      .slice(0, UPCOMING_SHOWN)
      .map((date, i) => ({ date, session: sessionView(program, sessionAt(program, first + i)) })),
    finishOn: dates.at(-1) ?? null,
    workoutId,
  };
}
