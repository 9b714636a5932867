/**
 * A program the coach builds for one member: the week's shape from their goal and the days they
 * train, each day's patterns filled with catalogue exercises they may do (level, equipment,
 * limitations, health screening), dosed to progress week by week as the catalogue's programs do
 * (docs/product.md, Programs: built by the coach).
 */
import { NUMBER_PATTERN, numberSaid } from '../common/number-words.rules';
import { COACH_PROGRAM_ID, COACH_PROGRAM_LIMITS, DIFFICULTIES, type Difficulty, type TrainingGoal } from '../contract';
import type { ScreeningLimits } from '../contract/job-shapes';
import { CATALOGUE } from '../workouts/catalogue';
import type { CatalogueExercise, Equipment, Limitation, MovementPattern } from '../workouts/catalogue/catalogue.types';
import { allowedFor, type Constraints } from '../workouts/programming/eligibility.rules';
import type { Program, ProgramDay, ProgramSlot } from './catalogue';
import { lift, LIFTING_COOLDOWN, LIFTING_WARMUP, reps, RUN_COOLDOWN, RUN_WARMUP, timed } from './catalogue/blocks.data';
import {
  CARDIO,
  type DayTemplate,
  DEFAULT_DAYS_PER_WEEK,
  DEFAULT_WEEKS,
  DELOAD_EVERY_WEEKS,
  FILL_PATTERNS,
  HOLD,
  POSE,
  SHAPE_OF_GOAL,
  SUBSTITUTE_PATTERNS,
  WEEKDAYS_FOR,
  WEEKS,
  type WeekShape,
  WORK_BY_GOAL,
} from './coach-program.data';
import { loadStep } from './progression.rules';

export interface CoachProgramRequest {
  goal: TrainingGoal;
  level: Difficulty;
  daysPerWeek: number;
  weeks: number;
  equipment: readonly Equipment[];
  limitations: readonly Limitation[];
  screening?: ScreeningLimits;
}

/** What a message asks of a program, where it says it: "3 days a week", "for 8 weeks", "to build muscle". */
export interface ProgramAsk {
  daysPerWeek?: number;
  weeks?: number;
  goal?: TrainingGoal;
}

const DAYS_WORDS = new RegExp(
  String.raw`\b${NUMBER_PATTERN}(?: days?| times?| sessions?|x)(?: a| per| each| every)? ?week\b`,
);
const WEEKS_WORDS = new RegExp(String.raw`\b${NUMBER_PATTERN}[- ]?(weeks?|months?)\b`);
const GOAL_WORDS: ReadonlyArray<readonly [TrainingGoal, RegExp]> = [
  ['build_muscle', /\b(build (muscle|mass)|hypertrophy|bigger|muscle gain|gain muscle|bulk)/],
  ['lose_fat', /\b(lose (fat|weight)|fat loss|weight loss|get lean|cut)\b/],
  ['endurance', /\b(run(ning)?|5 ?k|10 ?k|half marathon|marathon|endurance|cardio|stamina)\b/],
  ['mobility', /\b(mobility|flexib\w*|stretch\w*|yoga)\b/],
];

const clamp = (value: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, value));

/** What one message says about the program it asks for; months count as four weeks. */
export function programAsked(message: string): ProgramAsk {
  const text = message.toLowerCase();
  const ask: ProgramAsk = {};
  const days = DAYS_WORDS.exec(text);
  if (days) ask.daysPerWeek = numberSaid(days[1]);
  const weeks = WEEKS_WORDS.exec(text);
  if (weeks) ask.weeks = numberSaid(weeks[1]) * (weeks[2].startsWith('month') ? 4 : 1);
  const goal = GOAL_WORDS.find(([, words]) => words.test(text));
  if (goal) ask.goal = goal[0];
  return ask;
}

/**
 * The request the coach builds from: what the member chose now, else what they said last in the
 * chat (newest message first), else their profile and the level's defaults; days and weeks kept
 * within the limits a program has.
 */
