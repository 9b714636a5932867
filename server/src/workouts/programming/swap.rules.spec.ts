import { doseProblems } from '../../../test/support/plan-checks';
import { DIFFICULTIES, EQUIPMENT, ExerciseView, LIMITATIONS, NO_HEALTH_ANSWERS, WORKOUT_TYPES } from '../../contract';
import type { PlanRequest, ScreeningLimits } from '../../contract/job-shapes';
import { CATALOGUE, catalogueExercise } from '../catalogue';
import type { Equipment } from '../catalogue/catalogue.types';
import { screen } from '../screening/screening.rules';
import { allowedFor, isCyclical, suitsBlock, takesPace } from './eligibility.rules';
import { buildSession, plannedExercise } from './session.rules';
import { SwapContext, swapExercise } from './swap.rules';

const entry = (id: string | undefined) => catalogueExercise(id ?? '')!;

function workoutFor(over: Partial<PlanRequest>): { exercises: ExerciseView[]; context: SwapContext } {
  const request: PlanRequest = {
    type: 'strength',
    difficulty: 'intermediate',
    minutes: 45,
    avoidMuscles: [],
    equipment: [],
    limitations: [],
    focus: [],
    goal: null,
    ...over,
  };
  const exercises = buildSession(request).exercises.map((e, i) => ({ ...e, id: `ex${i + 1}` }));
  return {
    exercises,
    context: {
      type: request.type,
      difficulty: request.difficulty,
      equipment: request.equipment,
      limitations: request.limitations,
      screening: request.screening,
      seed: 'workout-1',
    },
  };
}

const pregnancy = screen({ ...NO_HEALTH_ANSWERS, pregnancy: 'pregnant', pregnancyWeeks: 24 });
const PREGNANT: ScreeningLimits | undefined = pregnancy.kind === 'adapt' ? pregnancy.limits : undefined;

