import { DIFFICULTIES, DURATIONS, EQUIPMENT, WORKOUT_TYPES } from '../../contract/values';
import { PlanRequest, WorkoutPlan } from '../ai.provider';
import { EXERCISE_LIBRARY } from './exercise-library';
import { buildPlan, fitDose } from './plan.rules';

const request = (over: Partial<PlanRequest> = {}): PlanRequest => ({
  type: 'strength',
  difficulty: 'intermediate',
  minutes: 45,
  avoidMuscles: [],
  equipment: [...EQUIPMENT],
  limitations: [],
  focus: [],
  goal: null,
  ...over,
});
const byName = new Map(EXERCISE_LIBRARY.map((e) => [e.name, e]));

describe('the exercise library', () => {
  it('holds at least 60 distinct exercises, each with instructions, tags and every type covered', () => {
    expect(EXERCISE_LIBRARY.length).toBeGreaterThanOrEqual(60);
    expect(new Set(EXERCISE_LIBRARY.map((e) => e.slug)).size).toBe(EXERCISE_LIBRARY.length);
    for (const e of EXERCISE_LIBRARY) {
      expect(e.instructions.length).toBeGreaterThan(40);
      expect(e.muscles.length).toBeGreaterThan(0);
    }
    for (const type of WORKOUT_TYPES) expect(EXERCISE_LIBRARY.filter((e) => e.phase === 'main' && e.types.includes(type)).length).toBeGreaterThanOrEqual(10);
  });
});

describe('local plans', () => {
  const combos = WORKOUT_TYPES.flatMap((type) => DIFFICULTIES.flatMap((difficulty) => DURATIONS.map((minutes) => ({ type, difficulty, minutes }))));

  it.each(combos)('$type / $difficulty / $minutes min is a valid warm-up, main, cool-down plan that fits', (combo) => {
    const plan = buildPlan(request(combo));
    expect(WorkoutPlan.safeParse(plan).success).toBe(true);
    const phases = plan.exercises.map((e) => e.phase);
    expect(phases.indexOf('main')).toBeGreaterThan(0);
    expect(phases.lastIndexOf('main')).toBeLessThan(phases.length - 1);
    expect(phases.filter((p) => p === 'main').length).toBeGreaterThanOrEqual(2);
    expect(new Set(plan.exercises.map((e) => e.name)).size).toBe(plan.exercises.length);
    expect(plan.minutes).toBeLessThanOrEqual(combo.minutes);
    expect(plan.minutes).toBeGreaterThanOrEqual(combo.minutes * 0.6);
    const levelCap = DIFFICULTIES.indexOf(combo.difficulty) + 1;
    for (const e of plan.exercises) expect(byName.get(e.name)!.level).toBeLessThanOrEqual(levelCap);
  });

  it('grows with the duration and is the same for the same inputs', () => {
    const count = (minutes: number) => buildPlan(request({ minutes })).exercises.length;
    expect(count(60)).toBeGreaterThan(count(15));
    expect(buildPlan(request())).toEqual(buildPlan(request()));
    expect(buildPlan(request({ type: 'hiit' }))).not.toEqual(buildPlan(request()));
  });

  it('leaves out muscles trained hard in the last 48 hours and says so', () => {
    const plan = buildPlan(request({ avoidMuscles: ['legs', 'glutes'] }));
    const main = plan.exercises.filter((e) => e.phase === 'main');
    expect(main.length).toBeGreaterThanOrEqual(2);
    for (const e of main) expect(e.muscles).not.toEqual(expect.arrayContaining(['legs']));
    for (const e of main) expect(e.muscles).not.toContain('glutes');
    expect(plan.notes.join(' ')).toMatch(/Recovery: legs, glutes/);
  });

  it('fits minutes said in the chat between the generator options', () => {
    for (const minutes of [10, 20, 90]) {
      const plan = buildPlan(request({ minutes }));
      expect(plan.minutes).toBeLessThanOrEqual(minutes);
      expect(plan.minutes).toBeGreaterThanOrEqual(minutes * 0.6);
    }
  });

  it('uses only the equipment at hand and favours the focus', () => {
    const plan = buildPlan(request({ equipment: ['dumbbells'], focus: ['chest', 'back', 'shoulders', 'arms'] }));
    for (const e of plan.exercises) expect(['none', 'mat', 'dumbbells']).toContain(byName.get(e.name)!.equipment);
    for (const e of plan.exercises.filter((x) => x.phase === 'main')) expect(e.muscles.some((m) => ['chest', 'back', 'shoulders', 'arms'].includes(m))).toBe(true);
  });

  it('honours an injury and no equipment', () => {
    const plan = buildPlan(request({ type: 'hiit', limitations: ['knee', 'lower_back'], equipment: [] }));
    for (const e of plan.exercises) {
      const entry = byName.get(e.name)!;
      expect(entry.loads).not.toContain('knee');
      expect(entry.loads).not.toContain('lower_back');
      expect(['none', 'mat']).toContain(entry.equipment);
    }
    expect(plan.notes.join(' ')).toMatch(/knee/);
    expect(plan.notes.join(' ')).toMatch(/No equipment/);
  });

  it('stretches or shrinks the dose to fill the block', () => {
    expect(fitDose({ sets: 3, workSeconds: 45, restSeconds: 75 }, 5, 35 * 60)).toEqual({ sets: 3, workSeconds: 45, restSeconds: 75 });
    const long = fitDose({ sets: 2, workSeconds: 30, restSeconds: 10 }, 10, 47 * 60);
    expect(10 * long.sets * (long.workSeconds + long.restSeconds)).toBeLessThanOrEqual(47 * 60);
    expect(10 * long.sets * (long.workSeconds + long.restSeconds)).toBeGreaterThanOrEqual(0.75 * 47 * 60);
  });
});
