/**
 * The local coach reads every chat message with regular expressions; a pattern that backtracks
 * (nested or adjacent open-ended repeats) lets one crafted message cost seconds of CPU. Every
 * pattern the coach reads by runs here on adversarial text ten times the longest history turn:
 * linear matching takes well under a millisecond, quadratic matching seconds, so the bounds are
 * generous for a loaded machine and still fail on any backtracking pattern.
 */
import { CHAT_HISTORY_KEPT, ChatTurn } from '../../contract';
import type { CoachProfile, RecentTraining } from '../../contract/job-shapes';
import { CHAT_MESSAGE_MAX } from '../../contract/values';
import { readChatRequest } from './chat.rules';
import * as words from './chat-words';
import { coachReply } from './coach.rules';
import * as advice from './coach-advice';
import { TOPIC_WORDS } from './coach-topic.rules';

/** The longest turn a stored or sent history may hold. */
const TURN_MAX = 4000;

/** Every RegExp in a module's exported data, however deeply it sits in tables and records. */
function patternsIn(value: unknown, path: string, into: Array<[string, RegExp]> = []): Array<[string, RegExp]> {
  if (value instanceof RegExp) into.push([path, value]);
  else if (Array.isArray(value)) value.forEach((item, i) => patternsIn(item, `${path}[${i}]`, into));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) patternsIn(item, `${path}.${key}`, into);
  return into;
}

const PATTERNS = [
  ...patternsIn(words, 'chat-words'),
  ...patternsIn(advice, 'coach-advice'),
  ...patternsIn(TOPIC_WORDS, 'topic'),
];

/** Runs of what the patterns repeat over (spaces, digits, hyphens, negations, words they start on), each ending where no match can. */
const UNITS = [
  ' ',
  '1',
  '1-',
  '1 ',
  '1-1 ',
  '- ',
  '1.',
  'a',
  "'",
  ', ',
  'no ',
  'not a ',
  "don't ",
  'how do i ',
  'lose ',
  'back ',
  'pain',
  'min ',
  'also ',
  '\n',
];
const adversarial = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length - 1) + 'x';

function cpuMs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const PROFILE: CoachProfile = {
  fitnessLevel: 'beginner',
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  bmi: null,
  bmiCategory: null,
  age: 30,
  height: 175,
  weight: 75,
};
const RECENT: RecentTraining = { sessionsLast7Days: 0, lastSession: null, recentlyTrained: [] };

describe('the coach reads text in linear time', () => {
  it('finds the patterns it checks (the tables are read, not skipped)', () =>
    expect(PATTERNS.length).toBeGreaterThan(40));

  it.each(PATTERNS)('%s stays linear on adversarial text', (_, pattern) => {
    for (const unit of UNITS) {
      const text = adversarial(unit, 10 * TURN_MAX);
      // 40,000 characters: a linear scan is a fraction of a millisecond, a quadratic one billions of steps.
      expect({ unit, ms: cpuMs(() => pattern.exec(text)) < 100 }).toEqual({ unit, ms: true });
    }
  });

  it('reads a whole adversarial history and answers it in well under 200 ms of CPU', () => {
    for (const unit of ['1-1' + ' '.repeat(TURN_MAX - 4), ...UNITS]) {
      const turn = unit.length > 100 ? unit + 'x' : adversarial(unit, TURN_MAX);
      const history: ChatTurn[] = Array.from({ length: CHAT_HISTORY_KEPT }, () => ({ role: 'user', content: turn }));
      const message = turn.slice(0, CHAT_MESSAGE_MAX);
      const ms = cpuMs(() => {
        readChatRequest(history, { fitnessLevel: 'beginner', goal: null, equipment: [], limitations: [] });
        coachReply({ message, history, profile: PROFILE, recent: RECENT });
      });
      expect({ unit: unit.slice(0, 6), fast: ms < 200 }).toEqual({ unit: unit.slice(0, 6), fast: true });
    }
  });
});
