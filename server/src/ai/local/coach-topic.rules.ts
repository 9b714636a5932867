/** What a coach message is about: the first topic that fits, the most specific first. */
import { findExerciseByName } from '../../workouts/catalogue';
import { readAdjustment } from '../../workouts/session-adjust.rules';
import type { StatedConstraints } from './chat.rules';
import { SESSION_ASK_WORDS } from './chat-words';
import { SHORT_ANSWERS } from './coach-advice';

export type CoachTopic =
  | 'injury'
  | 'adjust'
  | 'logging'
  | 'program'
  | 'progression'
  | 'frequency'
  | 'sleep_stress'
  | 'soreness'
  | 'weight_loss'
  | 'exercise'
  | 'nutrition'
  | 'rest'
  | 'motivation'
  | 'short'
  | 'today'
  | 'plan'
  | 'form'
  | 'greeting'
  | 'other';

/** The words that say what a message is about, one pattern per topic (linear: no nested or adjacent open-ended repeats). */
export const TOPIC_WORDS = {
  logging:
    /\b(log|record) (my|a|the|this|today'?s|sets?|reps?|lifts?|weights?)\b|\b(how|where|can) (do |can )?i (log|record|track) (my )?(sets?|reps?|lifts?|weights?|workouts?)\b|\b\d{1,2} ?(sets?|x) ?(of )?\d{1,3} (reps? )?at \d{1,4}(\.\d)? ?(kg|kgs|lbs?|pounds)\b/,
  program:
    /\b(\d{1,2}|two|three|four|five|six|eight|ten|twelve)[- ]?(weeks?|months?)\b|\b(multi[- ]?week|weekly (plan|schedule|split)|program(me)?s?|training (plan|schedule|split)|(workout|training) split|plan for the (week|month)|week by week)\b/,
  progression:
    /\b(can'?t|cannot|can not|unable to|struggle to|not able to) (do|manage|get) (a |one |a single |any |even one )?(push[- ]?ups?|press[- ]?ups?|pull[- ]?ups?|chin[- ]?ups?|squats?)\b|\b(progressions?|regressions?|work (up|my way up) to|build up to|easier (version|variation)|my first (push|pull|chin))/,
  frequency:
    /\b(same muscles?( groups?)?|(two|2|consecutive|back[- ]to[- ]back) days|days? in a row|every other day|each muscle (how often|per week)|how (often|many times) (should|can|do) i train (each|a|the same))\b/,
  sleep_stress:
    /\b(slept (badly|poorly|bad|little|terribly|only)|(bad|poor|no|little|not enough) sleep|(didn'?t|did not|couldn'?t|could not) sleep|rough night|insomnia|stress(ed|ful)?|exhausted|burnt out|running on empty)\b/,
  pain: /\b(injur\w*|pain\w*|hurts?|hurting)\b/,
  weight_loss:
    /\b(los(e|ing)|lost|drop(ping)?|shed(ding)?|burn(ing)?) (\d+(\.\d+)? ?(kg|kilos?|lbs?|pounds|stone)|(some |the )?(weight|fat|belly|body ?fat|pounds|kilos))\b|\b(weight ?loss|fat ?loss|slim (down)?|calorie deficit|deficit|cutting|get lean|lean out|belly fat|love handles)\b/,
  how_to:
    /\b(how (do|to|should|can) (i |you )?(do|perform|execute|get|make)?|proper|properly|correct(ly)?|form|technique|cues?|tips? (for|on)|what is an?|what'?s an?|explain|teach me)\b/,
  nutrition:
    /\b(eat\w*|diet\w*|nutrition|food|meals?|protein|carbs?|fats?|calories|kcal|macros?|supplements?|creatine|pre[- ]?workout|caffeine|whey|shakes?|water|hydrat\w*|drink|bulk\w*|snacks?|breakfast)\b/,
  rest: /\b(rest( days?)?|recover(y|ing)?|days? off|how often|how many (times|days|sessions)|every day|overtrain\w*|sleep|deload|burn(ed|t)? out|too much)\b/,
  motivation:
    /\b(motivat\w*|lazy|(keep )?skipp?(ing)? (workouts|sessions|the gym|training)|consisten\w*|stick (with|to)|habit|can'?t be bothered|give up|gave up|discipline|bored|keep going|fall off|fell off|procrastinat\w*)\b/,
  today:
    /\b(today|right now|tonight|this (morning|evening|afternoon)|what should i (train|do)|what to train|how am i doing|my progress|last (workout|session)|this week)\b/,
  form: /\b(form|technique|posture)\b/,
  greeting: /^\s*(hi|hello|hey|yo|hiya|good (morning|evening|afternoon))\b/,
};

export function coachTopic(message: string, stated: StatedConstraints): CoachTopic {
  const text = message.toLowerCase().replace(/[’‘]/g, "'");
  // Read the catalogue's names once: the look-up is the costliest step on a long message.
  let named: boolean | undefined;
  const namesExercise = () => (named ??= findExerciseByName(text) !== undefined);
  const asksAboutConstraints =
    stated.minutes !== undefined ||
    stated.equipment !== undefined ||
    (stated.focus?.length ?? 0) > 0 ||
    stated.type !== undefined;
  if (stated.limitations.length || (TOPIC_WORDS.pain.test(text) && !stated.sore.length)) return 'injury';
  // Requests about features come before the exercise they name ("log my squat" is not how to squat).
  if (readAdjustment(text)) return 'adjust';
  if (TOPIC_WORDS.logging.test(text)) return 'logging';
  if (TOPIC_WORDS.program.test(text)) return 'program';
  if (TOPIC_WORDS.progression.test(text)) return 'progression';
  if (TOPIC_WORDS.frequency.test(text)) return 'frequency';
  if (TOPIC_WORDS.sleep_stress.test(text)) return 'sleep_stress';
  if (stated.sore.length || /\b(doms|sore(ness)?|stiff)\b/.test(text)) return 'soreness';
  if (TOPIC_WORDS.weight_loss.test(text)) return 'weight_loss';
  if (TOPIC_WORDS.how_to.test(text) && namesExercise()) return 'exercise';
  if (TOPIC_WORDS.nutrition.test(text)) return 'nutrition';
  if (TOPIC_WORDS.rest.test(text) && !asksAboutConstraints) return 'rest';
  if (TOPIC_WORDS.motivation.test(text)) return 'motivation';
  if (TOPIC_WORDS.today.test(text) && !asksAboutConstraints) return 'today';
  if (SHORT_ANSWERS.some((a) => a.words.test(text)) && !asksAboutConstraints) return 'short';
  if (TOPIC_WORDS.form.test(text)) return namesExercise() ? 'exercise' : 'form';
  if (asksAboutConstraints || SESSION_ASK_WORDS.test(text) || stated.difficulty) return 'plan';
  if (namesExercise()) return 'exercise';
  if (TOPIC_WORDS.greeting.test(text)) return 'greeting';
  return 'other';
}
