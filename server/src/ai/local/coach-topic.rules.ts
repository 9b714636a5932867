/** What a coach message is about: the first topic that fits, the most specific first. */
import type { StatedConstraints } from './chat.rules';
import { findExerciseByName } from '../../workouts/catalogue';
import { SHORT_ANSWERS } from './coach-advice';
import { SESSION_ASK_WORDS } from './chat-words';

export type CoachTopic =
  | 'injury'
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
  pain: /\b(injur\w*|pain\w*|hurts?|hurting)\b/,
  weight_loss: /\b(los(e|ing)|lost|drop(ping)?|shed(ding)?|burn(ing)?) (\d+(\.\d+)? ?(kg|kilos?|lbs?|pounds|stone)|(some |the )?(weight|fat|belly|body ?fat|pounds|kilos))\b|\b(weight ?loss|fat ?loss|slim (down)?|calorie deficit|deficit|cutting|get lean|lean out|belly fat|love handles)\b/,
  how_to: /\b(how (do|to|should|can) (i |you )?(do|perform|execute|get|make)?|proper|properly|correct(ly)?|form|technique|cues?|tips? (for|on)|what is an?|what'?s an?|explain|teach me)\b/,
  nutrition: /\b(eat\w*|diet\w*|nutrition|food|meals?|protein|carbs?|fats?|calories|kcal|macros?|supplements?|creatine|pre[- ]?workout|caffeine|whey|shakes?|water|hydrat\w*|drink|bulk\w*|snacks?|breakfast)\b/,
  rest: /\b(rest( days?)?|recover(y|ing)?|days? off|how often|how many (times|days|sessions)|every day|overtrain\w*|sleep|deload|burn(ed|t)? out|too much)\b/,
  motivation: /\b(motivat\w*|lazy|consisten\w*|stick (with|to)|habit|can'?t be bothered|give up|gave up|discipline|bored|keep going|fall off|fell off|procrastinat\w*)\b/,
  today: /\b(today|right now|tonight|this (morning|evening|afternoon)|what should i (train|do)|what to train|how am i doing|my progress|last (workout|session)|this week)\b/,
  form: /\b(form|technique|posture)\b/,
  greeting: /^\s*(hi|hello|hey|yo|hiya|good (morning|evening|afternoon))\b/,
};

export function coachTopic(message: string, stated: StatedConstraints): CoachTopic {
  const text = message.toLowerCase().replace(/[’‘]/g, "'");
  // Read the catalogue's names once: the look-up is the costliest step on a long message.
  let named: boolean | undefined;
  const namesExercise = () => (named ??= findExerciseByName(text) !== undefined);
  const asksAboutConstraints = stated.minutes !== undefined || stated.equipment !== undefined || (stated.focus?.length ?? 0) > 0 || stated.type !== undefined;
  if (stated.limitations.length || (TOPIC_WORDS.pain.test(text) && !stated.sore.length)) return 'injury';
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