export function coachProgramRequest(
  chosen: { daysPerWeek?: number; weeks?: number },
  messagesNewestFirst: readonly string[],
  profile: {
    goal: TrainingGoal | null;
    level: Difficulty;
    equipment: readonly Equipment[];
    limitations: readonly Limitation[];
  },
  screening?: ScreeningLimits,
): CoachProgramRequest {
  const said = (field: keyof ProgramAsk) =>
    messagesNewestFirst.map((message) => programAsked(message)[field]).find((value) => value !== undefined);
  const daysPerWeek = chosen.daysPerWeek ?? (said('daysPerWeek') as number | undefined);
  const weeks = chosen.weeks ?? (said('weeks') as number | undefined);
  return {
    goal: (said('goal') as TrainingGoal | undefined) ?? profile.goal ?? 'general_fitness',
    level: profile.level,
    daysPerWeek: clamp(daysPerWeek ?? DEFAULT_DAYS_PER_WEEK[profile.level], COACH_PROGRAM_LIMITS.daysPerWeek),
    weeks: clamp(weeks ?? DEFAULT_WEEKS, COACH_PROGRAM_LIMITS.weeks),
    equipment: profile.equipment,
    limitations: profile.limitations,
    ...(screening ? { screening } : {}),
  };
}

/** The member's program: their week, every exercise one they may do, in the catalogue's program shape. */
export function buildCoachProgram(
  request: CoachProgramRequest,
  catalogue: readonly CatalogueExercise[] = CATALOGUE,
): Program {
  const shape = SHAPE_OF_GOAL[request.goal];
  const week = WEEKS[shape][request.daysPerWeek];
  const constraints: Constraints = {
    difficulty: request.level,
    equipment: request.equipment,
    limitations: request.limitations,
    screening: request.screening,
  };
  // Across the week each pattern takes the next exercise not yet used, so the days differ.
  const used = new Set<string>();
  const days = week.days.map((template) => buildDay(template, shape, request, constraints, catalogue, used));
  const deloadWeeks = Array.from({ length: request.weeks }, (_, i) => i + 1).filter(
    (w) => w % DELOAD_EVERY_WEEKS === 0,
  );
  return {
    id: COACH_PROGRAM_ID,
    name: `Your ${request.daysPerWeek}-Day ${week.split}`,
    summary: summaryOf(request, shape, deloadWeeks),
    goal: request.goal,
    level: request.level,
    weeks: request.weeks,
    deloadWeeks,
    weekdays: [...WEEKDAYS_FOR[request.daysPerWeek]],
    days,
  };
}

function buildDay(
  template: DayTemplate,
  shape: WeekShape,
  request: CoachProgramRequest,
  constraints: Constraints,
  catalogue: readonly CatalogueExercise[],
  used: Set<string>,
): ProgramDay {
  const today = new Set<string>();
  const patternsToday = new Set<MovementPattern>();
  const main: ProgramSlot[] = [];
  const choose = (pattern: MovementPattern) => {
    const candidates = ranked(
      catalogue.filter(
        (entry) => entry.pattern === pattern && mayDo(entry, 'main', constraints) && !today.has(entry.id),
      ),
      template,
      request.level,
    );
    // A cardio day keeps its one steady block; other patterns take the week's next unused exercise.
    const entry = (pattern === 'cyclical' ? undefined : candidates.find((c) => !used.has(c.id))) ?? candidates[0];
    if (!entry) return false;
    today.add(entry.id);
    used.add(entry.id);
    patternsToday.add(pattern);
    main.push(slotFor(entry, template, shape, request));
    return true;
  };
  // A stand-in or a filler is a pattern the day does not train yet, so it stays balanced.
  const fresh = (pattern: MovementPattern) => !patternsToday.has(pattern) && choose(pattern);
  for (const pattern of template.patterns) {
    if (choose(pattern)) continue;
    for (const substitute of SUBSTITUTE_PATTERNS[pattern] ?? []) if (fresh(substitute)) break;
  }
  for (const pattern of FILL_PATTERNS[template.type] ?? []) {
    if (main.length >= template.patterns.length) break;
    fresh(pattern);
  }
  const [warmup, cooldown] =
    template.type === 'cardio'
      ? [RUN_WARMUP, RUN_COOLDOWN]
      : template.type === 'yoga'
        ? [[], []]
        : [LIFTING_WARMUP, LIFTING_COOLDOWN];
  // Warm-ups and cool-downs are the catalogue's shared ones, kept only where the member may do them.
  const fits = (slot: ProgramSlot) => {
    const entry = catalogue.find((candidate) => candidate.id === slot.exercise);
    return !!entry && mayDo(entry, slot.phase, constraints);
  };
  return {
    name: template.name,
    type: template.type,
    slots: [...warmup.filter(fits), ...main, ...cooldown.filter(fits)],
  };
}

