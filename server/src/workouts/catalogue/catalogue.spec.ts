import { reviewedLoads } from '../../../test/support/load-review';
import { isYogaPose } from '../../../test/support/plan-checks';
import { DIFFICULTIES, EQUIPMENT, LIMITATIONS, MUSCLE_GROUPS, MUSCLES, WORKOUT_TYPES } from '../../contract/values';
import { type CatalogueExercise, type Limitation, MOVEMENT_PATTERNS, MUSCLE_GROUP_OF } from './catalogue.types';
import { CATALOGUE, catalogueExercise, findExerciseByName } from './index';

const LEVEL = { beginner: 0, intermediate: 1, advanced: 2 } as const;
const atOrBelow = (level: (typeof DIFFICULTIES)[number]) => (e: CatalogueExercise) => LEVEL[e.level] <= LEVEL[level];
const bodyweight = (e: CatalogueExercise) => e.equipment.length === 0;
const spares = (limitation: Limitation | null) => (e: CatalogueExercise) =>
  !limitation || !e.loads.includes(limitation);

describe('the exercise catalogue', () => {
  it('holds at least 300 exercises with unique kebab-case ids and unique names', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CATALOGUE.map((e) => e.id)).size).toBe(CATALOGUE.length);
    expect(new Set(CATALOGUE.map((e) => e.name.toLowerCase())).size).toBe(CATALOGUE.length);
    for (const e of CATALOGUE) expect(e.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('describes each entry fully: text lengths, 2–4 cues, known words only', () => {
    for (const e of CATALOGUE) {
      const where = e.id;
      expect([where, e.description.length >= 40 && e.description.length <= 300]).toEqual([where, true]);
      expect([where, e.cues.length >= 2 && e.cues.length <= 4]).toEqual([where, true]);
      for (const m of [...e.primary, ...e.secondary])
        expect([where, MUSCLES]).toEqual([where, expect.arrayContaining([m])]);
      expect([where, e.primary.length]).not.toEqual([where, 0]);
      for (const q of e.equipment) expect([where, EQUIPMENT]).toEqual([where, expect.arrayContaining([q])]);
      for (const l of e.loads) expect([where, LIMITATIONS]).toEqual([where, expect.arrayContaining([l])]);
      expect([where, MOVEMENT_PATTERNS]).toEqual([where, expect.arrayContaining([e.pattern])]);
      expect([where, e.types.length > 0 && e.phases.length > 0]).toEqual([where, true]);
      if (e.unilateral) expect([where, e.dosing]).not.toEqual([where, 'distance']);
    }
    for (const m of MUSCLES) expect(MUSCLE_GROUPS).toContain(MUSCLE_GROUP_OF[m]);
  });

  it('has enough for every type and level, bodyweight only, even with any one limitation', () => {
    for (const type of WORKOUT_TYPES) {
      for (const level of DIFFICULTIES) {
        for (const limitation of [null, ...LIMITATIONS]) {
          const usable = CATALOGUE.filter(
            (e) => e.types.includes(type) && atOrBelow(level)(e) && bodyweight(e) && spares(limitation)(e),
          );
          const count = (phase: 'warmup' | 'main' | 'cooldown') =>
            usable.filter((e) => e.phases.includes(phase)).length;
          const where = `${type}/${level}/${limitation ?? 'none'}`;
          expect([where, count('main') >= 6, count('warmup') >= 4, count('cooldown') >= 4]).toEqual([
            where,
            true,
            true,
            true,
          ]);
        }
      }
    }
  });

  it('counts the knee among the joints of every jump or landing (high impact or plyometric), so a bad knee avoids them all', () => {
    const jumpsSparingTheKnee = CATALOGUE.filter(
      (e) => (e.impact === 'high' || e.pattern === 'plyometric') && !e.loads.includes('knee'),
    ).map((e) => e.id);
    expect(jumpsSparingTheKnee).toEqual([]);
  });

  it('lists, for every entry, the joints and regions its movement loads, as the review rules read them', () => {
    const missing = CATALOGUE.flatMap((e) =>
      reviewedLoads(e)
        .filter((joint) => !e.loads.includes(joint))
        .map((joint) => `${e.id} loads ${joint}`),
    );
    expect(missing).toEqual([]);
    // The members' report: every one of these was offered to a shoulder that should have been spared.
    const shoulderWork = [
      'kettlebell-floor-press',
      'dumbbell-rear-delt-fly',
      'reverse-snow-angel',
      'farmers-carry',
      'seated-punches',
      'shadow-boxing',
      'prone-y-raise',
      'dumbbell-shrug',
      'dumbbell-floor-press',
    ];
    expect(shoulderWork.filter((id) => !catalogueExercise(id)?.loads.includes('shoulder'))).toEqual([]);
    // Lower-body work that spares the arms stays open to a bad shoulder.
    expect(
      ['bodyweight-squat', 'glute-bridge', 'reverse-lunge', 'calf-raise'].filter((id) =>
        catalogueExercise(id)?.loads.includes('shoulder'),
      ),
    ).toEqual([]);
  });

  it('marks every exercise done lying on the back or the belly, and every all-out effort', () => {
    const onTheBack =
      /\b(on your back|lying on your back|lie flat on your back|lying back|lying on a (flat )?bench|lying on the floor|lying flat|from lying)\b/i;
    const onTheBelly = /\b(face down)\b/i;
    for (const e of CATALOGUE) {
      if (onTheBack.test(e.description)) expect([e.id, e.lying]).toEqual([e.id, 'supine']);
      if (onTheBelly.test(e.description)) expect([e.id, e.lying]).toEqual([e.id, 'prone']);
      if (
        /as fast as|as high as you can|as far as you can|all-out|explosive|sprint/i.test(
          `${e.name} ${e.description}`,
        ) &&
        !/band/.test(e.id)
      )
        expect([e.id, e.allOut]).toEqual([e.id, true]);
    }
    expect(CATALOGUE.filter((e) => e.lying === 'supine').length).toBeGreaterThanOrEqual(30);
  });

  it('states the pace of every ride, row and run (only theirs): sprints and intervals are never steady, steady work never sprints', () => {
    for (const e of CATALOGUE) {
      expect([e.id, e.pace !== undefined]).toEqual([e.id, e.pattern === 'cyclical']);
      if (/sprint|interval/i.test(e.name) && e.pattern === 'cyclical')
        expect([e.id, e.pace]).toEqual([e.id, 'intervals']);
      if (/steady|easy|walk/i.test(e.name) && e.pattern === 'cyclical')
        expect([e.id, e.pace]).toEqual([e.id, 'steady']);
    }
  });

  it('offers yoga main blocks only yoga poses, not strength or core moves done on a mat', () => {
    const notPoses = CATALOGUE.filter(
      (e) => e.types.includes('yoga') && e.phases.includes('main') && !isYogaPose(e),
    ).map((e) => e.id);
    expect(notPoses).toEqual([]);
  });

  it('has low-impact main exercises for every type and level, and timed yoga', () => {
    for (const type of WORKOUT_TYPES) {
      for (const level of DIFFICULTIES) {
        const lowImpact = CATALOGUE.filter(
          (e) => e.types.includes(type) && e.phases.includes('main') && e.impact === 'low' && atOrBelow(level)(e),
        );
        expect([type, level, lowImpact.length >= 3]).toEqual([type, level, true]);
      }
    }
    for (const e of CATALOGUE.filter((x) => x.types.length === 1 && x.types[0] === 'yoga' && x.phases.includes('main')))
      expect([e.id, e.dosing]).toEqual([e.id, 'time']);
    expect(CATALOGUE.filter((e) => e.types.includes('yoga') && e.impact === 'high')).toEqual([]);
  });

  it('has at least ten strength exercises for each piece of equipment (with bodyweight)', () => {
    for (const item of EQUIPMENT.filter((q) => q !== 'cardio_machine')) {
      const usable = CATALOGUE.filter(
        (e) => e.types.includes('strength') && e.phases.includes('main') && e.equipment.every((q) => q === item),
      );
      expect([
        item,
        usable.filter((e) => e.equipment.length > 0).length >= 4 || item === 'bench',
        usable.length >= 10,
      ]).toEqual([item, true, true]);
    }
    expect(
      CATALOGUE.filter((e) => e.equipment.includes('cardio_machine') && e.types.includes('cardio')).length,
    ).toBeGreaterThanOrEqual(5);
  });

  it('finds entries by id, and by name or alias inside a question', () => {
    expect(catalogueExercise('push-up')?.name).toBe('Push-Up');
    expect(catalogueExercise('no-such-thing')).toBeUndefined();
    expect(findExerciseByName('How do I do a proper squat?')?.id).toBe('bodyweight-squat');
    expect(findExerciseByName('push ups form?')?.id).toBe('push-up');
    expect(findExerciseByName('what is a romanian deadlift')?.id).toBe('barbell-romanian-deadlift');
    expect(findExerciseByName('dumbbell RDL tips')?.id).toBe('romanian-deadlift');
    expect(findExerciseByName('downward dog')?.id).toBe('downward-dog');
    expect(findExerciseByName('hello there')).toBeUndefined();
  });
});
