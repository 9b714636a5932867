/**
 * How the local coach reads a conversation: what each message states (time, equipment, body part,
 * limitation, level, type, soreness) and the workout a whole conversation asks for, later messages
 * overriding earlier ones.
 */
import type { ChatTurn, Difficulty, MuscleGroup, TrainingGoal, WorkoutType } from '../../contract';
import { ChatDefaults, ChatWorkoutRequest } from '../../contract/job-shapes';
import { EQUIPMENT, PLAN_MINUTES } from '../../contract/values';
import type { Equipment, Limitation, Muscle } from '../../workouts/catalogue/catalogue.types';
import { MUSCLE_GROUP_OF } from '../../workouts/catalogue/catalogue.types';
import {
  ADDING_WORDS,
  BODYWEIGHT_WORDS,
  EQUIPMENT_WORDS,
  EXCEPTION_WORDS,
  FOCUS_MUSCLE_WORDS,
  FOCUS_WORDS,
  FULL_BODY_WORDS,
  FULL_GYM_WORDS,
  HEALED_WORDS,
  INJURY_WORDS,
  LEVEL_WORDS,
  LIMITATION_WORDS,
  MINUTE_NUMBERS,
  MINUTE_PHRASES,
  negatedBefore,
  SESSION_ASK_WORDS,
  SORE_WORDS,
  TYPE_WORDS,
} from './chat-words';

/** What one message states; absent fields say nothing. */
export interface StatedConstraints {
  type?: WorkoutType;
  difficulty?: Difficulty;
  minutes?: number;
  /** Equipment named as at hand: `replace` what was said before, or `add` to it ("I also have…"). */
  equipment?: { items: Equipment[]; mode: 'replace' | 'add' };
  /** Equipment said not to be at hand ("no dumbbells"). */
  lacking: Equipment[];
  /** Body parts asked for; [] when a full-body session is asked for. */
  focus?: MuscleGroup[];
  /** Muscles named within the focus ("hamstrings"); [] when only body parts are named. */
  focusMuscles: Muscle[];
  /** Body parts asked to be left out ("not legs", "skip arms"). */
  excluded: MuscleGroup[];
  limitations: Limitation[];
  /** Regions added to what was said before without a pain word ("and my lower back too"). */
  alsoRegions: Limitation[];
  healed: Limitation[];
  sore: MuscleGroup[];
}

/** Lower case, one kind of apostrophe, clauses split where a sentence or a comma ends one; a clause without a letter names nothing. */
function clausesOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[.!?;\n]|,|\bbut\b/)
    .map((c) => c.trim())
    .filter((c) => /[a-z]/.test(c));
}

interface Hit<T> {
  value: T;
  negated: boolean;
  at: number;
  end: number;
}

/** Each table entry found in the clause, in the order they are said, with whether a negation comes before it. */
function found<T>(clause: string, table: Array<[T, RegExp]>): Array<Hit<T>> {
  const hits: Array<Hit<T>> = [];
  for (const [value, pattern] of table) {
    const match = pattern.exec(clause);
    if (match)
      hits.push({
        value,
        negated: negatedBefore(clause.slice(0, match.index)),
        at: match.index,
        end: match.index + match[0].length,
      });
  }
  return hits.sort((a, b) => a.at - b.at);
}

function overlaps(a: Hit<unknown>, b: Hit<unknown>): boolean {
  return a.at < b.end && b.at < a.end;
}

/** Minutes said in a text ("20 minutes", "45 min", "half an hour", "an hour"), kept within 10–90. */
export function statedMinutes(text: string): number | undefined {
  const lower = text.toLowerCase();
  let minutes: number | undefined;
  const range = MINUTE_NUMBERS.range.exec(lower);
  const hours = MINUTE_NUMBERS.hours.exec(lower);
  const number = MINUTE_NUMBERS.minutes.exec(lower);
  // A range plans for the shorter end: the time is surely there.
  if (range) minutes = Number(range[1]);
  else if (number) minutes = Number(number[1]);
  else if (hours) minutes = Math.round(Number(hours[1]) * 60);
  else minutes = MINUTE_PHRASES.find(([, pattern]) => pattern.test(lower))?.[0];
  if (minutes === undefined || minutes <= 0) return undefined;
  return Math.min(PLAN_MINUTES.max, Math.max(PLAN_MINUTES.min, minutes));
}

