/**
 * The local coach's topic texts: data, in the project's own words. The rules in coach-*.rules.ts pick
 * and fill them from the message, the profile and the recent training.
 */
import type { Difficulty, TrainingGoal, WorkoutType } from '../../contract';
import type { Equipment, Limitation } from '../../workouts/catalogue/catalogue.types';

export interface LimitationAdvice {
  /** How people name it in a sentence ("your knee"). */
  label: string;
  avoid: string;
  instead: string;
  tip: string;
}

export const LIMITATION_ADVICE: Record<Limitation, LimitationAdvice> = {
  knee: {
    label: 'knee',
    avoid: 'jumping, deep or fast knee bends, lunges and pivoting',
    instead:
      'glute bridges and hip thrusts, Romanian deadlifts, hamstring curls, box squats to a high box in a pain-free range, step-ups onto a low step and straight-leg raises',
    tip: 'Mild discomfort (up to about 3 out of 10) that settles by the next morning is usually fine; anything sharper, shorten the range or drop the exercise.',
  },
  lower_back: {
    label: 'lower back',
    avoid:
      'heavy spinal loading, rounding under load (heavy deadlifts, good mornings), sit-ups and long bent-over holds',
    instead:
      'dead bugs, bird dogs, side planks, glute bridges, supported or chest-down rows, and easy walking every day',
    tip: 'Keep moving: rest in bed slows most back pain down. Brace lightly, keep a neutral spine and build the load back week by week.',
  },
  shoulder: {
    label: 'shoulder',
    avoid: 'overhead pressing, dips, wide-grip pressing and anything that pinches at the top of the shoulder',
    instead:
      'lower-body and core work that keeps weight off the hands (squats, lunges, bridges, dead bugs), walking or cycling; a physiotherapist can say which shoulder exercises to bring back and when',
    tip: 'Work below shoulder height first and raise the range only while it stays pain-free.',
  },
  wrist: {
    label: 'wrist',
    avoid: 'push-ups and planks on flat hands, front-rack holds and heavy curls',
    instead:
      'forearm planks, push-ups on fists or dumbbell handles (wrist straight), band work and lower-body training',
    tip: 'A straight wrist takes far less strain than a bent one: grip handles or make a fist.',
  },
  ankle: {
    label: 'ankle',
    avoid: 'jumping, running, skipping rope and deep lunges',
    instead:
      'cycling or rowing if they are pain-free, glute bridges, hamstring curls, seated upper-body work, and gentle ankle circles as rehab',
    tip: 'Balance work on the healthy side and, once walking is pain-free, on the injured side rebuilds the ankle’s stability.',
  },
  hip: {
    label: 'hip',
    avoid: 'deep squats, deep hip flexion, very wide stances and high kicks',
    instead: 'glute bridges, partial-range box squats, clamshells, side-lying leg raises and upper-body strength work',
    tip: 'Stay in the range that feels smooth; the range usually grows as the hip gets stronger.',
  },
  neck: {
    label: 'neck',
    avoid: 'heavy shrugs, heavy overhead work, headstands and crunches that pull on the head',
    instead: 'chest-supported rows, face pulls, chin tucks, dead bugs with the head resting down and lower-body work',
    tip: 'Keep the chin slightly tucked and the head in line with the spine in every exercise.',
  },
  elbow: {
    label: 'elbow',
    avoid: 'heavy curls, skull crushers, dips and any pulling that aggravates it',
    instead: 'lighter band work, slow isometric holds, neutral-grip pressing and lower-body training',
    tip: 'Tendons like slow, steady load: lighter weights, slow reps, and more load only when the next day is calm.',
  },
};

export const SEE_A_PROFESSIONAL =
  'If the pain is sharp, keeps you awake, comes with swelling, numbness or tingling, or has not eased after one to two weeks, stop training it and see a physiotherapist or doctor.';

export const SESSIONS_PER_WEEK: Record<Difficulty, string> = { beginner: '3', intermediate: '3–4', advanced: '4–5' };

export type NutritionTopic = 'protein' | 'timing' | 'supplements' | 'hydration' | 'muscle_gain' | 'general';

