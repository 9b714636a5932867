import { scheduleProblems, sessionProblems, slotProblems } from '../../../test/support/program-checks';
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
    (_id, program) => expect(scheduleProblems(program)).toEqual([]),
  );

  it.each(PROGRAMS.map((p) => [p.id, p] as const))(
    '%s: every slot is a catalogue exercise fit for its block and dose',
    (_id, program) => expect(slotProblems(program)).toEqual([]),
  );

  it.each(PROGRAMS.map((p) => [p.id, p] as const))(
    '%s: every session of the plan builds a valid workout within the plan minutes',
    (_id, program) => expect(sessionProblems(program)).toEqual([]),
  );
});
