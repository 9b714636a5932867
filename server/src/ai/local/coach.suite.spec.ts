/**
 * The local coach against realistic messages: each answer must say what a coach would,
 * never the generic fallback, and never the same reply to different questions; a message that states
 * constraints must be read into the request GENERATE_WORKOUT_FROM_CHAT builds, and the workout built
 * from it must honour every one of them.
 */
import { planProblems } from '../../../test/support/plan-checks';
import type { ChatTurn } from '../../contract';
import type {
  ChatWorkoutRequest,
  CoachContext,
  CoachProfile,
  PlanRequest,
  RecentTraining,
} from '../../contract/job-shapes';
import { EQUIPMENT } from '../../contract/values';
import { catalogueExercise } from '../../workouts/catalogue';
import { chatDefaults } from '../../workouts/coach-profile.rules';
import { LocalAiProvider } from '../local-ai.provider';
import { readChatRequest } from './chat.rules';
import { coachReply } from './coach.rules';
import { level } from './coach-common.rules';

interface SuiteCase {
  /** The user's messages in order; the coach answers the last (its earlier replies are in the history). */
  says: string | string[];
  profile?: Partial<CoachProfile>;
  recent?: Partial<RecentTraining>;
  /** Every pattern must be in the answer. */
  mentions: RegExp[];
  /** No pattern may be in the answer. */
  never?: RegExp[];
  /** The catalogue exercise the answer explains: its name, description and every form cue. */
  explains?: string;
  /** What the conversation asks GENERATE_WORKOUT_FROM_CHAT for (fields given must match); null: nothing to build. */
  request?: Partial<ChatWorkoutRequest> | null;
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
const SEE_SOMEONE = /physiotherapist or doctor/;
/** The way to make the session today's: the button by name once it is on screen, else how it appears. */
const GENERATE = /GENERATE_WORKOUT_FROM_CHAT|a button to make it today’s session appears/;
/** How an answer that describes a session ends: it is the one the button builds. */
const PROMISE = /Press GENERATE_WORKOUT_FROM_CHAT and it becomes today|a button to make it today’s session appears/;
const NAMES_BUTTON = /GENERATE_WORKOUT_FROM_CHAT/;
const UPPER = ['chest', 'back', 'shoulders', 'arms'];

const CASES: SuiteCase[] = [
  // The five questions of, which all got the same canned reply.
  {
    says: 'I have a bad knee, what can I do for legs?',
    mentions: [/knee/, /avoid jumping/, /glute bridges/, /Romanian deadlifts/, SEE_SOMEONE],
    never: [/don't see any completed sessions/],
    request: { limitations: ['knee'], focus: ['legs', 'glutes'] },
  },
  {
    says: 'how do I lose 5 kg?',
    mentions: [
      /Losing 5 kg/,
      /0\.5–1 %/,
      /7–13 weeks/,
      /300–500 kcal/,
      /128–176 g/,
      /steps/,
      /[Ss]trength/,
      /Never crash diet/,
    ],
    request: null,
  },
  {
    says: 'I only have 20 minutes and dumbbells',
    mentions: [/20-minute/, /with dumbbells/, /warm up with/, /cool down with/, GENERATE],
    request: { minutes: 20, equipment: ['dumbbells'], type: 'strength' },
  },
  {
    says: 'What is a good leg workout?',
    mentions: [/for your legs and glutes/, /with bodyweight only/, GENERATE],
    request: { focus: ['legs', 'glutes'] },
  },
  {
    says: 'How do I do a proper squat?',
    explains: 'bodyweight-squat',
    mentions: [/Knees track over the toes/, /control every rep/],
    request: null,
  },

  // Injuries and pain.
  {
    says: 'my lower back hurts',
    mentions: [/lower back/, /dead bugs, bird dogs/, /Keep moving/, SEE_SOMEONE],
    request: { limitations: ['lower_back'] },
  },
  // Nothing the answer suggests may load the shoulder (rows and presses do: docs/product.md, Health screening).
  {
    says: 'I have a shoulder injury, can I still train?',
    mentions: [/shoulder/, /avoid overhead pressing/, /lower-body and core work/, SEE_SOMEONE],
    never: [/\brows\b|floor press/],
    request: { limitations: ['shoulder'] },
  },
  {
    says: 'sore wrist from typing all day',
    mentions: [/wrist/, /forearm planks/, /fists or dumbbell handles/, SEE_SOMEONE],
    request: { limitations: ['wrist'] },
  },
  {
    says: 'I sprained my ankle last week',
    mentions: [/ankle/, /avoid jumping, running/, /cycling or rowing/],
    request: { limitations: ['ankle'] },
  },
  {
    says: 'my hip clicks and hurts when I squat',
    mentions: [/hip/, /deep squats/, /clamshells/],
    request: { limitations: ['hip'] },
  },
  {
    says: 'I get pain in my elbow when I do curls',
    mentions: [/elbow/, /heavy curls/, /isometric/],
    request: { limitations: ['elbow'] },
  },
  // Distances in the units the profile reads (stored in metres).
  {
    says: 'a 30 minute cardio session on my rowing machine',
    profile: { units: 'imperial', equipment: ['cardio_machine'], fitnessLevel: 'intermediate', goal: 'endurance' },
    // Steady work on a machine is dosed in minutes (distances are the interval rows', in yd for imperial: dose.rules.spec).
    mentions: [/\(\d+ min steady\)/, PROMISE],
    never: [/\d km\b/, /\d m\b/],
    request: { minutes: 30, type: 'cardio' },
  },
  {
    says: 'I want a 30 minute yoga session\nmy wrist hurts',
    mentions: [
      /With your wrist: avoid/,
      /30-minute beginner yoga session with bodyweight only, nothing that loads your wrist/,
      SEE_SOMEONE,
      GENERATE,
    ],
    request: { minutes: 30, type: 'yoga', limitations: ['wrist'] },
  },
  { says: 'I injured myself', mentions: [/Tell me where it hurts/, SEE_SOMEONE] },
  {
    says: 'what should I avoid with my injury?',
    profile: { limitations: ['knee', 'lower_back'] },
    mentions: [/With your knee/, /With your lower back/, /leave out anything that loads your knee and lower back/],
  },

  // Soreness, rest and recovery.
  {
    says: 'my legs are so sore after yesterday',
    mentions: [/DOMS/, /24–72 hours/, /legs and glutes a rest/, /sleep 7–9 hours/],
    request: { soreMuscles: ['legs', 'glutes'] },
  },
  {
    says: 'I have DOMS, should I still train?',
    recent: { recentlyTrained: ['chest', 'arms'] },
    mentions: [/DOMS/, /chest and arms/, /train other muscle groups/],
  },
  {
    says: 'How many rest days do I need?',
    profile: { fitnessLevel: 'intermediate' },
    mentions: [/intermediate level/, /3–4 sessions a week/, /1–2 full rest days/, /48 hours/],
  },
  {
    says: 'is it ok to train every day?',
    recent: { sessionsLast7Days: 7 },
    mentions: [/7 sessions in the last 7 days/, /rest day/],
  },
  { says: 'how much sleep do I need to recover?', profile: { age: 58 }, mentions: [/Sleep 7–9 hours/, /Past 50/] },

  // Weight loss.
  {
    says: 'How do I lose weight?',
    profile: { bmi: 31, bmiCategory: 'Obese', weight: 95 },
    mentions: [/obese range/, /low-impact/, /0\.5–1 %/, /0\.5–1 kg a week at your 95 kg/],
  },
  { says: 'how can I lose belly fat', mentions: [/cannot burn fat from one spot/, /deficit/] },
  { says: 'I want to drop 10 pounds before summer', mentions: [/Losing 4\.5 kg/, /weeks/, /1,200 kcal/] },
  {
    says: 'should I lose weight?',
    profile: { bmi: 17.8, bmiCategory: 'Underweight' },
    mentions: [/underweight range/, /not what I would recommend/],
    never: [/deficit/],
  },
  { says: 'is a 1000 calorie diet a good idea for weight loss?', mentions: [/Never crash diet/, /1,500 kcal/] },

  // Nutrition, with safe limits.
  { says: 'How much protein should I eat?', mentions: [/128–176 g of protein/, /20–40 g/, /Safe limits/] },
  { says: 'is creatine safe?', mentions: [/Creatine monohydrate \(3–5 g a day\)/, /400 mg/, /Safe limits/] },
  { says: 'what should I eat before a workout?', mentions: [/1–3 hours before/, /Safe limits/] },
  { says: 'how much water should I drink?', mentions: [/30–35 ml per kg/, /Safe limits/] },
  {
    says: 'what is a healthy diet?',
    profile: { goal: 'build_muscle' },
    mentions: [/palm of protein/, /building muscle/, /registered dietitian/],
  },
  { says: 'I want to bulk up', mentions: [/200–300 kcal/, /0\.25–0\.5 %/, /Safe limits/] },

  // How to do a named exercise.
  {
    says: 'what is a goblet squat?',
    explains: 'goblet-squat',
    mentions: [
      /dumbbell vertically against the chest/,
      /For you, it needs dumbbells: Bodyweight Squat trains the same movement/,
    ],
  },
  { says: 'proper form for push-ups?', explains: 'push-up', mentions: [/one straight line/] },
  {
    says: 'how do I do a Romanian deadlift correctly',
    explains: 'barbell-romanian-deadlift',
    mentions: [/Back flat the whole way/],
  },
  { says: 'any tips on plank technique?', explains: 'forearm-plank', mentions: [/hips sag or pike/] },
  {
    says: 'how should I breathe and keep my form when lifting?',
    mentions: [/brace your core/, /Tell me the exercise name/],
  },
  // The answer fits the saved profile: a limitation the exercise loads, equipment not at hand.
  {
    says: 'how do I squat properly?',
    profile: { limitations: ['knee'] },
    explains: 'bodyweight-squat',
    mentions: [/For you, it loads your knee; instead: glute bridges/],
  },
  {
    says: 'how do I do a bench press?',
    profile: { equipment: ['dumbbells', 'bench'] },
    explains: 'barbell-bench-press',
    mentions: [/it needs a barbell and rack: Dumbbell Bench Press trains the same movement/],
  },
  {
    says: 'how do I do a deadlift',
    profile: { equipment: ['kettlebell'], fitnessLevel: 'intermediate' },
    explains: 'barbell-deadlift',
    mentions: [/Kettlebell Deadlift trains the same movement with what you have/],
  },
  {
    says: 'explain the goblet squat to me',
    profile: { equipment: ['dumbbells'] },
    explains: 'goblet-squat',
    mentions: [/Drive up through the whole foot/],
    never: [/For you/],
  },

  // Time, equipment, body part, level, type: a concrete session.
  {
    says: '20 min, dumbbells, upper body, advanced',
    mentions: [/20-minute advanced strength session for your chest, back, shoulders and arms with dumbbells/, GENERATE],
    request: {
      minutes: 20,
      difficulty: 'advanced',
      equipment: ['dumbbells'],
      focus: UPPER as ChatWorkoutRequest['focus'],
      type: 'strength',
    },
  },
  {
    says: 'half an hour of yoga, I am new to this',
    mentions: [/30-minute beginner yoga session/],
    request: { minutes: 30, type: 'yoga', difficulty: 'beginner' },
  },
  {
    says: 'a 45 min hiit workout with no equipment',
    mentions: [/45-minute .* HIIT session with bodyweight only/],
    request: { minutes: 45, type: 'hiit', equipment: [] },
  },
  {
    says: 'I have a rower and an hour for cardio',
    mentions: [/60-minute .* cardio session with a cardio machine/],
    request: { minutes: 60, type: 'cardio', equipment: ['cardio_machine'] },
  },
  {
    says: 'core workout with resistance bands',
    mentions: [/for your core with resistance bands/],
    request: { focus: ['core'], equipment: ['bands'] },
  },
  {
    says: 'I only have a kettlebell, 30 minutes, glutes',
    mentions: [/30-minute .* for your glutes with a kettlebell/],
    request: { minutes: 30, equipment: ['kettlebell'], focus: ['glutes'] },
  },
  {
    says: 'a pull-up bar and 25 minutes for my back and arms',
    profile: { fitnessLevel: 'advanced' },
    mentions: [/25-minute/, /back and arms/, /a pull-up bar/],
    request: { minutes: 25, equipment: ['pullup_bar'], focus: ['back', 'arms'] },
  },
  {
    says: 'I have a barbell, make it a strength session for 60 min',
    mentions: [/60-minute .* strength session with a barbell and rack/],
    request: { minutes: 60, type: 'strength', equipment: ['barbell_rack'] },
  },
  {
    says: [
      'I have a bad knee',
      'I have 30 minutes and dumbbells, legs please',
      'actually make it 40 minutes, not legs, arms instead',
    ],
    mentions: [/40-minute/, /for your arms/, /nothing that loads your knee/],
    request: {
      minutes: 40,
      equipment: ['dumbbells'],
      focus: ['arms'],
      limitations: ['knee'],
      soreMuscles: ['legs', 'glutes'],
    },
  },
  {
    says: ['my knee hurts', 'and my lower back too', 'give me a 20 minute workout'],
    mentions: [/20-minute/, /nothing that loads your knee and lower back/],
    never: [/Superman Hold/],
    request: { minutes: 20, limitations: ['knee', 'lower_back'] },
  },
  {
    says: 'Give me a workout',
    profile: { goal: 'endurance', equipment: ['cardio_machine'] },
    mentions: [/30-minute beginner cardio session with a cardio machine/, PROMISE],
    request: { type: 'cardio', minutes: 30, equipment: ['cardio_machine'] },
  },

  // Everyday questions with one good answer.
  { says: 'can I train with a cold?', mentions: [/neck check/, /fever/, /see a doctor/], request: null },
  {
    says: 'no jumping please, my neighbours complain',
    mentions: [/step jacks/, /without any jumping/],
    never: [GENERATE],
  },
  {
    says: 'is it bad to train on an empty stomach?',
    mentions: [/empty stomach is fine for easy cardio/, /dizzy/],
    request: null,
  },
  { says: 'thanks!', mentions: [/welcome/, /shape a session/], request: null },

  // Motivation, today, greetings.
  {
    says: "I can't stay motivated, I keep giving up",
    recent: { sessionsLast7Days: 2 },
    mentions: [/2 times in the last 7 days/, /Consistency beats intensity/, /10 minutes still counts/],
  },
  { says: 'how do I build a habit of training?', profile: { goal: 'lose_fat' }, mentions: [/calendar/, /losing fat/] },
  {
    says: 'What should I train today?',
    recent: {
      sessionsLast7Days: 2,
      lastSession: {
        name: 'Strength Builder · 45 min',
        type: 'strength',
        intensity: 'intense',
        completedAt: '2026-01-01T10:00:00Z',
      },
      recentlyTrained: ['legs', 'glutes', 'cardio'],
    },
    mentions: [/Strength Builder/, /legs and glutes worked hard/],
  },
  {
    says: 'hi',
    profile: { bmi: 27, bmiCategory: 'Overweight' },
    mentions: [/I'm your coach/, /overweight range/, /Save your goal, equipment and any injuries under PROFILE/],
  },
  {
    says: 'hello coach',
    profile: { goal: 'lose_fat' },
    mentions: [/I'm your coach/, /working on losing fat/],
    never: [/under PROFILE/],
  },
  {
    says: 'what should I do today?',
    profile: { goal: 'endurance', fitnessLevel: 'intermediate' },
    mentions: [/fully recovered/, /45-minute intermediate cardio session/],
  },
];

function conversation(
  says: string | string[],
  profile: CoachProfile,
  recent: RecentTraining,
): { context: CoachContext; history: ChatTurn[] } {
  const messages = typeof says === 'string' ? [says] : says;
  const history: ChatTurn[] = [];
  for (const message of messages.slice(0, -1)) {
    history.push({ role: 'user', content: message });
    history.push({
      role: 'assistant',
      content: coachReply({ message, history: [...history.slice(0, -1)], profile, recent }),
    });
  }
  const message = messages[messages.length - 1];
  return { context: { message, history, profile, recent }, history: [...history, { role: 'user', content: message }] };
}

describe('the coach suite: realistic messages and what each answer must have', () => {
  it('holds at least 40 messages', () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  const answers = new Map<string, string>();

  it.each(CASES.map((c) => [Array.isArray(c.says) ? c.says.join(' / ') : c.says, c] as const))('%s', async (_, c) => {
    const profile = { ...PROFILE, ...c.profile };
    const recent = { ...NO_TRAINING, ...c.recent };
    const { context, history } = conversation(c.says, profile, recent);
    const answer = coachReply(context);
    answers.set(context.message, answer);
    expect(answer).not.toMatch(FALLBACK);
    // The button shows once the chat holds more than two messages: the reply to the first never names it.
    if (context.history.length === 0) expect(answer).not.toMatch(NAMES_BUTTON);
    for (const pattern of c.mentions) expect(answer).toMatch(pattern);
    for (const pattern of c.never ?? []) expect(answer).not.toMatch(pattern);
    if (c.explains) {
      const entry = catalogueExercise(c.explains)!;
      expect(answer.startsWith(`${entry.name}: ${entry.description}`)).toBe(true);
      for (const cue of entry.cues) expect(answer).toContain(cue);
    }
    const defaults = chatDefaults(profile, level(profile));
    const request = readChatRequest(history, defaults);
    if (c.request === null) expect(request).toBeNull();
    else if (c.request) expect(request).toMatchObject(c.request);
    // A session the answer describes is one GENERATE_WORKOUT_FROM_CHAT can build.
    if (PROMISE.test(answer)) expect(request).not.toBeNull();
    if (!request) return;

    // The workout GENERATE_WORKOUT_FROM_CHAT builds (the server adds the recovering muscles) honours every constraint.
    const { soreMuscles, ...asked } = request;
    const planRequest: PlanRequest = {
      ...asked,
      avoidMuscles: [...new Set([...recent.recentlyTrained, ...soreMuscles])],
      goal: defaults.goal,
    };
    const plan = await new LocalAiProvider().generateWorkout(planRequest);
    expect(planProblems(plan, planRequest)).toEqual([]);
    // What the chat asked to train leads the main block: its first two exercises work it.
    const leading = plan.exercises.filter((e) => e.phase === 'main').slice(0, 2);
    if (planRequest.focus.length)
      for (const e of leading)
        expect({ [e.name]: e.muscles.some((m) => planRequest.focus.includes(m)) }).toEqual({ [e.name]: true });
    // And it is the session the answer described, exercise for exercise.
    if (PROMISE.test(answer)) for (const e of plan.exercises) expect(answer).toContain(e.name);
  });

  it('never gives the same reply to different questions', () => {
    const seen = new Map<string, string>();
    for (const [message, answer] of answers) {
      expect({ message, same: seen.get(answer) }).toEqual({ message, same: undefined });
      seen.set(answer, message);
    }
  });

  it('answers the same message in the same context the same way', () => {
    for (const c of CASES) {
      const profile = { ...PROFILE, ...c.profile };
      const recent = { ...NO_TRAINING, ...c.recent };
      expect(coachReply(conversation(c.says, profile, recent).context)).toBe(
        coachReply(conversation(c.says, profile, recent).context),
      );
    }
  });

  it('takes the full gym as every piece of equipment', () => {
    expect(
      readChatRequest([{ role: 'user', content: "I'm at the gym, 45 minutes" }], chatDefaults(PROFILE, 'beginner'))
        ?.equipment,
    ).toEqual([...EQUIPMENT]);
  });
});