describe('SWAP', () => {
  const cases = WORKOUT_TYPES.flatMap((type) =>
    DIFFICULTIES.flatMap((difficulty) => [
      { type, difficulty, equipment: [] as PlanRequest['equipment'], limitations: [] as PlanRequest['limitations'] },
      {
        type,
        difficulty,
        equipment: ['dumbbells', 'bench'] as PlanRequest['equipment'],
        limitations: ['knee'] as PlanRequest['limitations'],
      },
      {
        type,
        difficulty,
        equipment: [...EQUIPMENT],
        limitations: ['shoulder', 'lower_back'] as PlanRequest['limitations'],
      },
      // Every single limitation, at home and in a full gym, and under a pregnancy's screening.
      ...LIMITATIONS.flatMap((limitation) => [
        { type, difficulty, equipment: [] as PlanRequest['equipment'], limitations: [limitation] },
        { type, difficulty, equipment: [...EQUIPMENT], limitations: [limitation] },
        { type, difficulty, equipment: [...EQUIPMENT], limitations: [limitation], screening: PREGNANT },
      ]),
    ]),
  );

  it.each(cases)(
    '$type / $difficulty with $equipment and $limitations ($screening.maxDifficulty): every swap is an equivalent the user may do, dosed alike',
    (over) => {
      const { exercises, context } = workoutFor(over);
      let swapped = 0;
      for (const current of exercises) {
        const result = swapExercise(exercises, current.id, context);
        if (result.kind === 'no_equivalent') continue;
        expect(result.kind).toBe('swapped');
        if (result.kind !== 'swapped') continue;
        swapped += 1;
        const [before, after] = [entry(current.catalogueId), entry(result.exercise.catalogueId)];
        expect(result.index).toBe(exercises.indexOf(current));
        expect(result.exercise).toMatchObject({ id: current.id, phase: current.phase, name: after.name });
        expect(after.pattern).toBe(before.pattern);
        expect(after.primary.some((m) => before.primary.includes(m))).toBe(true);
        if (after.pattern === 'cyclical')
          expect([
            after.pace === 'either' || after.pace === (current.dose!.sets === 1 ? 'steady' : 'intervals'),
          ]).toEqual([true]);
        expect([after.id, allowedFor(after, context)]).toEqual([after.id, true]);
        expect(after.loads.filter((joint) => context.limitations.includes(joint))).toEqual([]);
        expect(exercises.map((e) => e.catalogueId)).not.toContain(after.id);
        expect(after.phases).toContain(current.phase);
        if (context.type === 'yoga') expect(after.impact).toBe('low');
        const dose = result.exercise.dose!;
        expect({ sets: dose.sets, restSeconds: dose.restSeconds }).toEqual({
          sets: current.dose!.sets,
          restSeconds: current.dose!.restSeconds,
        });
        if (current.dose!.kind === 'time') expect(dose.kind).toBe('time');
        if (dose.kind !== 'distance') expect(dose.eachSide).toBe(after.unilateral);
        expect(result.exercise.prescription.includes('each side')).toBe(after.unilateral);
        expect(doseProblems(dose, after, after.id)).toEqual([]);
      }
      expect(swapped).toBeGreaterThan(0);
    },
  );

  it('prefers the same equipment, takes any other at hand, and gives the same answer for the same workout', () => {
    const { exercises, context } = workoutFor({ equipment: ['dumbbells', 'bench'] });
    const target = exercises.find((e) => e.phase === 'main')!;
    const original = { ...entry(target.catalogueId), equipment: ['dumbbells'] as Equipment[] };
    const twin = (id: string, equipment: typeof original.equipment) => ({ ...original, id, name: id, equipment });
    const catalogue = [original, twin('bodyweight-twin', []), twin('dumbbell-twin', ['dumbbells'])];
    const result = swapExercise(exercises, target.id, context, catalogue);
    expect(result).toMatchObject({ kind: 'swapped', exercise: { catalogueId: 'dumbbell-twin', id: target.id } });
    expect(swapExercise(exercises, target.id, context, catalogue)).toEqual(result);
    // Other equipment at hand is an equivalent too, a loaded one before bodyweight.
    expect(
      swapExercise(exercises, target.id, context, [
        original,
        twin('bodyweight-twin', []),
        twin('bench-twin', ['dumbbells', 'bench']),
      ]),
    ).toMatchObject({ kind: 'swapped', exercise: { catalogueId: 'bench-twin' } });
    expect(swapExercise(exercises, target.id, context, [original, twin('bodyweight-twin', [])])).toMatchObject({
      kind: 'swapped',
      exercise: { catalogueId: 'bodyweight-twin' },
    });
    // The same pattern working none of the original's prime movers is not an equivalent.
    const otherMuscles = {
      ...twin('other-muscles', ['dumbbells']),
      primary: CATALOGUE.find((e) => !e.primary.some((m) => original.primary.includes(m)))!.primary,
    };
    expect(swapExercise(exercises, target.id, context, [original, otherMuscles])).toEqual({ kind: 'no_equivalent' });
  });

  it('finds an equivalent for a kettlebell floor press and a dumbbell step-up with dumbbells and a bench', () => {
    const context: SwapContext = {
      type: 'strength',
      difficulty: 'intermediate',
      equipment: ['dumbbells', 'bench'],
      limitations: [],
      seed: 'w',
    };
    for (const id of ['kettlebell-floor-press', 'dumbbell-step-up']) {
      const exercise = CATALOGUE.find((e) => e.id === id);
      expect(exercise).toBeDefined();
      const planned = {
        ...plannedExercise(exercise!, 'main', {
          kind: 'reps',
          sets: 3,
          reps: 10,
          restSeconds: 60,
          eachSide: exercise!.unilateral,
        }),
        id: 'ex1',
      };
      expect({ id, kind: swapExercise([planned], 'ex1', context).kind }).toEqual({ id, kind: 'swapped' });
    }
  });

  // Every main exercise the catalogue has, with each equipment set: whenever the catalogue holds an
  // exercise of the same pattern sharing a prime mover that the user may do in that block, SWAP finds one.
  it('finds an equivalent whenever the catalogue has one, for every exercise and equipment set', () => {
    const missed: string[] = [];
    const sets: Equipment[][] = [[], ['dumbbells', 'bench'], ['kettlebell', 'bands'], [...EQUIPMENT]];
    for (const type of WORKOUT_TYPES) {
      for (const equipment of sets) {
        const context: SwapContext = { type, difficulty: 'advanced', equipment, limitations: [], seed: 'sweep' };
        for (const exercise of CATALOGUE.filter((e) => e.types.includes(type) && suitsBlock(e, 'main', type))) {
          const dose =
            exercise.dosing === 'reps'
              ? ({ kind: 'reps', sets: 3, reps: 10, restSeconds: 60, eachSide: exercise.unilateral } as const)
              : ({ kind: 'time', sets: 3, workSeconds: 30, restSeconds: 30, eachSide: exercise.unilateral } as const);
          const planned = { ...plannedExercise(exercise, 'main', dose), id: 'ex1' };
          const exists = CATALOGUE.some(
            (e) =>
              e.id !== exercise.id &&
              e.pattern === exercise.pattern &&
              e.primary.some((m) => exercise.primary.includes(m)) &&
              allowedFor(e, context) &&
              suitsBlock(e, 'main', type) &&
              e.types.includes(type) &&
              (!isCyclical(e) || takesPace(e, 'intervals')),
          );
          const found = swapExercise([planned], 'ex1', context).kind === 'swapped';
          if (exists !== found)
            missed.push(
              `${type} ${equipment.join('+') || 'bodyweight'} ${exercise.id}: catalogue ${exists ? 'has' : 'has no'} equivalent, SWAP ${found ? 'found one' : 'found none'}`,
            );
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it('keeps a steady block steady: a sprint never replaces it', () => {
    const { exercises, context } = workoutFor({
      type: 'cardio',
      difficulty: 'intermediate',
      equipment: ['cardio_machine'],
    });
    const steady = exercises.find((e) => e.phase === 'main' && e.dose!.sets === 1)!;
    const original = entry(steady.catalogueId);
    expect(original).toMatchObject({ pattern: 'cyclical', equipment: ['cardio_machine'] });
    const twin = (id: string, pace: 'steady' | 'intervals') => ({ ...original, id, name: id, pace });
    expect(swapExercise(exercises, steady.id, context, [original, twin('sprint-twin', 'intervals')])).toEqual({
      kind: 'no_equivalent',
    });
    expect(
      swapExercise(exercises, steady.id, context, [
        original,
        twin('sprint-twin', 'intervals'),
        twin('steady-twin', 'steady'),
      ]),
    ).toMatchObject({ kind: 'swapped', exercise: { catalogueId: 'steady-twin' } });
  });

  it('refuses an exercise the workout does not have, and one from before the catalogue', () => {
    const { exercises, context } = workoutFor({});
    expect(swapExercise(exercises, 'ex99', context)).toEqual({ kind: 'unknown_exercise' });
    const old: ExerciseView = {
      id: 'ex1',
      name: 'Push-Up',
      description: 'Press up.',
      phase: 'main',
      prescription: '3 × 10',
      muscles: ['chest'],
    };
    expect(swapExercise([old], 'ex1', context)).toEqual({ kind: 'no_equivalent' });
  });

  it('answers no equivalent when every exercise of the pattern is taken or not allowed', () => {
    const { exercises, context } = workoutFor({});
    const target = exercises.find((e) => e.phase === 'main')!;
    const pattern = entry(target.catalogueId).pattern;
    expect(swapExercise(exercises, target.id, context, [entry(target.catalogueId)])).toEqual({ kind: 'no_equivalent' });
    const onlyBarbell = {
      ...entry(target.catalogueId),
      id: 'barbell-twin',
      equipment: ['barbell_rack' as const],
      pattern,
    };
    expect(swapExercise(exercises, target.id, context, [entry(target.catalogueId), onlyBarbell])).toEqual({
      kind: 'no_equivalent',
    });
  });
});