/** Nutrition answers by what the question is about; `{protein}` is filled with grams a day when the weight is known. */
export const NUTRITION_ANSWERS: Array<{ topic: NutritionTopic; words: RegExp; text: string }> = [
  {
    topic: 'supplements',
    words: /\b(supplements?|creatine|pre[- ]?workout|caffeine|whey|protein powder|shakes?|fat burners?|bcaas?)\b/,
    text: 'Supplements are optional: food first. Creatine monohydrate (3–5 g a day) is the best-studied one for strength; whey is just convenient protein. Keep caffeine under about 400 mg a day (3–4 coffees, less when pregnant), and skip fat burners: they mostly add stimulants.',
  },
  {
    topic: 'timing',
    words:
      /\b(before|after|pre|post)[- ]?(training|workout|a workout|exercise|gym)\b|\bwhat (should|to) i eat (before|after)\b/,
    text: 'Eat a meal with carbs and protein 1–3 hours before training (or a banana and yoghurt 30–60 minutes before), and a protein-rich meal within a few hours after. The day’s total matters far more than exact timing.',
  },
  {
    topic: 'hydration',
    words: /\b(water|hydrat\w*|drink|electrolytes?|dehydrat\w*)\b/,
    text: 'Drink roughly 30–35 ml per kg of body weight a day, plus about 0.5–1 litre per hour of training; pale yellow urine means you are on track. Add electrolytes only for long or very sweaty sessions.',
  },
  {
    topic: 'muscle_gain',
    words: /\b(bulk\w*|gain (weight|muscle|mass)|put on (muscle|size|weight)|calorie surplus)\b/,
    text: 'To build muscle, eat a small surplus of about 200–300 kcal a day above maintenance, get {protein} of protein, and train each muscle twice a week. Aim to gain about 0.25–0.5 % of your body weight a week; faster is mostly fat.',
  },
  {
    topic: 'protein',
    words: /\b(protein|macros?)\b/,
    text: 'Aim for {protein} of protein a day (1.6–2.2 g per kg of body weight), spread over 3–4 meals of 20–40 g: meat, fish, eggs, dairy, tofu, beans or lentils. More than about 2.2 g per kg adds nothing for muscle.',
  },
  {
    topic: 'general',
    words:
      /\b(eat\w*|diet\w*|nutrition|food|meals?|carbs?|fats?|calories|kcal|snacks?|breakfast|dinner|lunch|healthy)\b/,
    text: 'Build each meal around a palm of protein, two fists of vegetables, a fist of whole-food carbs (rice, potatoes, oats, fruit) and a thumb of fats. Eat mostly unprocessed food, keep alcohol low, and adjust portions to your goal.',
  },
];

export const NUTRITION_SAFETY =
  'Safe limits: these are general guidelines, not medical advice. Do not eat below about 1,200 kcal (women) or 1,500 kcal (men) a day without medical supervision, and with a medical condition, pregnancy or a history of disordered eating, work with a doctor or registered dietitian.';

export const MOTIVATION_TIPS = [
  'Put 3 fixed sessions in your calendar like appointments.',
  'Keep a minimum version for bad days: 10 minutes still counts and keeps the habit alive.',
  'Tie training to something you already do (right after work, before the morning coffee).',
  'Track the process — sessions done, the streak — rather than only the scale.',
];

/** Equipment as the coach says it. */
export const EQUIPMENT_LABELS: Record<Equipment, string> = {
  dumbbells: 'dumbbells',
  kettlebell: 'a kettlebell',
  barbell_rack: 'a barbell and rack',
  bench: 'a bench',
  machines: 'gym machines',
  bands: 'resistance bands',
  pullup_bar: 'a pull-up bar',
  cardio_machine: 'a cardio machine',
};

export const GOAL_LABELS: Record<TrainingGoal, string> = {
  lose_fat: 'losing fat',
  build_muscle: 'building muscle',
  endurance: 'endurance',
  mobility: 'mobility',
  general_fitness: 'general fitness',
};

/** The session that serves a goal best on a fresh day. */
export const GOAL_SESSIONS: Record<TrainingGoal, string> = {
  lose_fat: 'strength session, with a HIIT or cardio session later in the week',
  build_muscle: 'strength session for the muscles you trained least this week',
  endurance: 'cardio session at a pace you could still talk at',
  mobility: 'yoga session',
  general_fitness: 'full-body mixed session',
};

export const TYPE_LABELS: Record<WorkoutType, string> = {
  strength: 'strength',
  cardio: 'cardio',
  hiit: 'HIIT',
  yoga: 'yoga',
  mixed: 'full-body mixed',
};

