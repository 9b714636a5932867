/**
 * The coach against messages written as members write them, by what they ask about: recovery and
 * frequency, progressions, sleep and stress, soreness, nutrition, plans over weeks, logging,
 * changes to today's session. Each group says what every answer in it must (and must never) say;
 * with coach.suite.spec.ts these are well over 150 messages. No answer is the generic fallback, and
 * none names GENERATE_WORKOUT_FROM_CHAT before the chat shows it.
 */
import type { ChatTurn } from '../../contract';
import type { AdjustOutcome, CoachContext, CoachProfile, RecentTraining } from '../../contract/job-shapes';
import { coachReply } from './coach.rules';

interface MessageGroup {
  about: string;
  messages: string[];
  mentions: RegExp[];
  never?: RegExp[];
  profile?: Partial<CoachProfile>;
  recent?: Partial<RecentTraining>;
  adjusted?: AdjustOutcome;
  /** Turns before the message (the button is on screen once the chat holds more than two messages). */
  history?: ChatTurn[];
}

const PROFILE: CoachProfile = {
  fitnessLevel: 'beginner',
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  bmi: null,
  bmiCategory: null,
  age: 34,
  height: 178,
  weight: 80,
};
const NO_TRAINING: RecentTraining = { sessionsLast7Days: 0, lastSession: null, recentlyTrained: [] };
const FALLBACK = /I'm not sure I understood/;
const NAMES_BUTTON = /GENERATE_WORKOUT_FROM_CHAT/;
/** A template slot left empty or unfilled. */
const HOLE = /\s{2}|\s[.,;:]|\{\w+\}|\bundefined\b|\bnull\b|\bNaN\b|\(\s*\)/;
const EARLIER: ChatTurn[] = [
  { role: 'user', content: 'hi' },
  { role: 'assistant', content: 'Hey! I am your coach.' },
];