function isPainClause(clause: string): boolean {
  return INJURY_WORDS.test(clause) && !HEALED_WORDS.test(clause);
}

/** What one message states. */
export function readMessage(text: string): StatedConstraints {
  const stated: StatedConstraints = {
    focusMuscles: [],
    lacking: [],
    excluded: [],
    limitations: [],
    alsoRegions: [],
    healed: [],
    sore: [],
  };
  const minutes = statedMinutes(text);
  if (minutes !== undefined) stated.minutes = minutes;
  for (const clause of clausesOf(text)) {
    const regions = found(clause, LIMITATION_WORDS).filter((h) => !h.negated);
    const pain = isPainClause(clause);
    const sore = SORE_WORDS.test(clause);
    if (HEALED_WORDS.test(clause)) stated.healed.push(...regions.map((h) => h.value));
    else if (pain) stated.limitations.push(...regions.map((h) => h.value));
    else if (ADDING_WORDS.test(clause)) stated.alsoRegions.push(...regions.map((h) => h.value));

    for (const hit of found(clause, TYPE_WORDS)) if (!hit.negated) stated.type = hit.value;
    for (const hit of found(clause, LEVEL_WORDS)) if (!hit.negated) stated.difficulty = hit.value;
    readEquipment(clause, stated);

    // A joint in a pain clause is a limitation, not a focus; muscles hurting with no joint named are sore.
    const parts = found(clause, FOCUS_WORDS).filter((h) => !(pain && regions.some((r) => overlaps(r, h))));
    for (const hit of parts) {
      if (hit.negated) stated.excluded.push(...hit.value);
      else if ((pain || sore) && !regions.length) stated.sore.push(...hit.value);
      else stated.focus = [...(stated.focus ?? []), ...hit.value];
    }
    if (parts.some((hit) => !hit.negated && !((pain || sore) && !regions.length))) {
      stated.focusMuscles.push(
        ...found(clause, FOCUS_MUSCLE_WORDS)
          .filter((h) => !h.negated)
          .flatMap((h) => h.value),
      );
    }
    if (
      !parts.length &&
      FULL_BODY_WORDS.test(clause) &&
      !negatedBefore(clause.slice(0, clause.search(FULL_BODY_WORDS)))
    )
      stated.focus = [];
  }
  if (stated.focus) stated.focus = unique(stated.focus.filter((m) => !stated.excluded.includes(m)));
  stated.focusMuscles = unique(stated.focusMuscles);
  return stated;
}

function readEquipment(clause: string, stated: StatedConstraints): void {
  if (BODYWEIGHT_WORDS.test(clause) && !EXCEPTION_WORDS.test(clause)) {
    stated.equipment = { items: [], mode: 'replace' };
    return;
  }
  if (FULL_GYM_WORDS.test(clause) && !negatedBefore(clause.slice(0, clause.search(FULL_GYM_WORDS)))) {
    stated.equipment = { items: [...EQUIPMENT], mode: 'replace' };
    return;
  }
  const named = found(clause, EQUIPMENT_WORDS);
  stated.lacking.push(...named.filter((h) => h.negated).map((h) => h.value));
  const have = named.filter((h) => !h.negated).map((h) => h.value);
  if (!have.length) return;
  const adding = ADDING_WORDS.test(clause) || stated.equipment !== undefined;
  stated.equipment = {
    items: unique([...(stated.equipment?.items ?? []), ...have]),
    mode: adding ? (stated.equipment?.mode ?? 'add') : 'replace',
  };
}

function unique<T>(list: T[]): T[] {
  return [...new Set(list)];
}

/** The constraints of a whole conversation (the user's turns), later statements winning, over the profile's defaults. */
export interface ConversationConstraints {
  type?: WorkoutType;
  difficulty?: Difficulty;
  minutes?: number;
  equipment?: Equipment[];
  focus?: MuscleGroup[];
  focusMuscles?: Muscle[];
  limitations: Limitation[];
  rest: MuscleGroup[];
}

