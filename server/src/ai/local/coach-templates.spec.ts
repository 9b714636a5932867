/**
 * No coach template ever shows a hole: every text in coach-advice.ts is whole once its named slots
 * are filled, and every reply, over a deterministic generator of messages × profiles × recent
 * training × chat lengths × what a change to today's session did, has no empty slot ("train  instead"),
 * no unfilled placeholder and no "undefined"; the reply to a first message never names the button
 * the chat does not show yet.
 */
import type { ChatTurn } from '../../contract';
import { DIFFICULTIES, MUSCLE_GROUPS, TRAINING_GOALS } from '../../contract';
import type { AdjustOutcome, CoachContext, CoachProfile, RecentTraining } from '../../contract/job-shapes';
import { EQUIPMENT, LIMITATIONS } from '../../contract/values';
import { coachReply } from './coach.rules';
import * as advice from './coach-advice';

const HOLE = /\s{2}|\s[.,;:]|\{\w*\}?|\bundefined\b|\bnull\b|\bNaN\b|\(\s*\)|\b(your|with|for|train) (and|,|\.)/;
/** Named slots the replies fill. */
const SLOTS = /\{(protein|days|weeks|name|summary)\}/g;

function textsIn(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => textsIn(item, into));
  else if (value && typeof value === 'object' && !(value instanceof RegExp))
    Object.values(value).forEach((item) => textsIn(item, into));
  return into;
}

/** A small seeded generator (mulberry32): the same inputs on every run. */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const some = <T>(items: readonly T[]): T[] => items.filter(() => next() < 0.3);
  return { next, pick, some };
}

const MESSAGES = [
  'hi',
  'thanks!',
  'what should I train today?',
  'how many rest days?',
  'my legs are sore',
  'my knee hurts',
  'I injured myself',
  'how do I lose 5 kg?',
  'how much protein?',
  'what is a goblet squat?',
  'how do I squat properly?',
  'give me a workout',
  '20 minutes with dumbbells, upper body',
  'glutes and hamstrings, 25 minutes, kettlebell',
  'Is it fine to train the same muscles two days in a row?',
  "I can't do a single push-up yet. Where do I start?",
  "I can't do a pull-up",
  'I slept badly, make today easier',
  'make today harder',
  'make it shorter, 20 minutes',
  '4-week plan, 3 days a week',
  'a 12 week program',
  'Log my squat: 3 sets of 5 at 100 kg',
  'I slept badly',
  "I'm stressed",
  'I keep giving up',
  'no jumping please',
  'can I train with a cold?',
  'form tips?',
  'asdf qwerty',
  'not legs, arms instead, 30 min',
  'I am at the gym, 45 minutes',
];

function outcomes(name: string): Array<AdjustOutcome | undefined> {
  return [
    undefined,
    { kind: 'adjusted', asked: 'easier', name, minutes: 30, difficulty: 'beginner' },
    { kind: 'adjusted', asked: 'shorter', name, minutes: 10, difficulty: 'advanced' },
    { kind: 'no_workout', asked: 'harder' },
    { kind: 'started', asked: 'shorter', name },
    { kind: 'at_limit', asked: 'harder', name, minutes: 60, difficulty: 'advanced' },
  ];
}

describe('coach templates have no holes', () => {
  it('every text in coach-advice.ts is whole once its named slots are filled', () => {
    const texts = textsIn(advice);
    expect(texts.length).toBeGreaterThan(40);
    for (const text of texts)
      expect({ text, hole: HOLE.test(text.replace(SLOTS, '10')) }).toEqual({ text, hole: false });
  });

  it('every reply over 1,500 generated inputs is whole, and names the button only once it is on screen', () => {
    const { next, pick, some } = generator(25);
    const holes: string[] = [];
    for (let i = 0; i < 1500; i++) {
      const profile: CoachProfile = {
        fitnessLevel: pick([...DIFFICULTIES, '']),
        goal: pick([...TRAINING_GOALS, null]),
        equipment: some(EQUIPMENT),
        limitations: next() < 0.3 ? some(LIMITATIONS) : [],
        units: pick(['metric', 'imperial'] as const),
        bmi: pick([null, 17.5, 23, 28, 33]),
        bmiCategory: pick([null, 'Underweight', 'Normal', 'Overweight', 'Obese']),
        age: pick([null, 19, 35, 62]),
        height: pick([null, 165, 190]),
        weight: pick([null, 55, 80, 120]),
      };
      const recent: RecentTraining = {
        sessionsLast7Days: Math.floor(next() * 9),
        lastSession:
          next() < 0.5
            ? null
            : {
                name: 'Strength Builder · 45 min',
                type: 'strength',
                intensity: pick(['light', 'moderate', 'intense'] as const),
                completedAt: '2026-03-01T10:00:00Z',
              },
        // Now and then every body part at once: the reply must still suggest something.
        recentlyTrained: next() < 0.2 ? [...MUSCLE_GROUPS] : some(MUSCLE_GROUPS),
      };
      const history: ChatTurn[] = Array.from({ length: pick([0, 0, 1, 2, 4]) }, (_, k) => ({
        role: k % 2 ? 'assistant' : 'user',
        content: pick(MESSAGES),
      }));
      const adjusted = pick(
        outcomes(pick(['Strength Foundations · 30 min', 'Legs & Glutes Strength Builder · 25 min'])),
      );
      const context: CoachContext = {
        message: pick(MESSAGES),
        history,
        profile,
        recent,
        ...(adjusted ? { adjusted } : {}),
      };
      const answer = coachReply(context);
      if (HOLE.test(answer))
        holes.push(
          `${context.message} → ${answer.slice(Math.max(0, answer.search(HOLE) - 60), answer.search(HOLE) + 20)}`,
        );
      if (history.length === 0 && /GENERATE_WORKOUT_FROM_CHAT/.test(answer))
        holes.push(`${context.message}: names the button on the first message`);
    }
    expect(holes).toEqual([]);
  });
});
