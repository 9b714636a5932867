import { planProblems } from '../../../test/support/plan-checks';
import type { ExerciseDose } from '../../contract';
import { DIFFICULTIES, DURATIONS, EQUIPMENT, LIMITATIONS, NO_HEALTH_ANSWERS, WORKOUT_TYPES } from '../../contract';
import type { PlanRequest, ScreeningLimits } from '../../contract/job-shapes';
import { CATALOGUE, catalogueExercise } from '../catalogue';
import type { Equipment } from '../catalogue/catalogue.types';
import { MUSCLE_GROUP_OF } from '../catalogue/catalogue.types';
import { screen } from '../screening/screening.rules';
import { sparedLimitations } from './eligibility.rules';
import { buildSession, eligibleIds } from './session.rules';

const request = (over: Partial<PlanRequest> = {}): PlanRequest => ({
  type: 'strength',
  difficulty: 'intermediate',
  minutes: 45,
  avoidMuscles: [],
  equipment: [],
  limitations: [],
  focus: [],
  goal: null,
  ...over,
});

/** The generator's durations and minutes a chat may ask for. */
const MINUTES = [...DURATIONS, 10, 20, 25, 90];
const EQUIPMENT_SETS: Record<string, Equipment[]> = {
  bodyweight: [],
  'dumbbells and bench': ['dumbbells', 'bench'],
  'home gym': ['dumbbells', 'kettlebell', 'bands', 'pullup_bar'],
  'full gym': [...EQUIPMENT],
};
/** Body parts a chat asks for ("upper body", "legs", "core"). */
const FOCUS: Record<string, PlanRequest['focus']> = {
  'no focus': [],
  'upper body': ['chest', 'back', 'shoulders', 'arms'],
  'lower body': ['legs', 'glutes'],
  core: ['core'],
  'chest and back': ['chest', 'back'],
};
const entry = (id: string | undefined) => catalogueExercise(id ?? '')!;
const main = (plan: ReturnType<typeof buildSession>) => plan.exercises.filter((e) => e.phase === 'main');

