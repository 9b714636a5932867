/** The coach on training: a concrete session for what the chat said, a named exercise, today, motivation. */
import type { CoachContext, CoachProfile, PlanRequest, RecentTraining } from '../../contract/job-shapes';
import { CHAT_MESSAGES_BEFORE_GENERATE, EQUIPMENT, prescriptionIn } from '../../contract/values';
import { CATALOGUE, CatalogueExercise, catalogueExercise, findExerciseByName } from '../../workouts/catalogue';
import { chatDefaults } from '../../workouts/coach-profile.rules';
import { allowedFor, sparedLimitations } from '../../workouts/programming/eligibility.rules';
import { buildSession } from '../../workouts/programming/session.rules';
import { screenedDifficulty } from '../../workouts/screening/screening.rules';
import { defaultChatRequest, readChatRequest } from './chat.rules';
import {
  EQUIPMENT_LABELS,
  GOAL_LABELS,
  GOAL_SESSIONS,
  LIMITATION_ADVICE,
  MOTIVATION_TIPS,
  TYPE_LABELS,
} from './coach-advice';
import { BODY_PARTS, level, listed, recentLine, recovering } from './coach-common.rules';

/** The session the conversation so far asks for, shaped as the generator would build it. */
export function planReply(context: CoachContext): string {
  const { profile, recent } = context;
  const defaults = chatDefaults(profile, level(profile));
  const request =
    readChatRequest([...context.history, { role: 'user', content: context.message }], defaults) ??
    defaultChatRequest(defaults);
  const { soreMuscles, ...asked } = request;
  const planRequest: PlanRequest = {
    ...asked,
    avoidMuscles: [...new Set([...recent.recentlyTrained, ...soreMuscles])],
    goal: defaults.goal,
    screening: profile.screening,
    seed: context.seed,
  };
  const plan = buildSession(planRequest);
  const names = (phase: string) => plan.exercises.filter((e) => e.phase === phase);
  const main = names('main').map((e) => `${e.name} (${prescriptionIn(e, profile.units)})`);
  const equipment =
    request.equipment.length === EQUIPMENT.length
      ? 'with a full gym'
      : request.equipment.length
        ? `with ${listed(request.equipment.map((e) => EQUIPMENT_LABELS[e]))}`
        : 'with bodyweight only';
  const focus = request.focus.length ? ` for your ${listed(request.focus)}` : '';
  // Said only of what the plan's exercises provably spare.
  const spared = sparedLimitations(
    plan.exercises.map((e) => catalogueExercise(e.catalogueId ?? '')),
    request.limitations,
  );
  const limits = spared.length
    ? `, nothing that loads your ${listed(spared.map((l) => LIMITATION_ADVICE[l].label))}`
    : '';
  const health = profile.screening ? ` ${profile.screening.notes[0]}` : '';
  // What the plan did with recovering muscles, in its own words: left out, or trained lighter when asked for.
  const rest = plan.notes
    .filter((note) => note.startsWith('Recovery: '))
    .map(
      (note) =>
        ` ${note.slice('Recovery: '.length, 'Recovery: '.length + 1).toUpperCase()}${note.slice('Recovery: '.length + 1)}`,
    )
    .join('');
  return (
    `Here is a ${request.minutes}-minute ${screenedDifficulty(request.difficulty, profile.screening)} ${TYPE_LABELS[request.type]} session${focus} ${equipment}${limits}: ` +
    `warm up with ${listed(names('warmup').map((e) => e.name))}; then ${main.join('; ')}; cool down with ${listed(names('cooldown').map((e) => e.name))}.${rest}${health} ` +
    generateLine(context.history.length)
  );
}

/**
 * How the session becomes today's: the chat shows GENERATE_WORKOUT_FROM_CHAT only once it holds more
 * than two messages, so the reply to the first message says how to make it appear instead of naming it.
 */
export function generateLine(turnsBefore: number): string {
  return turnsBefore + 2 > CHAT_MESSAGES_BEFORE_GENERATE
    ? 'Press GENERATE_WORKOUT_FROM_CHAT and it becomes today’s session.'
    : 'Reply with anything to change (or just “ok”) and a button to make it today’s session appears below the chat.';
}

/** A named exercise: what it is, its form cues from the catalogue, and what to do instead when the profile rules it out. */
export function exerciseReply(message: string, profile: CoachProfile): string {
  const exercise = findExerciseByName(message);
  if (!exercise) return formReply();
  return `${exercise.name}: ${exercise.description} Cues: ${exercise.cues.join('; ')}. Start light, move slowly enough to control every rep, breathe out on the effort and end the set when your form slips.${insteadNote(exercise, profile)}`;
}

