/**
 * The local coach's health screening of a conversation (docs/product.md, Health screening): what the
 * member's own words say about pregnancy, a recent birth, heart and blood pressure, and red-flag
 * symptoms, and the answers that come before any training advice.
 */
import { NUMBER_WORDS } from '../../common/number-words.rules';
import type { ChatTurn, HealthAnswers, HealthCondition } from '../../contract';
import { NO_HEALTH_ANSWERS } from '../../contract';
import type { CoachContext } from '../../contract/job-shapes';
import {
  type ChatHealth,
  PREGNANCY_ADVICE,
  PREGNANCY_WARNING_SIGNS,
  type RedFlag,
  screen,
  type Screening,
} from '../../workouts/screening/screening.rules';

const NUMBER = String.raw`(\d{1,2}|${Object.keys(NUMBER_WORDS).join('|')}|a)`;
const WEEKS_PER_MONTH = 4.35;
/** A trimester said without weeks: the middle of it. */
const TRIMESTER_WEEKS: Record<string, number> = { first: 8, '1st': 8, second: 20, '2nd': 20, third: 32, '3rd': 32 };

const PREGNANT = /\bpregnan(t|cy)\b|\bexpecting (a baby|twins)\b|\btrimester\b|\bweeks? along\b|\bmonths? along\b/;
const NOT_PREGNANT = /\b(not|no longer|never been|wasn'?t|isn'?t) pregnant\b|\bnot expecting\b/;
const BIRTH =
  /\b(gave birth|given birth|had (my|a|the|our) (baby|son|daughter|twins)|postpartum|post-partum|postnatal|post-natal|c-section|caesarean|cesarean|newborn)\b/;
