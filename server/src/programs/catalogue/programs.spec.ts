import { catalogueExercise } from '../../workouts/catalogue';
import { programSessionPlan } from '../program-session.rules';
import { sessionAt, sessionsInPlan } from '../schedule.rules';
import { PROGRAMS } from '.';

describe('programs catalogue', () => {
  it('holds at least six programs with unique ids, among them the kinds members ask for', () => {
    expect(PROGRAMS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(PROGRAMS.map((p) => p.id)).size).toBe(PROGRAMS.length);
    expect(PROGRAMS.map((p) => p.id)).toEqual(
      expect.arrayContaining([
        'full-body-3',
        'upper-lower-4',
        'strength-531',
        'couch-to-5k',
        'mobility-block',
        'hypertrophy-split',
      ]),
    );
  });

  it.each(PROGRAMS.map((p) => [p.id, p] as const))(
    '%s: 4–12 weeks, a deload, one planned weekday per day',
    (_id, program) => {
      expect(program.weeks).toBeGreaterThanOrEqual(4);
      expect(program.weeks).toBeLessThanOrEqual(12);
      expect(program.deloadWeeks.length).toBeGreaterThan(0);
      for (const week of program.deloadWeeks) expect(week).toBeGreaterThanOrEqual(2);
      for (const week of program.deloadWeeks) expect(week).toBeLessThanOrEqual(program.weeks);
      expect(program.weekdays).toHaveLength(program.days.length);
      expect(new Set(program.weekdays).size).toBe(program.weekdays.length);
      for (const day of program.weekdays) expect([1, 2, 3, 4, 5, 6, 7]).toContain(day);
    },
  );

  it.each(PROGRAMS.map((p) => [p.id, p] as const))(
    '%s: every slot is a catalogue exercise fit for its block and dose',
    (_id, program) => {
      for (const day of program.days)
        for (const slot of day.slots) {
          const exercise = catalogueExercise(slot.exercise);
          expect({ slot: slot.exercise, found: !!exercise }).toEqual({ slot: slot.exercise, found: true });
          expect(exercise!.phases).toContain(slot.phase);
          const wantsReps = slot.target.kind === 'double' || slot.target.kind === 'wave' || slot.target.kind === 'reps';
          expect({ slot: slot.exercise, reps: exercise!.dosing === 'reps' }).toEqual({
            slot: slot.exercise,
            reps: wantsReps,
          });
          if (slot.target.kind === 'weeks') expect(slot.target.weeks).toHaveLength(program.weeks);
        }
    },
  );

  it.each(PROGRAMS.map((p) => [p.id, p] as const))(
    '%s: every session of the plan builds a valid workout within the plan minutes',
    (_id, program) => {
      for (let index = 0; index < sessionsInPlan(program); index++) {
        const built = programSessionPlan(program, sessionAt(program, index), new Map());
        expect(built.minutes).toBeGreaterThanOrEqual(10);
        expect(built.minutes).toBeLessThanOrEqual(90);
        expect(built.plan.exercises.length).toBeGreaterThanOrEqual(3);
        expect(built.plan.notes.length).toBeLessThanOrEqual(6);
      }
    },
  );
});
