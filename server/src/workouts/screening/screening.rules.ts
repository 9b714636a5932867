/**
 * The health screening a trainer does before any advice (docs/product.md, Health screening): from
 * the profile's answers and what the coach chat said, either a referral (red-flag symptoms: stop,
 * see a clinician, no plan) or the limits a plan keeps to (pregnancy, a recent birth, heart or blood
 * pressure conditions, a recent operation or injury) with the advice the plan carries.
 */
import type { Difficulty, HealthAnswers, HealthCondition } from '../../contract';
import { DIFFICULTIES } from '../../contract';
import type { ScreeningLimits } from '../../contract/job-shapes';
import type { CatalogueExercise } from '../catalogue/catalogue.types';

/** Symptoms that end the session and send the member to a clinician before any plan. */
export const RED_FLAGS = [
  'chest_pain',
  'fainting',
  'dizziness',
  'breathless_at_rest',
  'doctor_limit',
  'pregnancy_warning_sign',
] as const;
export type RedFlag = (typeof RED_FLAGS)[number];

/** What the coach chat said about the member's health; the newest statement wins over the profile. */
export interface ChatHealth {
  pregnancy?:
    | { state: 'pregnant'; weeks: number | null }
    | { state: 'postpartum'; weeksSinceBirth: number | null }
    | { state: 'not_pregnant' };
  usedToHighImpact?: boolean;
  conditions: HealthCondition[];
  redFlags: RedFlag[];
}

export const NOTHING_SAID: ChatHealth = { conditions: [], redFlags: [] };

/** What a plan keeps to, and the advice it carries first. */

export type Screening =
  { kind: 'refer'; flags: RedFlag[]; message: string } | { kind: 'adapt'; limits: ScreeningLimits } | { kind: 'clear' };

/** The last week of the first trimester. */
export const FIRST_TRIMESTER_WEEKS = 13;
/** Weeks after a birth before impact work returns, at the earliest and once the postnatal check clears it. */
export const POSTPARTUM_IMPACT_WEEKS = 12;

const CONDITION_FLAGS: Partial<Record<HealthCondition, RedFlag>> = {
  chest_pain: 'chest_pain',
  dizziness: 'dizziness',
  doctor_limit: 'doctor_limit',
};

const FLAG_WORDS: Record<RedFlag, string> = {
  chest_pain: 'chest pain',
  fainting: 'fainting',
  dizziness: 'dizziness',
  breathless_at_rest: 'shortness of breath at rest',
  doctor_limit: "a doctor's limit on your activity",
  pregnancy_warning_sign: 'a warning sign in pregnancy',
};

export const PREGNANCY_ADVICE = 'Clear this plan with your midwife or doctor before you start.';
export const PREGNANCY_WARNING_SIGNS =
  'Stop and call your midwife or doctor at once for bleeding, fluid leaking, regular painful contractions, chest pain, dizziness or feeling faint, a headache, calf pain or swelling, or breathlessness before you start.';

