import type { CoachProfile } from '../contract/job-shapes';
import { CATALOGUE, findExerciseByName, findExercisesNamed } from '../workouts/catalogue';
import { allowedFor } from '../workouts/programming/eligibility.rules';
import { screen } from '../workouts/screening/screening.rules';
import { checkCoachReply } from './reply-check.rules';

const profile: CoachProfile = {
  fitnessLevel: 'beginner',
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  bmi: null,
  bmiCategory: null,
  age: null,
  height: null,
  weight: null,
};
const pregnant = screen({
  pregnancy: 'pregnant',
  pregnancyWeeks: 24,
  weeksSinceBirth: null,
  usedToHighImpact: false,
  conditions: [],
});
const pregnancyLimits = pregnant.kind === 'adapt' ? pregnant.limits : undefined;

describe('findExercisesNamed', () => {
  it('finds every exercise a text names, by name, alias or plural, the longest wording first', () => {
    const named = findExercisesNamed(
      'Start with Romanian deadlifts, then glute bridges; finish with a few push-ups and shrugs.',
    ).map((e) => e.id);
    // The same entry the coach's single-name matcher finds for each wording.
    expect(named).toEqual(
      ['Romanian deadlifts', 'glute bridges', 'push-ups', 'shrugs'].map((wording) => findExerciseByName(wording)!.id),
    );
    expect(named).toEqual(expect.arrayContaining(['glute-bridge', 'push-up', 'dumbbell-shrug']));
    expect(findExercisesNamed('Rest well and drink water.')).toEqual([]);
  });

  it('names each catalogue entry by its own name', () => {
    for (const exercise of CATALOGUE)
      expect(findExercisesNamed(`Try ${exercise.name} today.`).map((e) => e.id)).toContain(exercise.id);
  });

  it('reads a long reply in time proportional to its length', () => {
    // Near-misses of multi-word names at every word, as a crafted reply could hold: the scan tries a
    // bounded window per word. CPU time, generous for a loaded machine; a quadratic scan takes far longer.
    const reply = 'single leg romanian dumbbell '.repeat(20_000);
    const start = process.cpuUsage();
    expect(findExercisesNamed(reply).length).toBeGreaterThanOrEqual(0);
    checkCoachReply(reply, { profile, limitations: ['shoulder'] });
    const used = process.cpuUsage(start);
    expect((used.user + used.system) / 1000).toBeLessThan(3000);
  });
});

describe('checkCoachReply', () => {
  it('replaces a sentence recommending an exercise that loads a stated limitation, keeping the rest', () => {
    const checked = checkCoachReply('Try dumbbell shrugs for your upper back. Keep the reps slow!', {
      profile,
      limitations: ['shoulder'],
    });
    expect(checked).toMatchObject({ ruledOut: ['dumbbell-shrug'], nothingLeft: false });
    expect(checked.text).toMatch(
      /^Not Dumbbell Shrug for you \(it loads your shoulder\); instead: .*Keep the reps slow!$/,
    );
    expect(checked.text).not.toMatch(/Try dumbbell shrugs/);
  });

  it('names the closest allowed exercise of the same movement after the first trimester: no supine work, no jumping', () => {
    const checked = checkCoachReply(
      'Glute bridges are great for your glutes. Add jumping jacks and crunches to finish.\nSquats are fine.',
      { profile, limitations: [], screening: pregnancyLimits },
    );
    expect(checked.ruledOut).toEqual(['glute-bridge', 'jumping-jacks', 'crunch']);
    expect(checked.text).toMatch(
      /Not Glute Bridge for you \(it is done lying on your back\): \w[\w -]+ trains the same movement instead\./,
    );
    expect(checked.text).toMatch(/Not Jumping Jacks for you \(it jumps\)/);
    expect(checked.text).toMatch(/Squats are fine\.$/);
    // Whatever the repaired answer still names, the member may do.
    const named = findExercisesNamed(checked.text.replace(/Not [^(]+ for you/g, ''));
    expect(named.length).toBeGreaterThan(0);
    for (const e of named)
      expect([
        e.id,
        allowedFor(e, { difficulty: 'advanced', equipment: e.equipment, limitations: [], screening: pregnancyLimits }),
      ]).toEqual([e.id, true]);
  });

  it('leaves an answer that names nothing ruled out as it was, and says when nothing of the model’s is left', () => {
    const fine = 'Squats and a glute bridge, then rest.';
    expect(checkCoachReply(fine, { profile, limitations: ['shoulder'] })).toEqual({
      text: fine,
      ruledOut: [],
      nothingLeft: false,
    });
    expect(checkCoachReply('Do dumbbell shrugs.', { profile, limitations: ['shoulder'] }).nothingLeft).toBe(true);
    // A decimal point ends no sentence: the whole sentence naming the shrug goes, its number with it.
    expect(
      checkCoachReply('Shrug 12.5 kg dumbbells: dumbbell shrugs, 3 sets. Rest 90 s.', {
        profile,
        limitations: ['shoulder'],
      }).text,
    ).toMatch(/^Not Dumbbell Shrug for you [^.]+\. Rest 90 s\.$/);
  });
});
