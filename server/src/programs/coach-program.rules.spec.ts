import { scheduleProblems, sessionProblems, slotProblems } from '../../test/support/program-checks';
import { COACH_PROGRAM_ID, DIFFICULTIES, TRAINING_GOALS } from '../contract';
import { catalogueExercise } from '../workouts/catalogue';
import type { Equipment, Limitation } from '../workouts/catalogue/catalogue.types';
import { allowedFor } from '../workouts/programming/eligibility.rules';
import { buildCoachProgram, coachProgramRequest, programAsked } from './coach-program.rules';

const PROFILE = { goal: null, level: 'beginner', equipment: [], limitations: [] } as const;

describe('what a message asks of a program', () => {
  it.each([
    ['4-week plan, 3 days a week', { weeks: 4, daysPerWeek: 3 }],
    ['a 12-week programme to build muscle, 5 days per week', { weeks: 12, daysPerWeek: 5, goal: 'build_muscle' }],
    ['two months of running, four times a week', { weeks: 8, daysPerWeek: 4, goal: 'endurance' }],
    ['something for my flexibility, 2x week', { daysPerWeek: 2, goal: 'mobility' }],
    ['I want to lose weight', { goal: 'lose_fat' }],
    ['hello coach', {}],
  ])('%s', (message, asked) => expect(programAsked(message)).toEqual(asked));

  it('takes what the member chose, else what they said last, else the profile and the level', () => {
    const said = ['make it 6 weeks', '3 days a week for 10 weeks to build muscle'];
    expect(coachProgramRequest({ daysPerWeek: 5 }, said, PROFILE)).toMatchObject({
      daysPerWeek: 5,
      weeks: 6,
      goal: 'build_muscle',
    });
    expect(coachProgramRequest({}, [], { ...PROFILE, goal: 'lose_fat', level: 'intermediate' })).toMatchObject({
      daysPerWeek: 4,
      weeks: 8,
      goal: 'lose_fat',
    });
    expect(coachProgramRequest({}, [], PROFILE)).toMatchObject({ daysPerWeek: 3, goal: 'general_fitness' });
  });

  it('keeps days and weeks within what a program has', () => {
    expect(coachProgramRequest({}, ['7 days a week for 20 weeks'], PROFILE)).toMatchObject({
      daysPerWeek: 6,
      weeks: 12,
    });
    expect(coachProgramRequest({}, ['1 day a week, 1 week'], PROFILE)).toMatchObject({ daysPerWeek: 2, weeks: 4 });
  });
});