/** "chest pain, fainting and dizziness". */
function listed(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The answer to give instead of a plan when a red flag is present. */
export function referralMessage(flags: readonly RedFlag[]): string {
  if (flags.length === 1 && flags[0] === 'doctor_limit') {
    return 'Your doctor has limited your activity, so no plan is made here: follow their limits, and ask them or a physiotherapist what you may do. Once they lift the limit, untick it under PROFILE.';
  }
  if (flags.includes('pregnancy_warning_sign')) {
    return `Please stop exercising now and call your midwife or doctor (or emergency services if it is severe): ${PREGNANCY_WARNING_SIGNS.replace(/^Stop and call your midwife or doctor at once for /, 'these need checking first: ')} No plan is made until they have seen you.`;
  }
  return `Please stop exercising and see a doctor before you train: ${listed(flags.map((flag) => FLAG_WORDS[flag]))} needs checking first (call emergency services if it is happening now, severe or with pain spreading to the arm, jaw or back). No plan is made until a doctor has cleared you; then tell me, or untick it under PROFILE.`;
}

const capped = (a: Difficulty, b: Difficulty): Difficulty =>
  DIFFICULTIES.indexOf(a) <= DIFFICULTIES.indexOf(b) ? a : b;

/** The screening of a member: the profile's answers, then what the chat said (newer, so it wins on pregnancy). */
export function screen(answers: HealthAnswers, chat: ChatHealth = NOTHING_SAID): Screening {
  const conditions = new Set<HealthCondition>([...answers.conditions, ...chat.conditions]);
  const flags = new Set<RedFlag>(chat.redFlags);
  for (const condition of conditions) if (CONDITION_FLAGS[condition]) flags.add(CONDITION_FLAGS[condition]!);
  if (flags.size) {
    const ordered = RED_FLAGS.filter((flag) => flags.has(flag));
    return { kind: 'refer', flags: ordered, message: referralMessage(ordered) };
  }

  const limits: ScreeningLimits = {
    noSupine: false,
    noProne: false,
    noHighImpact: false,
    noAllOut: false,
    maxDifficulty: 'advanced',
    notes: [],
  };
  const tighten = (over: Partial<Omit<ScreeningLimits, 'notes'>>, note: string) => {
    limits.noSupine ||= over.noSupine ?? false;
    limits.noProne ||= over.noProne ?? false;
    limits.noHighImpact ||= over.noHighImpact ?? false;
    limits.noAllOut ||= over.noAllOut ?? false;
    limits.maxDifficulty = capped(limits.maxDifficulty, over.maxDifficulty ?? 'advanced');
    limits.notes.push(note);
  };

  const pregnancy = chat.pregnancy ?? pregnancyOf(answers);
  const usedToImpact = chat.usedToHighImpact ?? answers.usedToHighImpact;
  if (pregnancy?.state === 'pregnant') {
    // Weeks not said: the plan is made as for after the first trimester, the safe side.
    const pastFirst = pregnancy.weeks === null || pregnancy.weeks > FIRST_TRIMESTER_WEEKS;
    const when = pregnancy.weeks === null ? 'Pregnancy' : `Pregnancy, week ${pregnancy.weeks}`;
    const rules = [
      pastFirst ? 'nothing lying on your back or belly' : null,
      usedToImpact ? 'impact only as you were used to before' : 'no jumping or high impact',
      'no all-out efforts or holding your breath (you should be able to talk)',
    ].filter(Boolean);
    tighten(
      {
        noSupine: pastFirst,
        noProne: pastFirst,
        noHighImpact: !usedToImpact,
        noAllOut: true,
        maxDifficulty: 'intermediate',
      },
      `${when}: ${rules.join(', ')}. ${PREGNANCY_ADVICE}`,
    );
    limits.notes.push(PREGNANCY_WARNING_SIGNS);
  } else if (pregnancy?.state === 'postpartum') {
    const early = pregnancy.weeksSinceBirth === null || pregnancy.weeksSinceBirth < POSTPARTUM_IMPACT_WEEKS;
    tighten(
      { noHighImpact: early, noAllOut: true, maxDifficulty: 'intermediate' },
      `After your baby's birth: build back gradually${early ? `, no jumping or running before ${POSTPARTUM_IMPACT_WEEKS} weeks` : ''}, no all-out efforts or breath-holding; start once your postnatal check clears you, and ask your midwife, doctor or a pelvic-health physio.`,
    );
  }
  if (conditions.has('heart_condition') || conditions.has('high_blood_pressure')) {
    const which = [
      conditions.has('heart_condition') ? 'a heart condition' : null,
      conditions.has('high_blood_pressure') ? 'high blood pressure' : null,
    ]
      .filter(Boolean)
      .join(' and ');
    tighten(
      { noAllOut: true, maxDifficulty: 'intermediate' },
      `With ${which}: moderate effort you can talk through, breathe out on every effort, never hold your breath; ask your doctor before any hard training.`,
    );
  }
  if (conditions.has('recent_surgery_or_injury')) {
    tighten(
      { noHighImpact: true, noAllOut: true, maxDifficulty: 'beginner' },
      'After a recent operation or injury: keep to what your surgeon or physiotherapist has cleared, easy and pain-free.',
    );
  }
  return limits.notes.length ? { kind: 'adapt', limits } : { kind: 'clear' };
}

function pregnancyOf(answers: HealthAnswers): ChatHealth['pregnancy'] {
  if (answers.pregnancy === 'pregnant') return { state: 'pregnant', weeks: answers.pregnancyWeeks };
  // Six months after the birth the answer no longer limits anything.
  if (answers.pregnancy === 'postpartum' && (answers.weeksSinceBirth === null || answers.weeksSinceBirth <= 26))
    return { state: 'postpartum', weeksSinceBirth: answers.weeksSinceBirth };
  return undefined;
}

/** May a member under these limits be given this exercise? */
export function screeningAllows(
  exercise: Pick<CatalogueExercise, 'lying' | 'impact' | 'allOut' | 'level' | 'pattern'>,
  limits: ScreeningLimits | undefined,
): boolean {
  if (!limits) return true;
  if (limits.noSupine && exercise.lying === 'supine') return false;
  if (limits.noProne && exercise.lying === 'prone') return false;
  // No high impact means no jumping at all, the light hops of a plank jack or a skipping rope too.
  if (limits.noHighImpact && (exercise.impact === 'high' || exercise.pattern === 'plyometric')) return false;
  if (limits.noAllOut && exercise.allOut) return false;
  return DIFFICULTIES.indexOf(exercise.level) <= DIFFICULTIES.indexOf(limits.maxDifficulty);
}

/** The level a plan is made at: the one asked for, capped by the screening. */
export function screenedDifficulty(difficulty: Difficulty, limits: ScreeningLimits | undefined): Difficulty {
  return limits ? capped(difficulty, limits.maxDifficulty) : difficulty;
}