function mayDo(entry: CatalogueExercise, phase: ProgramSlot['phase'], constraints: Constraints): boolean {
  // A distance-dosed block has no weekly growth of its own here; cardio days grow in minutes.
  return entry.phases.includes(phase) && entry.dosing !== 'distance' && allowedFor(entry, constraints);
}

/**
 * Best first: the day's type among the entry's, loaded work the equipment at hand allows on a
 * strength day (it progresses by load), a steady pace on a cardio day, the level closest to the
 * member's; then the catalogue's order.
 */
function ranked(candidates: CatalogueExercise[], template: DayTemplate, level: Difficulty): CatalogueExercise[] {
  const score = (entry: CatalogueExercise) =>
    (entry.types.includes(template.type) ? 0 : 100) +
    (template.type === 'strength' && !isLoaded(entry) ? 10 : 0) +
    (template.type === 'cardio' && entry.pace === 'intervals' ? 10 : 0) +
    Math.abs(DIFFICULTIES.indexOf(entry.level) - DIFFICULTIES.indexOf(level));
  return candidates
    .map((entry, order) => ({ entry, order, score: score(entry) }))
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map(({ entry }) => entry);
}

const isLoaded = (entry: CatalogueExercise) => entry.dosing === 'reps' && loadStep(entry.equipment) !== null;

/** The slot's dose and how it grows: loads by double progression, bodyweight by reps, holds and blocks by time. */
function slotFor(entry: CatalogueExercise, template: DayTemplate, shape: WeekShape, request: CoachProgramRequest) {
  const work = WORK_BY_GOAL[request.goal];
  const sets = work.sets + (request.level === 'advanced' ? 1 : 0);
  if (entry.pattern === 'cyclical') {
    const block = template.name.startsWith('Long') ? CARDIO.long : CARDIO.easy;
    return timed(entry.id, 1, block.seconds, block.addPerWeek, block.max, 0);
  }
  if (isLoaded(entry)) return lift(entry.id, sets, work.repsMin, work.repsMax, work.rest);
  if (entry.dosing === 'reps') return reps(entry.id, sets, work.repsMin, 1, work.repsMax + 3, work.rest);
  const hold = shape === 'mobility' ? POSE : HOLD;
  return timed(entry.id, sets, hold.seconds, hold.addPerWeek, hold.max, hold.rest);
}

const GOAL_WORDS_SAID: Record<TrainingGoal, string> = {
  lose_fat: 'losing fat',
  build_muscle: 'building muscle',
  endurance: 'endurance',
  mobility: 'mobility',
  general_fitness: 'general fitness',
};

function summaryOf(request: CoachProgramRequest, shape: WeekShape, deloadWeeks: number[]): string {
  const kit = request.equipment.length ? request.equipment.join(', ').replaceAll('_', ' ') : 'bodyweight only';
  const spared = request.limitations.length
    ? `, nothing that loads your ${request.limitations.join(' or ').replaceAll('_', ' ')}`
    : '';
  const grows =
    shape === 'strength'
      ? loadStep(request.equipment) !== null
        ? 'Reps climb to the top of each range, then the weight goes up by the smallest step.'
        : 'Each exercise adds a rep, or a few seconds, a week up to its ceiling.'
      : shape === 'endurance'
        ? 'The cardio days grow by a few minutes each week.'
        : 'Holds grow by five seconds a week.';
  const weeks = deloadWeeks.map(String);
  const lighter =
    weeks.length === 0
      ? ''
      : weeks.length === 1
        ? ` Week ${weeks[0]} is lighter.`
        : ` Weeks ${weeks.slice(0, -1).join(', ')} and ${weeks[weeks.length - 1]} are lighter.`;
  return `Built by your coach for ${GOAL_WORDS_SAID[request.goal]} at ${request.level} level, ${request.daysPerWeek} days a week for ${request.weeks} weeks: ${kit}${spared}. ${grows}${lighter}`;
}