describe('a program the coach builds', () => {
  const KITS: Equipment[][] = [
    [],
    ['dumbbells', 'bench'],
    ['barbell_rack', 'bench', 'dumbbells', 'machines', 'pullup_bar'],
  ];
  const LIMITS: Limitation[][] = [[], ['knee'], ['shoulder', 'lower_back']];
  const cases = TRAINING_GOALS.flatMap((goal) =>
    [2, 3, 4, 5, 6].flatMap((daysPerWeek) =>
      DIFFICULTIES.flatMap((level, l) =>
        KITS.map((equipment, k) => ({
          goal,
          level,
          daysPerWeek,
          weeks: 4 + ((daysPerWeek + l + k) % 9),
          equipment,
          limitations: LIMITS[(k + l) % LIMITS.length],
        })),
      ),
    ),
  );

  it.each(
    cases.map(
      (request) =>
        [
          `${request.goal} ${request.daysPerWeek}d ${request.level} ${request.equipment.join('+') || 'bodyweight'} sparing ${request.limitations.join('+') || 'nothing'}`,
          request,
        ] as const,
    ),
  )('%s: a sound program of exercises the member may do, different across the week', (_label, request) => {
    const program = buildCoachProgram(request);
    expect(program).toMatchObject({
      id: COACH_PROGRAM_ID,
      goal: request.goal,
      level: request.level,
      weeks: request.weeks,
    });
    expect(program.days).toHaveLength(request.daysPerWeek);
    expect([...scheduleProblems(program), ...slotProblems(program), ...sessionProblems(program)]).toEqual([]);
    const constraints = { difficulty: request.level, equipment: request.equipment, limitations: request.limitations };
    for (const day of program.days) {
      const main = day.slots.filter((slot) => slot.phase === 'main');
      expect({ day: day.name, main: main.length >= (day.type === 'cardio' ? 1 : 3) }).toEqual({
        day: day.name,
        main: true,
      });
      expect(new Set(main.map((slot) => slot.exercise)).size).toBe(main.length);
      for (const slot of day.slots)
        expect({ slot: slot.exercise, allowed: allowedFor(catalogueExercise(slot.exercise)!, constraints) }).toEqual({
          slot: slot.exercise,
          allowed: true,
        });
    }
  });

  it('progresses loaded work by double progression in the goal’s range, bodyweight by reps, holds by seconds', () => {
    const muscle = buildCoachProgram(
      coachProgramRequest({}, ['4 days a week'], {
        ...PROFILE,
        goal: 'build_muscle',
        equipment: ['dumbbells', 'bench'],
      }),
    );
    const targets = muscle.days.flatMap((day) =>
      day.slots.filter((slot) => slot.phase === 'main').map((slot) => slot.target),
    );
    expect(targets).toContainEqual({ kind: 'double', repsMin: 8, repsMax: 12 });
    expect(muscle.name).toBe('Your 4-Day Upper/Lower');
    expect(muscle.summary).toMatch(/then the weight goes up by the smallest step\. Weeks 4 and 8 are lighter\.$/);

    const bodyweight = buildCoachProgram(coachProgramRequest({}, [], { ...PROFILE, goal: 'lose_fat' }));
    const kinds = new Set(
      bodyweight.days.flatMap((day) => day.slots.filter((s) => s.phase === 'main').map((s) => s.target.kind)),
    );
    expect([...kinds].sort()).toEqual(['reps', 'time']);
    expect(bodyweight.summary).toMatch(/bodyweight only\. Each exercise adds a rep/);
  });

  it('trains endurance on growing cardio blocks and mobility on poses', () => {
    const run = buildCoachProgram(coachProgramRequest({}, ['running 3 days a week for 10 weeks'], PROFILE));
    expect(run.days.map((day) => day.name)).toEqual(['Easy Cardio', 'Strength for Endurance', 'Long Cardio']);
    const long = run.days[2].slots.find((slot) => slot.phase === 'main')!;
    expect(long.target).toEqual({ kind: 'time', seconds: 1800, addPerWeek: 240, max: 4200 });
    expect(run.deloadWeeks).toEqual([4, 8]);

    const mobility = buildCoachProgram(coachProgramRequest({}, ['mobility twice... 2 days a week'], PROFILE));
    expect(mobility.days.every((day) => day.type === 'yoga')).toBe(true);
  });

  it('says what it spares and keeps to the health screening', () => {
    const knee = buildCoachProgram(coachProgramRequest({}, [], { ...PROFILE, limitations: ['knee'] }));
    expect(knee.summary).toContain('nothing that loads your knee');
    const limits = {
      noSupine: true,
      noProne: true,
      noHighImpact: true,
      noAllOut: true,
      maxDifficulty: 'beginner',
      notes: ['Past the first trimester: nothing lying on the back.'],
    } as const;
    for (const goal of TRAINING_GOALS) {
      const screened = buildCoachProgram(
        coachProgramRequest({}, [], { ...PROFILE, goal }, { ...limits, notes: [...limits.notes] }),
      );
      for (const entry of screened.days.flatMap((day) => day.slots).map((slot) => catalogueExercise(slot.exercise)!))
        expect({ id: entry.id, impact: entry.impact, lying: entry.lying, allOut: entry.allOut }).toEqual({
          id: entry.id,
          impact: expect.not.stringMatching(/^high$/),
          lying: undefined,
          allOut: undefined,
        });
    }
  });
});