/** Why the profile rules the exercise out (a limitation it loads, equipment not at hand), and what to do instead. */
function insteadNote(exercise: CatalogueExercise, profile: CoachProfile): string {
  const loaded = exercise.loads.filter((l) => profile.limitations.includes(l));
  const missing = exercise.equipment.filter((e) => !profile.equipment.includes(e));
  if (!loaded.length && !missing.length) return '';
  const why = loaded.length
    ? `it loads your ${listed(loaded.map((l) => LIMITATION_ADVICE[l].label))}`
    : `it needs ${listed(missing.map((e) => EQUIPMENT_LABELS[e]))}`;
  const alternative = closestAllowed(exercise, profile);
  if (alternative)
    return ` For you, ${why}: ${alternative.name} trains the same movement ${loaded.length ? 'without loading it' : 'with what you have'}.`;
  return loaded.length
    ? ` For you, ${why}; instead: ${LIMITATION_ADVICE[loaded[0]].instead}.`
    : ` For you, ${why}: tell me what you have and I will shape a session around it.`;
}

/**
 * The exercise of the same movement the profile allows that shares the most prime movers, a loaded one
 * first for a loaded original (dumbbells at hand beat a bodyweight version); none when none shares one.
 */
export function closestAllowed(exercise: CatalogueExercise, profile: CoachProfile): CatalogueExercise | undefined {
  const allowed = {
    difficulty: level(profile),
    equipment: profile.equipment,
    limitations: profile.limitations,
    screening: profile.screening,
  };
  const shared = (e: CatalogueExercise) => e.primary.filter((m) => exercise.primary.includes(m)).length;
  const likeness = (e: CatalogueExercise) => 10 * shared(e) + (exercise.equipment.length && e.equipment.length ? 1 : 0);
  const candidates = CATALOGUE.filter(
    (e) => e.id !== exercise.id && e.pattern === exercise.pattern && allowedFor(e, allowed) && shared(e) > 0,
  );
  return candidates.reduce<CatalogueExercise | undefined>(
    (best, e) => (!best || likeness(e) > likeness(best) ? e : best),
    undefined,
  );
}

export function formReply(): string {
  return 'Good form rules for every exercise: brace your core, keep a neutral spine, move through a range you control, breathe out on the effort, and stop a set when form slips. Tell me the exercise name and I will give you its cues.';
}

export function todayReply(profile: CoachProfile, recent: RecentTraining): string {
  const tired = recovering(recent);
  const fresh = BODY_PARTS.filter((m) => !tired.includes(m));
  if (recent.sessionsLast7Days >= 6) {
    return `${recentLine(recent)} That's a big week: take an easy 20–30 minute yoga or walking session today and let your body absorb the work.`;
  }
  if (tired.length) {
    // Everything trained hard lately: an easy day, never an empty "train … instead".
    const instead = fresh.length
      ? `today train ${listed(fresh.slice(0, 3))} instead — or pick HIIT/cardio for conditioning`
      : 'today take an easy 20–30 minute walk, ride or yoga session';
    return `${recentLine(recent)} Your ${listed(tired)} worked hard in the last 48 hours, so ${instead}. Workouts I generate leave recovering muscles out automatically.`;
  }
  const lvl = level(profile);
  const pick = profile.goal
    ? `a ${lvl === 'beginner' ? 30 : 45}-minute ${lvl} ${GOAL_SESSIONS[profile.goal]}`
    : lvl === 'beginner'
      ? 'a 30-minute beginner full-body (mixed) session'
      : `a 45-minute ${lvl} strength session, then some cardio later in the week`;
  return `${recentLine(recent)} You're fully recovered, so go for ${pick}.`;
}

export function motivationReply(profile: CoachProfile, recent: RecentTraining): string {
  const week = recent.sessionsLast7Days
    ? `You trained ${recent.sessionsLast7Days} time${recent.sessionsLast7Days === 1 ? '' : 's'} in the last 7 days — that is the habit forming.`
    : 'Starting again is the hardest part, and a short session today is enough to restart.';
  const goal = profile.goal
    ? ` Keep your goal — ${GOAL_LABELS[profile.goal]} — somewhere you see it, and measure it monthly, not daily.`
    : '';
  return `${week} Consistency beats intensity: ${MOTIVATION_TIPS.join(' ')}${goal}`;
}
