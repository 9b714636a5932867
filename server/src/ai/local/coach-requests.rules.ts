/**
 * The coach on what members ask of the app and of today: changing today's session, logging sets,
 * plans over weeks (the program the coach would build), progressions, training frequency, sleep and stress.
 */
import type { AdjustKind, AdjustOutcome, CoachContext } from '../../contract/job-shapes';
import { buildCoachProgram, coachProgramRequest } from '../../programs/coach-program.rules';
import {
  FREQUENCY_ANSWER,
  LOGGING_ANSWER,
  PROGRAM_ANSWER,
  PROGRESSION_RULE,
  PROGRESSIONS,
  SLEEP_STRESS_ANSWER,
} from './coach-advice';
import { level, listed, recovering } from './coach-common.rules';
import { TOPIC_WORDS } from './coach-topic.rules';

/** How to make a session easier, harder or shorter without rebuilding it. */
const BY_HAND: Record<AdjustKind, string> = {
  easier: 'do one set fewer of each exercise, rest 30 s longer and stop every set with 3–4 reps in reserve',
  harder: 'lower every rep over 3 seconds, pause at the hardest point and cut the rests by 15 s',
  shorter: 'do one set fewer of each exercise and keep the warm-up and cool-down',
};
const DONE: Record<AdjustKind, string> = { easier: 'easier', harder: 'harder', shorter: 'shorter' };

export function adjustReply(context: CoachContext, asked: AdjustKind): string {
  const sleep = TOPIC_WORDS.sleep_stress.test(context.message.toLowerCase())
    ? 'After a bad night, going lighter is the right call. '
    : '';
  return `${sleep}${outcomeLine(context.adjusted, asked)}`;
}

function outcomeLine(outcome: AdjustOutcome | undefined, asked: AdjustKind): string {
  if (!outcome) return `To make today’s session ${DONE[asked]}: ${BY_HAND[asked]}.`;
  switch (outcome.kind) {
    case 'adjusted':
      return `Done: today’s session is now ${outcome.name} — ${outcome.minutes} minutes at ${outcome.difficulty} level, ${DONE[asked]} than before. It is on your session card; tick the exercises as you go.`;
    case 'no_workout':
      return `There is no open session today to change yet. Pick the type, level and minutes in the generator on this page and press EXECUTE_GENERATION, or tell me what you want and I will shape one.`;
    case 'started':
      return `You have already ticked exercises in ${outcome.name}, so I left it as it is — the work you did counts. For the rest of it: ${BY_HAND[asked]}.`;
    case 'at_limit':
      return `${outcome.name} is already as ${asked === 'harder' ? 'hard' : 'short'} as I build sessions (${outcome.minutes} minutes, ${outcome.difficulty} level). To make it ${DONE[asked]} still: ${BY_HAND[asked]}.`;
  }
}

export function loggingReply(): string {
  return LOGGING_ANSWER;
}

/**
 * "4-week plan, 3 days a week": the program BUILD_MY_PROGRAM would build from the profile and what
 * the chat said (coach-program.rules), described, and where to start it.
 */
export function programReply(context: CoachContext): string {
  const { profile } = context;
  const said = [
    context.message,
    ...context.history
      .filter((turn) => turn.role === 'user')
      .map((turn) => turn.content)
      .reverse(),
  ];
  const program = buildCoachProgram(
    coachProgramRequest(
      {},
      said,
      { goal: profile.goal, level: level(profile), equipment: profile.equipment, limitations: profile.limitations },
      profile.screening,
    ),
  );
  return PROGRAM_ANSWER.replace('{name}', program.name)
    .replace('{days}', listed(program.days.map((day) => day.name)))
    .replace('{summary}', program.summary);
}

/** The steps from the easiest form of a movement to the full one. */
export function progressionReply(message: string): string {
  const text = message.toLowerCase();
  const progression = PROGRESSIONS.find((p) => p.words.test(text)) ?? PROGRESSIONS[0];
  const steps = progression.steps.map((step, i) => `${i + 1}) ${step}`).join('; ');
  return `Everyone starts somewhere — build the ${progression.movement} in steps: ${steps}. ${PROGRESSION_RULE}`;
}

export function frequencyReply(context: CoachContext): string {
  const tired = recovering(context.recent);
  const yours = tired.length
    ? ` Right now your ${listed(tired)} worked hard in the last 48 hours, so give them an easy day.`
    : '';
  return `${FREQUENCY_ANSWER}${yours}`;
}

export function sleepStressReply(context: CoachContext): string {
  const last =
    context.recent.sessionsLast7Days >= 5
      ? ` With ${context.recent.sessionsLast7Days} sessions in the last 7 days, an easy day or a rest day fits well today.`
      : '';
  return `${SLEEP_STRESS_ANSWER}${last} Ask me to make today easier and I will change today’s session.`;
}
