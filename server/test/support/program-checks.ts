/**
 * What every program must be, the catalogue's and the coach-built alike, as functions their tests
 * share; each answers the problems found (none: []).
 */
import type { Program } from '../../src/programs/catalogue';
import { programSessionPlan } from '../../src/programs/program-session.rules';
import { sessionAt, sessionsInPlan } from '../../src/programs/schedule.rules';
import { catalogueExercise } from '../../src/workouts/catalogue';

/** 4–12 weeks, a deload (not the first week), one distinct planned weekday per day. */
export function scheduleProblems(program: Program): string[] {
  const problems: string[] = [];
  if (program.weeks < 4 || program.weeks > 12) problems.push(`${program.weeks} weeks`);
  if (program.deloadWeeks.length === 0) problems.push('no deload week');
  for (const week of program.deloadWeeks)
    if (week < 2 || week > program.weeks) problems.push(`deload in week ${week} of ${program.weeks}`);
  if (program.weekdays.length !== program.days.length)
    problems.push(`${program.weekdays.length} weekdays for ${program.days.length} days`);
  if (new Set(program.weekdays).size !== program.weekdays.length) problems.push('a weekday twice');
  for (const day of program.weekdays) if (!(day >= 1 && day <= 7)) problems.push(`weekday ${day}`);
  return problems;
}

/** Every slot a catalogue exercise fit for its block, dosed as the exercise is (reps or not). */
export function slotProblems(program: Program): string[] {
  const problems: string[] = [];
  for (const day of program.days)
    for (const slot of day.slots) {
      const exercise = catalogueExercise(slot.exercise);
      if (!exercise) {
        problems.push(`${day.name}: ${slot.exercise} is not in the catalogue`);
        continue;
      }
      if (!exercise.phases.includes(slot.phase)) problems.push(`${day.name}: ${slot.exercise} in ${slot.phase}`);
      const wantsReps = slot.target.kind === 'double' || slot.target.kind === 'wave' || slot.target.kind === 'reps';
      if (wantsReps !== (exercise.dosing === 'reps'))
        problems.push(`${day.name}: ${slot.exercise} dosed ${slot.target.kind}, done by ${exercise.dosing}`);
      if (slot.target.kind === 'weeks' && slot.target.weeks.length !== program.weeks)
        problems.push(`${day.name}: ${slot.exercise} has ${slot.target.weeks.length} weeks of doses`);
    }
  return problems;
}

/** Every session of the plan a workout of 10–90 minutes with three exercises or more. */
export function sessionProblems(program: Program): string[] {
  const problems: string[] = [];
  for (let index = 0; index < sessionsInPlan(program); index++) {
    const built = programSessionPlan(program, sessionAt(program, index), new Map());
    if (built.minutes < 10 || built.minutes > 90) problems.push(`session ${index}: ${built.minutes} minutes`);
    if (built.plan.exercises.length < 3) problems.push(`session ${index}: ${built.plan.exercises.length} exercises`);
    if (built.plan.notes.length > 6) problems.push(`session ${index}: ${built.plan.notes.length} notes`);
  }
  return problems;
}