describe('every type × difficulty × minutes, with each equipment set and each single limitation', () => {
  const combos = WORKOUT_TYPES.flatMap((type) => DIFFICULTIES.map((difficulty) => ({ type, difficulty })));

  it.each(combos)(
    '$type / $difficulty: in time, dosed within bounds, only what the user may do, blocks in order',
    ({ type, difficulty }) => {
      const problems: string[] = [];
      const check = (over: Partial<PlanRequest>, label: string) => {
        const asked = request({ type, difficulty, ...over });
        problems.push(...planProblems(buildSession(asked), asked).map((p) => `${label}, ${asked.minutes} min: ${p}`));
      };
      for (const minutes of MINUTES) {
        for (const [label, equipment] of Object.entries(EQUIPMENT_SETS)) check({ minutes, equipment }, label);
        for (const limitation of LIMITATIONS) {
          check({ minutes, limitations: [limitation] }, `bodyweight, ${limitation}`);
          check({ minutes, limitations: [limitation], equipment: [...EQUIPMENT] }, `full gym, ${limitation}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  // The audit's sweep, with the body parts a chat asks for: no sprint as a steady block, no
  // jumping on a bad knee, no reps written as holds, no long jumping intervals, no odd rep counts,
  // strength of three exercises or more that trains what its name says, yoga made of poses.
  it.each(combos)(
    '$type / $difficulty with each focus, with and without a bad knee: nothing a coach would not sign',
    ({ type, difficulty }) => {
      const problems: string[] = [];
      for (const minutes of MINUTES) {
        for (const [label, equipment] of Object.entries(EQUIPMENT_SETS)) {
          for (const [part, focus] of Object.entries(FOCUS)) {
            for (const limitations of [[], ['knee']] as PlanRequest['limitations'][]) {
              const asked = request({ type, difficulty, minutes, equipment, focus, limitations });
              problems.push(
                ...planProblems(buildSession(asked), asked).map(
                  (p) => `${label}, ${part}, ${limitations.join() || 'no limitation'}, ${minutes} min: ${p}`,
                ),
              );
            }
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

/** The screenings a plan adapts to (docs/product.md, Health screening). */
const limitsOf = (answers: Partial<typeof NO_HEALTH_ANSWERS>): ScreeningLimits => {
  const result = screen({ ...NO_HEALTH_ANSWERS, ...answers });
  if (result.kind !== 'adapt') throw new Error('expected limits');
  return result.limits;
};
const SCREENINGS: Record<string, ScreeningLimits> = {
  'pregnant, week 22': limitsOf({ pregnancy: 'pregnant', pregnancyWeeks: 22 }),
  'pregnant, week 10, a runner before': limitsOf({ pregnancy: 'pregnant', pregnancyWeeks: 10, usedToHighImpact: true }),
  'six weeks after a birth': limitsOf({ pregnancy: 'postpartum', weeksSinceBirth: 6 }),
  'high blood pressure, recent operation': limitsOf({
    conditions: ['high_blood_pressure', 'recent_surgery_or_injury'],
  }),
};

describe('every type × difficulty × minutes under each health screening, with each limitation', () => {
  const shortfalls: string[] = [];
  const combos = WORKOUT_TYPES.flatMap((type) => DIFFICULTIES.map((difficulty) => ({ type, difficulty })));
  it.each(combos)(
    '$type / $difficulty: nothing the screening rules out, its advice first, at the level it allows',
    ({ type, difficulty }) => {
      const problems: string[] = [];
      for (const [label, screening] of Object.entries(SCREENINGS)) {
        for (const minutes of MINUTES) {
          for (const limitations of [[], ...LIMITATIONS.map((l) => [l])] as PlanRequest['limitations'][]) {
            for (const equipment of [EQUIPMENT_SETS.bodyweight, EQUIPMENT_SETS['full gym']]) {
              const asked = request({ type, difficulty, minutes, limitations, equipment, screening });
              const plan = buildSession(asked);
              const capped = {
                ...asked,
                difficulty:
                  DIFFICULTIES[
                    Math.min(DIFFICULTIES.indexOf(difficulty), DIFFICULTIES.indexOf(screening.maxDifficulty))
                  ],
              };
              const where = `${label}, ${limitations.join() || 'no limitation'}, ${equipment.length} items, ${minutes} min`;
              for (const problem of planProblems(plan, capped)) {
                // Too few poses spare a knee in a pregnancy past its first trimester to fill 90 minutes: the plan says how long it really is.
                if (
                  /^takes \d+ s/.test(problem) &&
                  plan.notes.includes(`About ${Math.round(plan.seconds / 60)} minutes, rests and changeovers included.`)
                )
                  shortfalls.push(`${type}/${difficulty}, ${where}`);
                else problems.push(`${where}: ${problem}`);
              }
              if (plan.notes[0] !== screening.notes[0]) problems.push(`${label}: the advice is not the first note`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('falls short of the minutes only for 90 minutes of yoga sparing a knee in a pregnancy, and then says how long it is', () => {
    expect([...new Set(shortfalls.map((s) => s.replace(/^yoga\/\w+, /, 'yoga, ').replace(/, \d items/, '')))]).toEqual([
      'yoga, pregnant, week 22, knee, 90 min',
    ]);
  });
});

describe('programming like a coach', () => {
  it('doses strength as sets × reps with rest, longer rests and fewer reps as the level rises', () => {
    const beginner = main(buildSession(request({ difficulty: 'beginner', equipment: ['dumbbells', 'bench'] })));
    const advanced = main(buildSession(request({ difficulty: 'advanced', equipment: ['dumbbells', 'bench'] })));
    for (const e of [...beginner, ...advanced].filter((e) => e.dose?.kind === 'reps'))
      expect(e.prescription).toMatch(/^\d × \d+( each side)? · rest \d+ s$/);
    const reps = (list: typeof beginner) =>
      list.flatMap((e) => (e.dose?.kind === 'reps' && entry(e.catalogueId).equipment.length ? [e.dose.reps] : []));
    expect(Math.max(...reps(advanced))).toBeLessThan(Math.min(...reps(beginner)));
    const rest = (list: typeof beginner) => Math.max(...list.map((e) => e.dose!.restSeconds));
    expect(rest(advanced)).toBeGreaterThan(rest(beginner));
  });

  it('doses HIIT as rounds of work and rest (holds as timed holds), jumps 30 s of the round, one-sided moves splitting it between sides', () => {
    const plan = buildSession(request({ type: 'hiit', difficulty: 'intermediate', minutes: 30 }));
    for (const e of main(plan)) {
      const { pattern, unilateral } = entry(e.catalogueId);
      const [work, rest] = pattern === 'plyometric' ? [30, 30] : [unilateral ? 20 : 40, 20];
      expect(e.prescription).toMatch(
        new RegExp(
          `^\\d rounds × ${work} s (work|each side) / ${rest} s rest$|^\\d × ${work} s hold( each side)? · rest ${rest} s$`,
        ),
      );
      expect(e.dose).toMatchObject({ kind: 'time', workSeconds: work, restSeconds: rest });
    }
    expect(main(plan).map((e) => entry(e.catalogueId).pattern)).toContain('plyometric');
  });

  it('gives strength three exercises or more even in 10 minutes (fewer sets, not fewer exercises), named for what it trains', () => {
    for (const difficulty of DIFFICULTIES) {
      const plan = buildSession(request({ difficulty, minutes: 10 }));
      expect([difficulty, main(plan).length >= 3]).toEqual([difficulty, true]);
    }
    // The audit's "Chest & Back" session of a thruster and a renegade row.
    const upperBody = buildSession(
      request({
        difficulty: 'advanced',
        minutes: 20,
        equipment: ['dumbbells'],
        focus: ['chest', 'back', 'shoulders', 'arms'],
      }),
    );
    const trained = new Set(
      main(upperBody).flatMap((e) => entry(e.catalogueId).primary.map((m) => MUSCLE_GROUP_OF[m])),
    );
    expect(upperBody.name).toMatch(/^Chest & Back Strength/);
    expect([...trained]).toEqual(expect.arrayContaining(['chest', 'back']));
    expect(main(upperBody).length).toBeGreaterThanOrEqual(3);
  });

  it('rides, rows and runs steadily only on steady-paced work, sprints and intervals in rounds', () => {
    for (const [difficulty, minutes, limitations] of DIFFICULTIES.flatMap((d) =>
      [15, 30, 45].flatMap(
        (m) =>
          [
            [d, m, []],
            [d, m, ['knee']],
          ] as const,
      ),
    )) {
      const plan = buildSession(
        request({ type: 'cardio', difficulty, minutes, equipment: ['cardio_machine'], limitations: [...limitations] }),
      );
      for (const e of main(plan).filter((m) => entry(m.catalogueId).pattern === 'cyclical')) {
        expect([e.name, entry(e.catalogueId).pace]).not.toEqual([e.name, e.dose!.sets === 1 ? 'intervals' : 'steady']);
      }
    }
  });

  it('gives cardio steady minutes on a machine when there is one, and a circuit of short intervals when there is not', () => {
    const machine = main(
      buildSession(request({ type: 'cardio', difficulty: 'beginner', minutes: 45, equipment: ['cardio_machine'] })),
    );
    expect(machine.some((e) => /^\d+ min steady$|km steady$/.test(e.prescription))).toBe(true);
    const bodyweight = main(buildSession(request({ type: 'cardio', difficulty: 'advanced', minutes: 60 })));
    for (const e of bodyweight.filter((e) => entry(e.catalogueId).pattern !== 'cyclical'))
      expect(e.dose).toMatchObject({ kind: 'time', workSeconds: expect.any(Number) });
    const work = bodyweight.flatMap((e) =>
      entry(e.catalogueId).pattern !== 'cyclical' && e.dose?.kind === 'time' ? [e.dose.workSeconds] : [],
    );
    expect(Math.max(...work)).toBeLessThanOrEqual(60);
  });

  it('holds yoga poses 30–60 s with "each side" for one-sided ones, and never jumps', () => {
    for (const difficulty of DIFFICULTIES) {
      const plan = buildSession(request({ type: 'yoga', difficulty, minutes: 30 }));
      expect(plan.exercises.every((e) => entry(e.catalogueId).impact === 'low')).toBe(true);
      for (const e of main(plan).filter((e) => e.dose?.kind === 'time')) {
        const hold = e.dose?.kind === 'time' ? e.dose.workSeconds : 0;
        expect(hold).toBeGreaterThanOrEqual(30);
        expect(hold).toBeLessThanOrEqual(60);
        if (entry(e.catalogueId).unilateral) expect(e.prescription).toMatch(/each side/);
      }
    }
    expect(
      buildSession(request({ type: 'yoga', difficulty: 'beginner', minutes: 15 })).exercises[0].catalogueId,
    ).not.toBe('jumping-jacks');
  });

  it('blends strength sets and a conditioning finisher in a mixed session', () => {
    const styles = main(buildSession(request({ type: 'mixed', minutes: 45, equipment: ['dumbbells'] }))).map(
      (e) => e.dose!.kind,
    );
    expect(styles).toContain('reps');
    expect(styles[styles.length - 1]).toBe('time');
  });

  it('grows with the minutes and is the same for the same request', () => {
    expect(buildSession(request({ minutes: 60 })).exercises.length).toBeGreaterThan(
      buildSession(request({ minutes: 15 })).exercises.length,
    );
    expect(buildSession(request())).toEqual(buildSession(request()));
    expect(buildSession(request({ type: 'hiit' }))).not.toEqual(buildSession(request()));
  });

  it('gives most of the main block to the body part asked for, and says so', () => {
    const plan = buildSession(request({ focus: ['legs'], equipment: ['dumbbells', 'bench'] }));
    const legs = main(plan).filter((e) =>
      entry(e.catalogueId).primary.some((m) => ['legs', 'glutes'].includes(MUSCLE_GROUP_OF[m])),
    );
    expect(legs.length / main(plan).length).toBeGreaterThanOrEqual(0.6);
    expect(plan.name).toMatch(/^Legs Strength/);
    expect(plan.notes).toContain('Focus: legs.');
  });

  it('leaves out muscles trained hard in the last 48 hours and says so', () => {
    const plan = buildSession(request({ avoidMuscles: ['legs', 'glutes'], equipment: ['dumbbells'] }));
    for (const e of main(plan))
      expect(entry(e.catalogueId).primary.map((m) => MUSCLE_GROUP_OF[m])).not.toEqual(expect.arrayContaining(['legs']));
    expect(plan.notes.join(' ')).toMatch(/Recovery: your legs, glutes worked hard recently/);
  });

  it('says "nothing that loads" a limitation only when no exercise of the plan loads it', () => {
    const plan = buildSession(request({ limitations: ['shoulder'], equipment: [...EQUIPMENT] }));
    expect(plan.notes).toContain('Nothing that loads your shoulder. Stop if anything hurts.');
    expect(plan.exercises.filter((e) => entry(e.catalogueId).loads.includes('shoulder'))).toEqual([]);
    // The rule behind the claim: every exercise a catalogue entry, none listing the limitation among its loads.
    expect(sparedLimitations([entry('bodyweight-squat'), entry('glute-bridge')], ['shoulder', 'knee'])).toEqual([
      'shoulder',
    ]);
    expect(sparedLimitations([entry('bodyweight-squat'), entry('kettlebell-floor-press')], ['shoulder'])).toEqual([]);
    expect(sparedLimitations([entry('glute-bridge'), undefined], ['shoulder'])).toEqual([]);
    const sparedNothing = buildSession({ ...request({ equipment: [...EQUIPMENT] }), limitations: [] });
    expect(sparedNothing.notes.join(' ')).not.toMatch(/Nothing that loads/);
  });

  it('names the limitation and the equipment in its notes', () => {
    const notes = buildSession(request({ limitations: ['knee', 'lower_back'] })).notes.join(' ');
    expect(notes).toMatch(/Nothing that loads your knee or lower back/);
    expect(notes).toMatch(/Bodyweight only/);
  });

  it('takes more reps and shorter rests for endurance than for muscle', () => {
    const loaded = (goal: PlanRequest['goal']) =>
      main(buildSession(request({ goal, equipment: ['dumbbells'] }))).filter(
        (e) => e.dose?.kind === 'reps' && entry(e.catalogueId).equipment.length,
      );
    const reps = (goal: PlanRequest['goal']) => loaded(goal).map((e) => (e.dose?.kind === 'reps' ? e.dose.reps : 0));
    const meanRest = (goal: PlanRequest['goal']) =>
      loaded(goal).reduce((sum, e) => sum + e.dose!.restSeconds, 0) / loaded(goal).length;
    expect(Math.min(...reps('endurance'))).toBeGreaterThan(Math.max(...reps('build_muscle')));
    expect(meanRest('endurance')).toBeLessThan(meanRest('build_muscle'));
  });

  it("uses a model's picks first where they are eligible, and drops those that are not", () => {
    const asked = request({ equipment: ['dumbbells'] });
    const eligible = eligibleIds(asked, 'main').filter((id) => entry(id).types.includes('strength'));
    const chosen = [eligible[eligible.length - 1], eligible[eligible.length - 2]];
    const notAllowed = CATALOGUE.find((e) => e.equipment.some((item) => !asked.equipment.includes(item)))!.id;
    const plan = buildSession(asked, { main: [notAllowed, ...chosen] });
    expect(main(plan).map((e) => e.catalogueId)).toEqual(expect.arrayContaining(chosen));
    expect(plan.exercises.map((e) => e.catalogueId)).not.toContain(notAllowed);
    expect(planProblems(plan, asked)).toEqual([]);
  });

  it('offers a model only exercises the request allows', () => {
    const asked = request({ type: 'yoga', difficulty: 'beginner', limitations: ['wrist'] });
    for (const phase of ['warmup', 'main', 'cooldown'] as const) {
      const ids = eligibleIds(asked, phase);
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(entry(id)).toMatchObject({ equipment: [], impact: 'low', level: 'beginner' });
      for (const id of ids) expect(entry(id).loads).not.toContain('wrist');
    }
  });
});

describe('plans that match the request and vary', () => {
  const HINGE_OR_BRIDGE = /swing|hip thrust|bridge|romanian|deadlift|good morning|kickback|pull-through/i;

  it('puts hinges and bridges first for "glutes and hamstrings", not a quad-led squat', () => {
    const asked = request({
      minutes: 25,
      equipment: ['kettlebell', 'bands'],
      focus: ['legs', 'glutes'],
      focusMuscles: ['glutes', 'hamstrings'],
    });
    const plan = buildSession(asked);
    expect(planProblems(plan, asked)).toEqual([]);
    const block = main(plan);
    expect(block.filter((e) => HINGE_OR_BRIDGE.test(e.name)).length).toBeGreaterThanOrEqual(
      Math.min(3, block.length - 1),
    );
    // Every exercise for the legs is led by the glutes or the hamstrings.
    for (const e of block.filter((x) => entry(x.catalogueId).primary.some((m) => MUSCLE_GROUP_OF[m] === 'legs'))) {
      expect({ [e.name]: ['glutes', 'hamstrings'].includes(entry(e.catalogueId).primary[0]) }).toEqual({
        [e.name]: true,
      });
    }
  });

  it('puts quad-led work first for "quads"', () => {
    for (const equipment of Object.values(EQUIPMENT_SETS)) {
      const plan = buildSession(request({ equipment, focus: ['legs'], focusMuscles: ['quads'] }));
      const leading = main(plan).slice(0, 2);
      for (const e of leading)
        expect({ [e.name]: entry(e.catalogueId).primary.includes('quads') }).toEqual({ [e.name]: true });
    }
  });

  it('trains a focused part that worked hard recently at lighter doses, and says exactly that', () => {
    const fresh = buildSession(
      request({ minutes: 30, equipment: ['kettlebell', 'bands'], focus: ['glutes'], focusMuscles: ['glutes'] }),
    );
    const asked = request({
      minutes: 30,
      equipment: ['kettlebell', 'bands'],
      focus: ['glutes'],
      focusMuscles: ['glutes'],
      avoidMuscles: ['glutes', 'chest'],
    });
    const plan = buildSession(asked);
    expect(planProblems(plan, asked)).toEqual([]);
    const notes = plan.notes.join(' ');
    expect(notes).toMatch(/your glutes worked hard recently, so this plan trains them at lighter doses/);
    expect(notes).toMatch(/your chest worked hard recently, so this plan leaves them out/);
    expect(notes).not.toMatch(/keep those exercises light|glutes[^.]*leaves them out/);
    const glutes = main(plan).filter((e) => entry(e.catalogueId).primary.includes('glutes'));
    expect(glutes.length).toBeGreaterThanOrEqual(2);
    // Lighter than the same exercise on a fresh day: no more sets, no more work.
    for (const e of glutes) {
      const same = main(fresh).find((f) => f.catalogueId === e.catalogueId);
      if (same?.dose && e.dose) expect(doseSize(e.dose)).toBeLessThanOrEqual(doseSize(same.dose));
    }
    expect(main(plan).some((e) => entry(e.catalogueId).primary.includes('chest'))).toBe(false);
  });

  const doseSize = (dose: ExerciseDose) =>
    dose.sets * (dose.kind === 'reps' ? dose.reps : dose.kind === 'time' ? dose.workSeconds : dose.meters);

  it('is the same for the same seed and different, still sound, for another member or day', () => {
    let differing = 0;
    let total = 0;
    const problems: string[] = [];
    for (const type of WORKOUT_TYPES) {
      for (const difficulty of DIFFICULTIES) {
        for (const [label, equipment] of Object.entries(EQUIPMENT_SETS)) {
          const seeds = ['member-a|2026-03-01', 'member-a|2026-03-02', 'member-b|2026-03-01'];
          const plans = seeds.map((seed) => buildSession(request({ type, difficulty, equipment, minutes: 30, seed })));
          expect(buildSession(request({ type, difficulty, equipment, minutes: 30, seed: seeds[0] }))).toEqual(plans[0]);
          seeds.forEach((seed, i) =>
            problems.push(
              ...planProblems(plans[i], request({ type, difficulty, equipment, minutes: 30, seed })).map(
                (p) => `${type} ${difficulty} ${label} ${seed}: ${p}`,
              ),
            ),
          );
          for (const other of plans.slice(1)) {
            total += 1;
            if (
              main(other)
                .map((e) => e.catalogueId)
                .join() !==
              main(plans[0])
                .map((e) => e.catalogueId)
                .join()
            )
              differing += 1;
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // Where the catalogue holds equivalents the main block changes; a few narrow requests (bodyweight yoga for a beginner) have one sound plan.
    expect(differing / total).toBeGreaterThanOrEqual(0.8);
  });
});