const USED_TO_IMPACT =
  /\b(used to|always|before (i was |my |the )?pregnan\w*|was already|been|still) (running|\w+ing and running|run|jumping|doing hiit|hiit|crossfit|sprinting)\b|\bi('ve| have) (always )?(run|been running|done hiit)\b|\bi'?m a runner\b/;
/** Said before a word, it is not the member's own state: denied ("no chest pain") or supposed ("what if I get dizzy"). */
const NEGATED = /\b(no|not|never|without|don'?t|do not|didn'?t|haven'?t|none|if|in case|whether)\b[^.,;!?]*$/;
/** Someone else's pregnancy ("my wife is pregnant"). */
const SOMEONE_ELSE =
  /\b(my|our|a|her) (wife|partner|girlfriend|sister|friend|mum|mom|mother|client|daughter|colleague)\b|\bshe'?s\b|\bshe is\b/;

const FLAG_PATTERNS: Array<[RedFlag, RegExp]> = [
  [
    'chest_pain',
    /\bchest (pain|pains|hurts|hurt|tightness|pressure|feels tight|is tight|gets tight)\b|\bpain in (my|the) chest\b|\bangina\b/,
  ],
  ['fainting', /\b(faint(ed|ing)?|passed out|pass out|blacked out|black out|collapsed)\b/],
  ['dizziness', /\b(dizz(y|iness)|light-?headed(ness)?|vertigo|the room spins)\b/],
  [
    'breathless_at_rest',
    /\b(short(ness)? of breath|breathless|can'?t (catch my )?breath|out of breath|struggle to breathe)\b[^.!?]*\b(at rest|resting|sitting|lying down|doing nothing|without (doing anything|moving)|all the time)\b/,
  ],
  [
    'doctor_limit',
    /\b(doctor|gp|cardiologist|physio|midwife|obstetrician|surgeon)\b[^.!?]*\b(told|said|says|advised)\b[^.!?]*\b(not to|no (exercise|training|lifting|running)|stop|avoid|rest|bed rest|limit|take it easy|nothing strenuous)\b/,
  ],
];
const PREGNANCY_SIGNS =
  /\b(bleeding|spotting|contractions?|leaking (fluid|water)|waters? (broke|breaking|broken)|calf (pain|swelling|is swollen)|swollen calf|severe headache|reduced movements?|baby (isn'?t|is not|stopped) moving)\b/;
const CLEARED =
  /\b(doctor|gp|cardiologist|midwife|physio|obstetrician|surgeon)\b[^.!?]*\b(cleared|ok'?d|okayed|gave me the (ok|okay|all clear|green light)|said (it'?s|i'?m|i am) (fine|ok|okay|safe)|said i can (train|exercise))\b|\ball clear\b/;
const CONDITION_PATTERNS: Array<[HealthCondition, RegExp]> = [
  [
    'heart_condition',
    /\b(heart (condition|disease|problem|problems|failure|attack)|arrhythmia|atrial fibrillation|afib|a-fib|stent|pacemaker)\b/,
  ],
  ['high_blood_pressure', /\b(high blood pressure|hypertension|hypertensive)\b/],
];

const lower = (text: string) => text.toLowerCase().replace(/[’‘]/g, "'");
const count = (word: string) => (/^\d+$/.test(word) ? Number(word) : word === 'a' ? 1 : NUMBER_WORDS[word]);

/** Each sentence of a message, so a negation reaches only its own. */
const sentences = (text: string) =>
  lower(text)
    .split(/[.!?;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function stated(sentence: string, pattern: RegExp): boolean {
  const match = pattern.exec(sentence);
  return !!match && !NEGATED.test(sentence.slice(0, match.index));
}

/** Weeks of the pregnancy a sentence states: "24 weeks", "five months pregnant", "second trimester". */
function pregnancyWeeks(sentence: string): number | null {
  // Not "a 4-week plan": weeks of a plan are no weeks of pregnancy.
  const weeks =
    new RegExp(
      String.raw`\b(?:at |week )?${NUMBER}\s*-?\s*(weeks?|wks?)\b(?! (plan|program|programme|block|cycle))`,
    ).exec(sentence) ?? new RegExp(String.raw`\bweek ${NUMBER}\b`).exec(sentence);
  if (weeks) return count(weeks[1]) ?? null;
  const months = new RegExp(String.raw`\b${NUMBER}\s*months?\b`).exec(sentence);
  if (months) return Math.round((count(months[1]) ?? 0) * WEEKS_PER_MONTH) || null;
  const trimester = /\b(first|1st|second|2nd|third|3rd) trimester\b/.exec(sentence);
  return trimester ? TRIMESTER_WEEKS[trimester[1]] : null;
}

/** Weeks since a birth a sentence states: "had my baby 6 weeks ago", "3 months postpartum". */
function weeksSinceBirth(sentence: string): number | null {
  const weeks = new RegExp(String.raw`\b${NUMBER}\s*(weeks?|wks?)\b`).exec(sentence);
  if (weeks) return count(weeks[1]) ?? null;
  const months = new RegExp(String.raw`\b${NUMBER}\s*months?\b`).exec(sentence);
  return months ? Math.round((count(months[1]) ?? 0) * WEEKS_PER_MONTH) : null;
}

/** What the member's messages say about their health, later ones winning (a clearance lifts the red flags said before it). */
export function readChatHealth(history: readonly ChatTurn[]): ChatHealth {
  const health: ChatHealth = { conditions: [], redFlags: [] };
  for (const turn of history) {
    if (turn.role !== 'user') continue;
    for (const sentence of sentences(turn.content)) {
      if (stated(sentence, CLEARED)) health.redFlags = [];
      if (NOT_PREGNANT.test(sentence)) health.pregnancy = { state: 'not_pregnant' };
      else if (stated(sentence, BIRTH) && !SOMEONE_ELSE.test(sentence))
        health.pregnancy = { state: 'postpartum', weeksSinceBirth: weeksSinceBirth(sentence) };
      else if (stated(sentence, PREGNANT)) {
        const before = health.pregnancy?.state === 'pregnant' ? health.pregnancy.weeks : null;
        if (!SOMEONE_ELSE.test(sentence))
          health.pregnancy = { state: 'pregnant', weeks: pregnancyWeeks(sentence) ?? before };
      }
      if (USED_TO_IMPACT.test(sentence) && !NEGATED.test(sentence.slice(0, sentence.search(USED_TO_IMPACT))))
        health.usedToHighImpact = true;
      for (const [flag, pattern] of FLAG_PATTERNS)
        if (stated(sentence, pattern) && !stated(sentence, CLEARED)) health.redFlags.push(flag);
      if (health.pregnancy?.state === 'pregnant' && stated(sentence, PREGNANCY_SIGNS))
        health.redFlags.push('pregnancy_warning_sign');
      for (const [condition, pattern] of CONDITION_PATTERNS)
        if (stated(sentence, pattern)) health.conditions.push(condition);
    }
  }
  health.redFlags = [...new Set(health.redFlags)];
  health.conditions = [...new Set(health.conditions)];
  return health;
}

/** The screening of a coach conversation: the profile's answers and every message so far, this one included. */
export function conversationScreening(context: Pick<CoachContext, 'history' | 'message' | 'profile'>): Screening {
  return screen(
    context.profile.health ?? NO_HEALTH_ANSWERS,
    readChatHealth([...context.history, { role: 'user', content: context.message }]),
  );
}

/** Does this message speak of a pregnancy or a birth (so the answer starts with what changes)? */
export function speaksOfPregnancy(message: string): boolean {
  return sentences(message).some((s) => PREGNANT.test(s) || BIRTH.test(s));
}

/**
 * What the coach says before any training advice: a referral for a red flag (nothing else is
 * advised), or for a pregnancy or a recent birth, what changes and whom to ask; null when neither.
 */
export function screeningReply(context: CoachContext, screening: Screening): string | null {
  if (screening.kind === 'refer') return screening.message;
  if (screening.kind !== 'adapt' || !speaksOfPregnancy(context.message)) return null;
  return pregnancyAnswer(
    context.profile.health ?? NO_HEALTH_ANSWERS,
    readChatHealth([...context.history, { role: 'user', content: context.message }]),
  );
}

function pregnancyAnswer(answers: HealthAnswers, chat: ChatHealth): string {
  const pregnancy =
    chat.pregnancy ??
    (answers.pregnancy === 'pregnant'
      ? { state: 'pregnant' as const, weeks: answers.pregnancyWeeks }
      : { state: 'postpartum' as const, weeksSinceBirth: answers.weeksSinceBirth });
  const usedToImpact = chat.usedToHighImpact ?? answers.usedToHighImpact;
  if (pregnancy.state === 'postpartum') {
    return 'Congratulations! After a birth, build back gradually: walking, pelvic-floor and deep-core work, then light strength. No running or jumping before about 12 weeks, and only once your postnatal check has cleared you; no all-out efforts or breath-holding. Ask your midwife or doctor (or a pelvic-health physio) before you start, and stop for pain, heavy bleeding or leaking. Workouts I generate keep to this.';
  }
  if (pregnancy.state !== 'pregnant') return PREGNANCY_ADVICE;
  const weeks = pregnancy.weeks;
  const pastFirst = weeks === null || weeks > 13;
  const when = weeks === null ? '' : ` at ${weeks} weeks`;
  return [
    `Congratulations! Exercise${when} is safe and good for most pregnancies: about 150 minutes a week of moderate effort (you can still talk), spread over most days.`,
    'What changes:',
    pastFirst
      ? 'nothing lying flat on your back (or on your belly) — do it seated, standing, side-lying or propped up;'
      : 'after week 13, nothing lying flat on your back;',
    usedToImpact
      ? 'impact only as you were already used to, easing off as the bump grows;'
      : 'no jumping or high-impact moves, since you were not doing them before — keep HIIT low-impact (marching, step-jacks, bike or cross-trainer) at a moderate effort, not all-out;',
    'no holding your breath, no maximal lifts or sprints, nothing with a risk of falls or blows to the belly, and no overheating.',
    `${PREGNANCY_ADVICE.replace('this plan', 'any plan')} ${PREGNANCY_WARNING_SIGNS}`,
    'Workouts I generate keep to all of this.',
  ].join(' ');
}