export function readConversation(
  history: ChatTurn[],
  defaults: Pick<ChatDefaults, 'limitations'>,
): ConversationConstraints {
  const said: ConversationConstraints = { limitations: [...defaults.limitations], rest: [] };
  for (const turn of history) {
    if (turn.role !== 'user') continue;
    const stated = readMessage(turn.content);
    said.type = stated.type ?? said.type;
    said.difficulty = stated.difficulty ?? said.difficulty;
    said.minutes = stated.minutes ?? said.minutes;
    if (stated.equipment)
      said.equipment =
        stated.equipment.mode === 'add'
          ? unique([...(said.equipment ?? []), ...stated.equipment.items])
          : stated.equipment.items;
    if (stated.lacking.length) said.equipment = (said.equipment ?? []).filter((e) => !stated.lacking.includes(e));
    if (stated.focus) [said.focus, said.focusMuscles] = [stated.focus, stated.focusMuscles];
    if (stated.excluded.length) said.focus = (said.focus ?? []).filter((m) => !stated.excluded.includes(m));
    // "And my lower back too" adds to limitations already said; on its own it names no injury.
    const added = said.limitations.length ? stated.alsoRegions : [];
    said.limitations = unique([
      ...said.limitations.filter((l) => !stated.healed.includes(l)),
      ...stated.limitations,
      ...added,
    ]);
    said.rest = unique([...said.rest.filter((m) => !stated.focus?.includes(m)), ...stated.sore, ...stated.excluded]);
  }
  return said;
}

/** A session type where the chat names none: what its equipment or focus suggests, else the profile's goal. */
const GOAL_TYPES: Record<TrainingGoal, WorkoutType> = {
  lose_fat: 'mixed',
  build_muscle: 'strength',
  endurance: 'cardio',
  mobility: 'yoga',
  general_fitness: 'mixed',
};
const LOADING_EQUIPMENT: Equipment[] = ['dumbbells', 'kettlebell', 'barbell_rack', 'machines', 'bands'];

function impliedType(said: ConversationConstraints, goal: TrainingGoal | null): WorkoutType {
  if (said.equipment?.some((e) => LOADING_EQUIPMENT.includes(e)) || said.focus?.length) return 'strength';
  if (said.equipment?.length && said.equipment.every((e) => e === 'cardio_machine')) return 'cardio';
  return goal ? GOAL_TYPES[goal] : 'mixed';
}

/** The session length where the chat names none. */
export const DEFAULT_CHAT_MINUTES = 30;

/**
 * The workout a conversation asks for; where it is silent, the profile (level, goal, equipment,
 * limitations). Null when it neither states a constraint nor asks for a session: nothing to build from.
 */
export function readChatRequest(history: ChatTurn[], defaults: ChatDefaults): ChatWorkoutRequest | null {
  const said = readConversation(history, defaults);
  const statedAnything =
    said.type ||
    said.difficulty ||
    said.minutes ||
    said.equipment ||
    said.focus?.length ||
    readConversation(history, { limitations: [] }).limitations.length ||
    said.rest.length;
  const askedForSession = history.some(
    (turn) => turn.role === 'user' && SESSION_ASK_WORDS.test(turn.content.toLowerCase()),
  );
  return statedAnything || askedForSession ? requestOf(said, defaults) : null;
}

/** The workout the profile alone suggests, for a conversation that has not said what it wants yet. */
export function defaultChatRequest(defaults: ChatDefaults): ChatWorkoutRequest {
  return requestOf({ limitations: defaults.limitations, rest: [] }, defaults);
}

function requestOf(said: ConversationConstraints, defaults: ChatDefaults): ChatWorkoutRequest {
  const focusMuscles = (said.focusMuscles ?? []).filter((m) => said.focus?.includes(MUSCLE_GROUP_OF[m]));
  return {
    type: said.type ?? impliedType(said, defaults.goal),
    difficulty: said.difficulty ?? defaults.fitnessLevel,
    minutes: said.minutes ?? DEFAULT_CHAT_MINUTES,
    equipment: said.equipment ?? defaults.equipment,
    limitations: said.limitations,
    focus: said.focus ?? [],
    soreMuscles: said.rest,
    ...(focusMuscles.length ? { focusMuscles } : {}),
  };
}
