import { DIFFICULTIES, EQUIPMENT, ExerciseView, LIMITATIONS, NO_HEALTH_ANSWERS, WORKOUT_TYPES } from '../../contract';
import { type ScreeningLimits, screen } from '../screening/screening.rules';
import type { PlanRequest } from '../../ai/ai.provider';
import { doseProblems } from '../../../test/support/plan-checks';
import { catalogueExercise } from '../catalogue';
import type { Equipment } from '../catalogue/catalogue.types';
import { allowedFor } from './eligibility.rules';
import { buildSession } from './session.rules';
import { SwapContext, swapExercise } from './swap.rules';

const entry = (id: string | undefined) => catalogueExercise(id ?? '')!;

function workoutFor(over: Partial<PlanRequest>): { exercises: ExerciseView[]; context: SwapContext } {
  const request: PlanRequest = { type: 'strength', difficulty: 'intermediate', minutes: 45, avoidMuscles: [], equipment: [], limitations: [], focus: [], goal: null, ...over };
  const exercises = buildSession(request).exercises.map((e, i) => ({ ...e, id: `ex${i + 1}` }));
  return { exercises, context: { type: request.type, difficulty: request.difficulty, equipment: request.equipment, limitations: request.limitations, screening: request.screening, seed: 'workout-1' } };
}

const pregnancy = screen({ ...NO_HEALTH_ANSWERS, pregnancy: 'pregnant', pregnancyWeeks: 24 });
const PREGNANT: ScreeningLimits | undefined = pregnancy.kind === 'adapt' ? pregnancy.limits : undefined;

describe('SWAP', () => {
  const cases = WORKOUT_TYPES.flatMap((type) =>
    DIFFICULTIES.flatMap((difficulty) => [
      { type, difficulty, equipment: [] as PlanRequest['equipment'], limitations: [] as PlanRequest['limitations'] },
      { type, difficulty, equipment: ['dumbbells', 'bench'] as PlanRequest['equipment'], limitations: ['knee'] as PlanRequest['limitations'] },
      { type, difficulty, equipment: [...EQUIPMENT], limitations: ['shoulder', 'lower_back'] as PlanRequest['limitations'] },
      // Every single limitation, at home and in a full gym, and under a pregnancy's screening.
      ...LIMITATIONS.flatMap((limitation) => [
        { type, difficulty, equipment: [] as PlanRequest['equipment'], limitations: [limitation] },
        { type, difficulty, equipment: [...EQUIPMENT], limitations: [limitation] },
        { type, difficulty, equipment: [...EQUIPMENT], limitations: [limitation], screening: PREGNANT },
      ]),
    ]),
  );

  it.each(cases)('$type / $difficulty with $equipment and $limitations ($screening.maxDifficulty): every swap is an equivalent the user may do, dosed alike', (over) => {
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
      expect([...after.equipment].sort()).toEqual([...before.equipment].sort());
      if (after.pattern === 'cyclical') expect([after.pace === 'either' || after.pace === (current.dose!.sets === 1 ? 'steady' : 'intervals')]).toEqual([true]);
      expect([after.id, allowedFor(after, context)]).toEqual([after.id, true]);
      expect(after.loads.filter((joint) => context.limitations.includes(joint))).toEqual([]);
      expect(exercises.map((e) => e.catalogueId)).not.toContain(after.id);
      expect(after.phases).toContain(current.phase);
      if (context.type === 'yoga') expect(after.impact).toBe('low');
      const dose = result.exercise.dose!;
      expect({ sets: dose.sets, restSeconds: dose.restSeconds }).toEqual({ sets: current.dose!.sets, restSeconds: current.dose!.restSeconds });
      if (current.dose!.kind === 'time') expect(dose.kind).toBe('time');
      if (dose.kind !== 'distance') expect(dose.eachSide).toBe(after.unilateral);
      expect(result.exercise.prescription.includes('each side')).toBe(after.unilateral);
      expect(doseProblems(dose, after, after.id)).toEqual([]);
    }
    expect(swapped).toBeGreaterThan(0);
  });

  it('requires the same equipment, and gives the same answer for the same workout', () => {
    const { exercises, context } = workoutFor({ equipment: ['dumbbells', 'bench'] });
    const target = exercises.find((e) => e.phase === 'main')!;
    const original = { ...entry(target.catalogueId), equipment: ['dumbbells'] as Equipment[] };
    const twin = (id: string, equipment: typeof original.equipment) => ({ ...original, id, name: id, equipment });
    const catalogue = [original, twin('bodyweight-twin', []), twin('dumbbell-twin', ['dumbbells'])];
    const result = swapExercise(exercises, target.id, context, catalogue);
    expect(result).toMatchObject({ kind: 'swapped', exercise: { catalogueId: 'dumbbell-twin', id: target.id } });
    expect(swapExercise(exercises, target.id, context, catalogue)).toEqual(result);
    // The same pattern with other equipment (here bodyweight, also at hand) is not the same exercise: 409.
    expect(swapExercise(exercises, target.id, context, [original, twin('bodyweight-twin', []), twin('bench-twin', ['dumbbells', 'bench'])])).toEqual({ kind: 'no_equivalent' });
  });

  it('keeps a steady block steady: a sprint never replaces it', () => {
    const { exercises, context } = workoutFor({ type: 'cardio', difficulty: 'intermediate', equipment: ['cardio_machine'] });
    const steady = exercises.find((e) => e.phase === 'main' && e.dose!.sets === 1)!;
    const original = entry(steady.catalogueId);
    expect(original).toMatchObject({ pattern: 'cyclical', equipment: ['cardio_machine'] });
    const twin = (id: string, pace: 'steady' | 'intervals') => ({ ...original, id, name: id, pace });
    expect(swapExercise(exercises, steady.id, context, [original, twin('sprint-twin', 'intervals')])).toEqual({ kind: 'no_equivalent' });
    expect(swapExercise(exercises, steady.id, context, [original, twin('sprint-twin', 'intervals'), twin('steady-twin', 'steady')])).toMatchObject({ kind: 'swapped', exercise: { catalogueId: 'steady-twin' } });
  });

  it('refuses an exercise the workout does not have, and one from before the catalogue', () => {
    const { exercises, context } = workoutFor({});
    expect(swapExercise(exercises, 'ex99', context)).toEqual({ kind: 'unknown_exercise' });
    const old: ExerciseView = { id: 'ex1', name: 'Push-Up', description: 'Press up.', phase: 'main', prescription: '3 × 10', muscles: ['chest'] };
    expect(swapExercise([old], 'ex1', context)).toEqual({ kind: 'no_equivalent' });
  });

  it('answers no equivalent when every exercise of the pattern is taken or not allowed', () => {
    const { exercises, context } = workoutFor({});
    const target = exercises.find((e) => e.phase === 'main')!;
    const pattern = entry(target.catalogueId).pattern;
    expect(swapExercise(exercises, target.id, context, [entry(target.catalogueId)])).toEqual({ kind: 'no_equivalent' });
    const onlyBarbell = { ...entry(target.catalogueId), id: 'barbell-twin', equipment: ['barbell_rack' as const], pattern };
    expect(swapExercise(exercises, target.id, context, [entry(target.catalogueId), onlyBarbell])).toEqual({ kind: 'no_equivalent' });
  });
});