/** Questions answered by one text: what they are about, the words that say so, the answer. */
export const SHORT_ANSWERS: Array<{ about: string; words: RegExp; text: string }> = [
  {
    about: 'illness',
    words: /\b(a cold|the flu|flu|sick|ill|fever|covid|sore throat|runny nose|coughing|cough)\b/,
    text: 'Use the neck check: with symptoms only above the neck (a runny nose, a mild sore throat) an easy session — a walk, light yoga — is usually fine. With a fever, chest symptoms, body aches or an upset stomach, rest until you have been symptom-free for a day or two, then start at half your usual effort. Anything lasting more than a week or a high fever: see a doctor.',
  },
  {
    about: 'low impact',
    words:
      /\b(no jump(s|ing)?|without jump(s|ing)?|low[- ]impact|quiet (workout|session|exercises)|neighbou?rs|downstairs|apartment|flat)\b/,
    text: 'Low-impact and quiet works well: swap jumping jacks for step jacks, jump squats for slow tempo squats, burpees for walk-out push-ups and running in place for marching with high knees. Slow the lowering phase (3 seconds) and add pauses to keep it hard without any jumping. A mat dampens what noise is left.',
  },
  {
    about: 'fasted training',
    words: /\b(empty stomach|fasted|fasting|before breakfast)\b/,
    text: 'Training on an empty stomach is fine for easy cardio or a short session if you feel good; for hard or long sessions, a small snack with carbs 30–60 minutes before (a banana, toast) helps performance. The day’s total food matters more than the timing. Feeling dizzy or shaky is a sign to eat first.',
  },
  {
    about: 'thanks',
    words: /^\s*(thanks?|thank you|thx|cheers|great|awesome|perfect|got it)\b/,
    text: 'You’re welcome! When you are ready, tell me how many minutes you have and what equipment, and I will shape a session from our chat that you can make today’s with one press.',
  },
];

/** A movement built up from its easiest form: the steps in order, and when to move on. */
export const PROGRESSIONS: Array<{ movement: string; words: RegExp; steps: string[] }> = [
  {
    movement: 'push-up',
    words: /\bpush[- ]?ups?\b|\bpress[- ]?ups?\b/,
    steps: [
      'wall push-ups (hands on a wall, body straight)',
      'incline push-ups with your hands on a table, a bench or a stair — lower the surface as it gets easier',
      'negatives: start at the top and lower yourself for 3–5 seconds, then step or kneel back up',
      'knee push-ups, then full push-ups, starting with a few clean reps per set',
    ],
  },
  {
    movement: 'pull-up',
    words: /\b(pull[- ]?ups?|chin[- ]?ups?)\b/,
    steps: [
      'dead hangs and scapular pulls (shoulders down and back while hanging)',
      'inverted rows under a sturdy table or a low bar, feet further forward as you get stronger',
      'negatives: jump or step to the top and lower yourself for 3–5 seconds',
      'band-assisted pull-ups, then a first full pull-up, then more reps per set',
    ],
  },
  {
    movement: 'squat',
    words: /\bsquats?\b/,
    steps: [
      'sit-to-stand from a chair',
      'box squats to a lower box',
      'bodyweight squats to full depth',
      'goblet squats holding a weight at the chest',
    ],
  },
];

export const PROGRESSION_RULE =
  'Move to the next step once you can do 3 sets of 8–12 clean reps; if a step is too hard, go back one. Train it 2–3 times a week, with a day off in between.';

/** Plans over weeks: the program the coach would build, and where it is started. */
export const PROGRAM_ANSWER =
  'I can build that as a program: {name} ({days}). {summary} Press BUILD_MY_PROGRAM on the PROGRAMS page and it starts today, built from your profile and what you told me here; the six ready-made programs are there too.';

/** Logging sets: where and how, as the session card does it. */
export const LOGGING_ANSWER =
  'Log each set on the session card: every exercise lists its sets, prefilled from the plan and from last time. Enter the reps and the weight (or the time), the effort (RPE) if you like, and press ✓. The rest timer starts, a new personal record is marked, and HISTORY beside the exercise shows its past sets and records. Sets logged without signal wait on your device and sync once you are back online; completing the session pays for the sets you logged.';

/** Training the same muscles on consecutive days. */
export const FREQUENCY_ANSWER =
  'Training the same muscles two days in a row is fine at light or moderate effort (a few easy sets, mobility, a walk). After a hard session, give those muscles about 48 hours before the next hard one: alternate upper and lower body, or push and pull, on back-to-back days. Soreness that makes you move differently is a sign to wait a day.';

/** A bad night or a stressful day. */
export const SLEEP_STRESS_ANSWER =
  'After a bad night or a stressful day, train, but lighter: fewer sets, stop every set with 3–4 reps in reserve, no maximal efforts, and keep the session short. A walk or easy yoga counts too. Aim for 7–9 hours of sleep tonight; several bad nights in a row are a reason for an easy week.';
