/**
 * The health screening, checked against public guidance (docs/product.md, Health screening):
 * ACOG Committee Opinion 804 (2020) for pregnancy and the postpartum period, ACSM's Guidelines for
 * Exercise Testing and Prescription (11th ed.) and the PAR-Q+ for the questions and red flags.
 */
import { type HealthAnswers, NO_HEALTH_ANSWERS } from '../../contract';
import type { ScreeningLimits } from '../../contract/job-shapes';
import { CATALOGUE } from '../catalogue';
import {
  FIRST_TRIMESTER_WEEKS,
  NOTHING_SAID,
  PREGNANCY_ADVICE,
  screen,
  screenedDifficulty,
  screeningAllows,
} from './screening.rules';

const answers = (over: Partial<HealthAnswers>): HealthAnswers => ({ ...NO_HEALTH_ANSWERS, ...over });
const limitsOf = (over: Partial<HealthAnswers>, chat = NOTHING_SAID): ScreeningLimits => {
  const result = screen(answers(over), chat);
  if (result.kind !== 'adapt') throw new Error(`expected limits, got ${result.kind}`);
  return result.limits;
};
const allowed = (limits: ScreeningLimits) => CATALOGUE.filter((e) => screeningAllows(e, limits));

describe('health screening', () => {
  it('limits nothing for a member who answered nothing, or no to everything', () => {
    expect(screen(NO_HEALTH_ANSWERS)).toEqual({ kind: 'clear' });
    expect(screen(answers({ pregnancy: 'not_pregnant' }))).toEqual({ kind: 'clear' });
  });

  // ACOG 804: after the first trimester, avoid the supine position (the uterus presses on the vena
  // cava); avoid activities with a high risk of falls or abdominal trauma; do not start high-impact
  // work not done before; moderate intensity; warning signs to stop; care provider consulted.
  it('in the second trimester: nothing supine or prone, no high impact, no all-out efforts, advanced capped, the midwife or doctor named', () => {
    const limits = limitsOf({ pregnancy: 'pregnant', pregnancyWeeks: 22 });
    expect(limits).toMatchObject({
      noSupine: true,
      noProne: true,
      noHighImpact: true,
      noAllOut: true,
      maxDifficulty: 'intermediate',
    });
    expect(limits.notes[0]).toContain(PREGNANCY_ADVICE);
    expect(limits.notes.join(' ')).toMatch(/bleeding.*contractions.*calf pain or swelling/);
    const left = allowed(limits);
    expect(
      left.filter(
        (e) => e.lying || e.impact === 'high' || e.pattern === 'plyometric' || e.allOut || e.level === 'advanced',
      ),
    ).toEqual([]);
    for (const id of [
      'crunch',
      'glute-bridge',
      'dumbbell-bench-press',
      'jumping-jacks',
      'plank-jacks',
      'jump-rope-easy',
      'burpee',
      'bike-sprints',
      'superman-hold',
    ])
      expect(left.map((e) => e.id)).not.toContain(id);
    for (const id of [
      'bodyweight-squat',
      'side-lying-leg-raise',
      'step-jacks',
      'stationary-bike-steady',
      'wall-push-up',
    ])
      expect(left.map((e) => e.id)).toContain(id);
    expect(screenedDifficulty('advanced', limits)).toBe('intermediate');
  });

  it('in the first trimester lying on the back stays; unknown weeks are read as past it (the safe side)', () => {
    expect(limitsOf({ pregnancy: 'pregnant', pregnancyWeeks: FIRST_TRIMESTER_WEEKS })).toMatchObject({
      noSupine: false,
      noHighImpact: true,
    });
    expect(limitsOf({ pregnancy: 'pregnant', pregnancyWeeks: FIRST_TRIMESTER_WEEKS + 1 })).toMatchObject({
      noSupine: true,
    });
    expect(limitsOf({ pregnancy: 'pregnant', pregnancyWeeks: null })).toMatchObject({ noSupine: true });
  });

  it('keeps the impact a member was used to before her pregnancy (ACOG: regular runners may continue), never all-out efforts', () => {
    const limits = limitsOf({ pregnancy: 'pregnant', pregnancyWeeks: 20, usedToHighImpact: true });
    expect(limits).toMatchObject({ noHighImpact: false, noAllOut: true, noSupine: true });
    expect(limits.notes[0]).toMatch(/impact only as you were used to/);
  });

  it('lets what the chat says win over the profile: "five months pregnant" on a profile that says not pregnant', () => {
    const limits = limitsOf(
      { pregnancy: 'not_pregnant' },
      { pregnancy: { state: 'pregnant', weeks: 22 }, conditions: [], redFlags: [] },
    );
    expect(limits).toMatchObject({ noSupine: true, noHighImpact: true });
    expect(
      screen(answers({ pregnancy: 'pregnant', pregnancyWeeks: 20 }), {
        pregnancy: { state: 'not_pregnant' },
        conditions: [],
        redFlags: [],
      }),
    ).toEqual({ kind: 'clear' });
  });

  // ACOG 804: resume gradually after the birth as medically safe; the postnatal check decides.
  it('after a birth: gradual, no impact before 12 weeks, advice to ask the midwife or doctor; nothing past six months', () => {
    expect(limitsOf({ pregnancy: 'postpartum', weeksSinceBirth: 6 })).toMatchObject({
      noHighImpact: true,
      noAllOut: true,
      noSupine: false,
    });
    expect(limitsOf({ pregnancy: 'postpartum', weeksSinceBirth: 16 })).toMatchObject({ noHighImpact: false });
    expect(limitsOf({ pregnancy: 'postpartum', weeksSinceBirth: 6 }).notes[0]).toMatch(
      /postnatal check.*midwife, doctor/,
    );
    expect(screen(answers({ pregnancy: 'postpartum', weeksSinceBirth: 30 }))).toEqual({ kind: 'clear' });
  });

  // PAR-Q+ / ACSM preparticipation screening: chest pain, losing balance from dizziness or fainting,
  // a doctor's limit → medical clearance before activity; no plan is made.
  it("refers, with no plan, for chest pain, dizziness or fainting, a doctor's limit, breathlessness at rest and pregnancy warning signs", () => {
    for (const condition of ['chest_pain', 'dizziness', 'doctor_limit'] as const) {
      const result = screen(answers({ conditions: [condition] }));
      expect([condition, result.kind]).toEqual([condition, 'refer']);
    }
    const chat = screen(NO_HEALTH_ANSWERS, { conditions: [], redFlags: ['breathless_at_rest', 'fainting'] });
    expect(chat).toMatchObject({ kind: 'refer', flags: ['fainting', 'breathless_at_rest'] });
    if (chat.kind === 'refer')
      expect(chat.message).toMatch(/stop exercising and see a doctor.*fainting and shortness of breath at rest/);
    const sign = screen(answers({ pregnancy: 'pregnant', pregnancyWeeks: 30 }), {
      conditions: [],
      redFlags: ['pregnancy_warning_sign'],
    });
    if (sign.kind !== 'refer') throw new Error('expected a referral');
    expect(sign.message).toMatch(/call your midwife or doctor/);
    const limit = screen(answers({ conditions: ['doctor_limit'] }));
    if (limit.kind === 'refer') expect(limit.message).toMatch(/follow their limits/);
  });

  // ACSM: known cardiovascular disease or hypertension → moderate intensity, avoid the Valsalva
  // manoeuvre, medical clearance before vigorous exercise.
  it('keeps heart conditions and high blood pressure to moderate effort without breath-holding, and a recent operation or injury to easy work', () => {
    expect(limitsOf({ conditions: ['high_blood_pressure'] })).toMatchObject({
      noAllOut: true,
      maxDifficulty: 'intermediate',
      noSupine: false,
    });
    expect(limitsOf({ conditions: ['heart_condition'] }).notes[0]).toMatch(/never hold your breath; ask your doctor/);
    expect(limitsOf({ conditions: ['recent_surgery_or_injury'] })).toMatchObject({
      noHighImpact: true,
      maxDifficulty: 'beginner',
    });
    const both = limitsOf({
      pregnancy: 'pregnant',
      pregnancyWeeks: 25,
      conditions: ['high_blood_pressure', 'recent_surgery_or_injury'],
    });
    expect(both).toMatchObject({ maxDifficulty: 'beginner', noSupine: true });
    expect(both.notes.every((note) => note.length <= 300)).toBe(true);
  });
});