const GROUPS: MessageGroup[] = [
  {
    about: 'training the same muscles again',
    messages: [
      'Is it fine to train the same muscles two days in a row?',
      'can i do legs 2 days in a row',
      'is it bad to work the same muscle groups back to back days?',
      'should I train chest on consecutive days?',
      'how often should I train each muscle per week',
      'can I do arms every other day?',
      'I did back yesterday, can I train the same muscles today?',
      'training abs days in a row ok?',
    ],
    mentions: [/48 hours/, /light or moderate effort/, /alternate upper and lower body/],
    never: [/Romanian Deadlift:/, /DOMS\)/],
  },
  {
    about: 'frequency with muscles still recovering',
    messages: ['same muscles two days in a row, is that ok?', 'can I hit legs back to back days?'],
    recent: { recentlyTrained: ['legs', 'glutes'] },
    mentions: [/48 hours/, /your legs and glutes worked hard in the last 48 hours/],
  },
  {
    about: 'push-up progression from zero',
    messages: [
      "I can't do a single push-up yet. Where do I start?",
      'i cant do push ups at all',
      'I cannot do a push-up, help',
      'how do I work up to my first push-up?',
      'I struggle to do push ups, is there an easier version?',
      "can't do one press-up, what now",
      'push-up progression for a beginner please',
    ],
    mentions: [/wall push-ups/, /incline push-ups/, /negatives/, /knee push-ups, then full push-ups/, /3 sets of 8–12/],
    never: [/floor press/i, /One straight line/],
  },
  {
    about: 'pull-up progression',
    messages: [
      "I can't do a pull-up",
      'how do I build up to a pull up?',
      'I am unable to do a chin-up yet',
      'pull-up progressions?',
    ],
    mentions: [/dead hangs/, /inverted rows/, /negatives/, /band-assisted/],
  },
  {
    about: 'squat progression',
    messages: [
      "I can't do squats, my legs are weak",
      'an easier version of the squat?',
      "I can't do a squat to full depth",
    ],
    mentions: [/sit-to-stand/, /box squats/, /goblet squats/],
  },
  {
    about: 'sleep and stress without a change asked',
    messages: [
      'I slept badly last night',
      'only got 4 hours, bad sleep, should I still train?',
      "I'm so stressed with work, should I work out?",
      "couldn't sleep, feeling rough",
      'rough night with the baby, train or not?',
      'exhausted after a stressful week',
      'I have insomnia lately, does it affect training?',
    ],
    mentions: [/lighter/, /3–4 reps in reserve/, /7–9 hours/, /make today easier/],
    never: [/Here is a \d+-minute/],
  },
  {
    about: 'sleep and a busy week',
    messages: ['slept poorly again'],
    recent: { sessionsLast7Days: 6 },
    mentions: [/6 sessions in the last 7 days/, /rest day/],
  },
  {
    about: 'making today easier, changed on the server',
    messages: [
      'I slept badly, make today easier',
      'make today easier please',
      "today's workout is too hard for me",
      'can you make my session lighter?',
      'tone it down today, make it easier',
    ],
    adjusted: {
      kind: 'adjusted',
      asked: 'easier',
      name: 'Strength Foundations · 45 min',
      minutes: 45,
      difficulty: 'beginner',
    },
    mentions: [
      /Done: today’s session is now Strength Foundations · 45 min/,
      /45 minutes at beginner level/,
      /easier than before/,
    ],
    never: [/train {2}instead/],
  },
  {
    about: 'making today harder, changed on the server',
    messages: [
      'make today harder',
      'this workout is too easy',
      'can you make my workout more challenging?',
      'step it up today, make it harder',
    ],
    adjusted: {
      kind: 'adjusted',
      asked: 'harder',
      name: 'Strength Builder · 30 min',
      minutes: 30,
      difficulty: 'intermediate',
    },
    mentions: [/Done: today’s session is now Strength Builder · 30 min/, /intermediate level/, /harder than before/],
  },
  {
    about: 'making today shorter, changed on the server',
    messages: [
      'make today shorter',
      'make it shorter, I only have 20 minutes',
      'my workout is too long today',
      'can you make today quicker?',
    ],
    adjusted: {
      kind: 'adjusted',
      asked: 'shorter',
      name: 'HIIT Builder · 20 min',
      minutes: 20,
      difficulty: 'intermediate',
    },
    mentions: [/Done: today’s session is now HIIT Builder · 20 min/, /20 minutes/, /shorter than before/],
  },
  {
    about: 'a change asked with no session today',
    messages: ['make today easier', 'make my workout harder', 'make today shorter'],
    adjusted: { kind: 'no_workout', asked: 'easier' },
    mentions: [/no open session today/, /EXECUTE_GENERATION/],
    never: [/Done:/],
  },
  {
    about: 'a change asked of a started session',
    messages: ['make today easier, I am struggling', 'this session is too hard'],
    adjusted: { kind: 'started', asked: 'easier', name: 'Full-Body Mix Builder · 45 min' },
    mentions: [/already ticked exercises in Full-Body Mix Builder/, /the work you did counts/, /one set fewer/],
    never: [/Done:/],
  },
  {
    about: 'harder than advanced',
    messages: ['make today harder', 'too easy, make it harder'],
    adjusted: {
      kind: 'at_limit',
      asked: 'harder',
      name: 'Strength Overdrive · 60 min',
      minutes: 60,
      difficulty: 'advanced',
    },
    mentions: [/already as hard as I build sessions/, /lower every rep over 3 seconds/],
  },
  {
    about: 'plans over weeks: the program the coach would build',
    messages: [
      '4-week plan, 3 days a week',
      'can you make me a 4 week program, 3 times a week?',
      'I want a 12-week programme to build muscle',
      'give me a training split for the week',
      'what is a good weekly plan for me?',
      'plan for the month please, 4 days per week',
      'a six week program to get fit',
      'multi-week plan for running',
    ],
    mentions: [
      /^I can build that as a program: Your \d-Day /,
      /days a week for \d+ weeks/,
      /Press BUILD_MY_PROGRAM on the PROGRAMS page/,
    ],
    never: [/\{\w+\}/, /Week 1:/, /not available/, /undefined|NaN/],
  },
  {
    about: 'plans over weeks with the numbers said',
    messages: ['4-week plan, 3 days a week', 'a 12-week programme to build muscle, 5 days per week'],
    mentions: [/ \d days a week for \d+ weeks/],
  },
  {
    about: 'plans over weeks: the days and weeks asked',
    messages: ['4-week plan, 3 days a week'],
    mentions: [
      /Your 3-Day Full Body \(Full Body A, Full Body B and Full Body C\)/,
      /3 days a week for 4 weeks/,
      /Week 4 is lighter/,
    ],
  },
  {
    about: 'logging sets: on the session card',
    messages: [
      'Log my squat: 3 sets of 5 at 100 kg',
      'log my bench press 3x8 at 60kg',
      'can I log my sets somewhere?',
      'record my deadlift, 5 sets of 3 at 140 kg',
      'where do I log my workouts?',
      'how do I track my lifts?',
      'log 4 sets of 10 at 20 kg curls',
    ],
    mentions: [
      /^Log each set on the session card/,
      /press ✓/,
      /HISTORY beside the exercise/,
      /sync once you are back online/,
    ],
    never: [/Bodyweight Squat:/, /Knees track over the toes/, /Cues:/],
  },
  {
    about: 'soreness in many words',
    messages: [
      'my quads are so sore I can barely walk',
      'arms are killing me after yesterday',
      'super sore chest from push ups',
      'DOMS is brutal today',
      'my glutes are aching from the squats',
      'very stiff back muscles after rows',
      'legs wrecked after leg day',
    ],
    mentions: [/DOMS/, /24–72 hours/, /sleep 7–9 hours/],
  },
  {
    about: 'rest and recovery',
    messages: [
      'how many rest days a week?',
      'do I need a deload?',
      'is it ok to train every day?',
      'how much rest between sets?',
      'am I overtraining?',
      'how long should I recover between workouts?',
    ],
    profile: { fitnessLevel: 'intermediate' },
    mentions: [/3–4 sessions a week/, /48 hours/, /Sleep 7–9 hours/],
  },
  {
    about: 'nutrition in many words',
    messages: [
      'how much protein do I need a day',
      'what should I eat after a workout?',
      'are protein shakes necessary?',
      'how much water should I drink when training?',
      'is creatine worth it',
      'what to eat to build muscle',
      'how many calories should I eat?',
      'best breakfast before the gym?',
      'are carbs bad?',
      'should I take pre-workout?',
    ],
    mentions: [/Safe limits/, /registered dietitian/],
    never: [/\{protein\}/],
  },
  {
    about: 'weight loss in many words',
    messages: [
      'how do I lose 3 kg',
      'I need to lose weight fast',
      'best way to lose belly fat?',
      'want to drop 15 pounds',
      'how to get lean for summer',
      'cutting tips?',
    ],
    mentions: [/0\.5–1 %/, /Never crash diet/],
  },
  {
    about: 'pain and injuries in many words',
    messages: [
      'my knee hurts when I run',
      'shoulder pain on bench press',
      'I tweaked my lower back deadlifting',
      'wrist pain in planks',
      'my ankle is sprained',
      'elbow hurts when I do pull-ups',
      'neck pain after shrugs',
    ],
    mentions: [/avoid/, /Instead:/, /physiotherapist or doctor/],
  },
  {
    about: 'a concrete session, later in the chat (the button is on screen)',
    messages: [
      '30 minutes, dumbbells, full body',
      'a 20 minute hiit session with no equipment',
      '45 minute yoga please',
      'upper body with bands, 25 min',
      'quick 15 minute core workout',
    ],
    history: EARLIER,
    mentions: [/Here is a \d+-minute/, /Press GENERATE_WORKOUT_FROM_CHAT and it becomes today’s session/],
  },
  {
    about: 'a concrete session as the first message (the button is not on screen yet)',
    messages: [
      '30 minutes, dumbbells, full body',
      'a 20 minute hiit session with no equipment',
      '45 minute yoga please',
      'quick 15 minute core workout',
    ],
    mentions: [/Here is a \d+-minute/, /a button to make it today’s session appears below the chat/],
  },
  {
    about: 'glutes and hamstrings, as in the report',
    messages: ['25 minutes, one kettlebell and a band — glutes and hamstrings, intermediate'],
    history: EARLIER,
    mentions: [/25-minute intermediate strength session/, /Swing|Hip Thrust|Bridge|Romanian/],
    never: [/keep those exercises light/],
  },
  {
    about: 'a focus still recovering: trained lighter, said once and consistently',
    messages: [
      '25 minutes, one kettlebell and a band — glutes and hamstrings, intermediate',
      'glute workout with a kettlebell, 30 minutes',
    ],
    history: EARLIER,
    recent: { recentlyTrained: ['glutes'] },
    mentions: [/Your glutes worked hard recently, so this plan trains them at lighter doses today/],
    never: [/keep those exercises light/, /glutes get a rest/, /leaves them out/],
  },
  {
    about: 'today with everything trained lately',
    messages: ['what should I train today?', 'what should I do today?'],
    recent: { sessionsLast7Days: 3, recentlyTrained: ['chest', 'back', 'shoulders', 'arms', 'core', 'glutes', 'legs'] },
    mentions: [/easy 20–30 minute walk, ride or yoga/],
    never: [/train {2}instead/, /train instead/],
  },
  {
    about: 'motivation in many words',
    messages: [
      'I keep skipping workouts',
      'how do I stay consistent?',
      'feeling lazy, no motivation',
      'I fell off the wagon again',
    ],
    mentions: [/Consistency beats intensity/],
  },
];

const CASES = GROUPS.flatMap((group) =>
  group.messages.map((message) => [`${group.about}: ${message}`, group, message] as const),
);

describe('the coach on messages as members write them', () => {
  it('holds over 100 messages here (with coach.suite.spec.ts, over 150)', () =>
    expect(CASES.length).toBeGreaterThan(100));

  it.each(CASES)('%s', (_, group, message) => {
    const context: CoachContext = {
      message,
      history: group.history ?? [],
      profile: { ...PROFILE, ...group.profile },
      recent: { ...NO_TRAINING, ...group.recent },
      ...(group.adjusted ? { adjusted: { ...group.adjusted } } : {}),
    };
    const answer = coachReply(context);
    expect(answer).not.toMatch(FALLBACK);
    expect(answer).not.toMatch(HOLE);
    if (context.history.length === 0) expect(answer).not.toMatch(NAMES_BUTTON);
    for (const pattern of group.mentions) expect(answer).toMatch(pattern);
    for (const pattern of group.never ?? []) expect(answer).not.toMatch(pattern);
  });
});
