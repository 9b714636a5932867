/** How the local coach reads a conversation: the workout asked for, limits stated, what a message is about. */
import type { ChatTurn, Difficulty, MuscleGroup, WorkoutType } from '../../contract';
import type { Limitation } from '../../workouts/catalogue/catalogue.types';
import { PLAN_MINUTES } from '../ai.provider';
import type { ChatWorkoutRequest } from '../ai.provider';

const TYPE_WORDS: Array<[WorkoutType, RegExp]> = [
  ['hiit', /\b(hiit|intervals?|tabata|circuit training|fat[- ]?burn(ing)?)\b/],
  ['yoga', /\b(yoga|stretch(ing)?|flexib\w*|mobility|flow)\b/],
  ['cardio', /\b(cardio|run(ning)?|jog(ging)?|endurance|stamina|cycling|bike|rowing|walk(ing)?)\b/],
  ['mixed', /\b(mixed|full[- ]body|a bit of everything|variety)\b/],
  ['strength', /\b(strength|strong(er)?|weights?|lifting|lift|muscle|build muscle|resistance|dumbbells?)\b/],
];
const DIFFICULTY_WORDS: Array<[Difficulty, RegExp]> = [
  ['beginner', /\b(beginner|new to|easy|gentle|light|just start(ing|ed)|out of shape|low[- ]impact)\b/],
  ['advanced', /\b(advanced|hard(er)?|intense|challenging|brutal|tough|push me)\b/],
  ['intermediate', /\b(intermediate|moderate|medium)\b/],
];
const LIMITATION_WORDS: Array<[Limitation, RegExp]> = [
  ['knee', /\bknees?\b/],
  ['lower_back', /\b(lower back|back|spine)\b/],
  ['shoulder', /\bshoulders?\b/],
  ['wrist', /\bwrists?\b/],
  ['ankle', /\bankles?\b/],
  ['hip', /\bhips?\b/],
  ['neck', /\bneck\b/],
  ['elbow', /\belbows?\b/],
];
const MUSCLE_WORDS: Array<[MuscleGroup, RegExp]> = [
  ['legs', /\b(legs?|quads?|hamstrings?|calves|calf)\b/],
  ['chest', /\b(chest|pecs?)\b/],
  ['back', /\b(back|lats?)\b/],
  ['shoulders', /\bshoulders?\b/],
  ['arms', /\b(arms?|biceps?|triceps?)\b/],
  ['core', /\b(abs|core|stomach)\b/],
  ['glutes', /\b(glutes?|butt|hips?)\b/],
];
const INJURY = /\b(injur\w*|hurts?|pain\w*|bad|weak|surgery|sprain\w*|strain\w*|tweak\w*|problems?|issues?|torn|recovering)\b/;
const SORE = /\b(sore|soreness|doms|aching|achy|stiff|tired|fatigued)\b/;
const NO_EQUIPMENT = /\b(no (equipment|gear|weights|gym|dumbbells)|without (equipment|weights|a gym)|bodyweight( only)?|hotel room|no gym)\b/;

function lastMatch<T>(texts: string[], table: Array<[T, RegExp]>): T | undefined {
  let found: T | undefined;
  for (const text of texts) for (const [value, pattern] of table) if (pattern.test(text)) found = value;
  return found;
}

/** Minutes mentioned ("20 min", "half an hour", "an hour"), kept within the minutes a workout may last. */
export function statedMinutes(text: string): number | undefined {
  let minutes: number | undefined;
  const number = /\b(\d{1,3})\s*(-|\s)?(min|mins|minutes?)\b/.exec(text);
  if (number) minutes = Number(number[1]);
  else if (/\bhalf an hour\b/.test(text)) minutes = 30;
  else if (/\b(an|one|1) hour\b/.test(text)) minutes = 60;
  else if (/\bquarter of an hour\b/.test(text)) minutes = 15;
  if (minutes === undefined) return undefined;
  return Math.min(PLAN_MINUTES.max, Math.max(PLAN_MINUTES.min, minutes));
}

/**
 * The workout a conversation asks for (the user's turns; later statements win). Null when it names
 * no type, duration, difficulty or limit at all: there is nothing to build from.
 */
export function readChatRequest(history: ChatTurn[], fitnessLevel: Difficulty): ChatWorkoutRequest | null {
  const texts = history.filter((t) => t.role === 'user').map((t) => t.content.toLowerCase());
  const type = lastMatch(texts, TYPE_WORDS);
  const difficulty = lastMatch(texts, DIFFICULTY_WORDS);
  const minutes = texts.map(statedMinutes).filter((m) => m !== undefined).pop();
  const limitations = new Set<Limitation>();
  const soreMuscles = new Set<MuscleGroup>();
  let noEquipment = false;
  for (const text of texts) {
    for (const sentence of text.split(/[.!?;]/)) {
      if (INJURY.test(sentence)) LIMITATION_WORDS.filter(([, p]) => p.test(sentence)).forEach(([limitation]) => limitations.add(limitation));
      if (SORE.test(sentence)) MUSCLE_WORDS.filter(([, p]) => p.test(sentence)).forEach(([muscle]) => soreMuscles.add(muscle));
    }
    if (NO_EQUIPMENT.test(text)) noEquipment = true;
  }
  if (!type && !difficulty && !minutes && !limitations.size && !noEquipment && !soreMuscles.size) return null;
  // Equipment named in the chat is not read yet: the plan is bodyweight only.
  return {
    type: type ?? 'mixed',
    difficulty: difficulty ?? fitnessLevel,
    minutes: minutes ?? 30,
    equipment: [],
    limitations: [...limitations],
    focus: [],
    soreMuscles: [...soreMuscles],
  };
}

export type CoachTopic = 'workout_request' | 'soreness' | 'weight_loss' | 'form' | 'rest' | 'today' | 'nutrition' | 'greeting' | 'other';

const TOPICS: Array<[CoachTopic, RegExp]> = [
  ['workout_request', /\b(give me|create|make|build|generate|design|plan|want|need)\b.*\b(workout|session|routine|plan)\b/],
  ['soreness', /\b(sore|soreness|doms|aching|achy|stiff|hurts?|pain)\b/],
  ['weight_loss', /\b(lose|losing|lost) (weight|fat|kg|pounds|lbs)|\b(weight loss|fat loss|slim|burn fat|cut|calorie deficit)\b/],
  ['form', /\b(form|technique|properly|correctly|how (do|should) i do|posture)\b/],
  ['rest', /\b(rest|recover(y)?|days? off|how often|sleep|overtrain\w*)\b/],
  ['today', /\b(today|right now|tonight|this morning|what should i (train|do)|what to train)\b/],
  ['nutrition', /\b(eat|diet|protein|nutrition|food|meal|carbs?)\b/],
  ['greeting', /^\s*(hi|hello|hey|yo|good (morning|evening|afternoon))\b/],
];

/** What a message is mainly about (the first topic that matches, most specific first). */
export function coachTopic(message: string): CoachTopic {
  const text = message.toLowerCase();
  return TOPICS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}
