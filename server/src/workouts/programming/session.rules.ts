/**
 * The local coach's programming: a warm-up, a main block dosed as the type calls for (sets × reps,
 * work/rest rounds, steady or interval conditioning, holds and flows) and a cool-down, from the
 * catalogue exercises the user may do, filling the minutes asked for rests and changeovers included.
 */
import { createHash } from 'node:crypto';

import type { ExerciseDose, ExercisePhase, MuscleGroup, WorkoutType } from '../../contract';
import { DIFFICULTIES } from '../../contract';
import type { PlannedExercise, PlanRequest, WorkoutPlan } from '../../contract/job-shapes';
import { CATALOGUE } from '../catalogue';
import type { CatalogueExercise, MovementPattern } from '../catalogue/catalogue.types';
import { screenedDifficulty } from '../screening/screening.rules';
import { doseOptions, doseSeconds, prescription } from './dose.rules';
import {
  allowedFor,
  exerciseGroups,
  isCyclical,
  sparedLimitations,
  suitsBlock,
  takesPace,
  trainsAny,
} from './eligibility.rules';
import {
  BOOKENDS,
  DoseStyle,
  FALLBACK_PARTS,
  LEVEL_DOSES,
  MAIN_EXERCISES,
  MAIN_PARTS,
  MainPart,
  Range,
} from './programming.data';

/** Catalogue ids a model chose for each block: tried first, in order, when they are eligible. */
export interface SessionPicks {
  warmup?: readonly string[];
  main?: readonly string[];
  cooldown?: readonly string[];
}

export interface BuiltSession extends WorkoutPlan {
  /** Estimated seconds the session takes: work, rests, reps at their tempo and changeovers. */
  seconds: number;
}

interface Slot {
  exercise: CatalogueExercise;
  phase: ExercisePhase;
  options: ExerciseDose[];
  base: number;
  floor: number;
  step: number;
  /** The highest dose it may grow to: its smallest usual dose for muscles still recovering. */
  cap: number;
}

/** A block may run this much over its share before the next exercise or set is left out. */
const SLACK = 0.04;
/** Cardio with nothing cyclical at hand is a conditioning circuit. */
const CARDIO_CIRCUIT: MainPart = { share: 1, style: 'intervals', from: 'cardio' };
/** Big compound patterns open a strength block, trunk work closes it. */
const CORE_PATTERNS: readonly MovementPattern[] = ['anti_extension', 'anti_rotation', 'rotation', 'flexion'];
const IMPACT_ORDER = { low: 0, moderate: 1, high: 2 } as const;
/** The pace of the cyclical work a main style takes; the other styles take no cyclical work. */
const CYCLICAL_PACE: Partial<Record<DoseStyle, 'steady' | 'intervals'>> = {
  steady: 'steady',
  cyclic_intervals: 'intervals',
};

const TITLES: Record<WorkoutType, string> = {
  strength: 'Strength',
  cardio: 'Cardio',
  hiit: 'HIIT',
  yoga: 'Yoga Flow',
  mixed: 'Full-Body Mix',
};
const TIERS: Record<PlanRequest['difficulty'], string> = {
  beginner: 'Foundations',
  intermediate: 'Builder',
  advanced: 'Overdrive',
};
const BODY_PARTS: readonly MuscleGroup[] = ['chest', 'back', 'shoulders', 'arms', 'core', 'glutes', 'legs'];

const slotSeconds = (slot: Slot) => doseSeconds(slot.options[slot.step], slot.exercise);
const totalSeconds = (slots: readonly Slot[]) => slots.reduce((sum, slot) => sum + slotSeconds(slot), 0);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A session for the request from `catalogue`; `picks` (a model's choice) are preferred where eligible. */
export function buildSession(
  asked: PlanRequest,
  picks: SessionPicks = {},
  catalogue: readonly CatalogueExercise[] = CATALOGUE,
): BuiltSession {
  const request = screenedRequest(asked);
  const context = sessionContext(request, catalogue);
  const target = request.minutes * 60;
  const warmupBudget = clamp(
    Math.round((target * BOOKENDS.warmup.share) / 30) * 30,
    BOOKENDS.warmup.minSeconds,
    BOOKENDS.warmup.maxSeconds,
  );
  const cooldownBudget = clamp(
    Math.round((target * BOOKENDS.cooldown.share) / 30) * 30,
    BOOKENDS.cooldown.minSeconds,
    BOOKENDS.cooldown.maxSeconds,
  );

  const main = fillMain(context, target - warmupBudget - cooldownBudget, picks.main ?? []);
  // Warm-up and cool-down share what the main block left, in their usual proportion: their short
  // moves (5–15 s steps) take up what whole sets and rounds could not.
  const left = target - totalSeconds(main);
  const warmupShare = Math.round((left * warmupBudget) / (warmupBudget + cooldownBudget));
  const warmup = fill(
    context,
    {
      phase: 'warmup',
      style: 'warmup',
      budget: warmupShare,
      minCount: 1,
      maxCount: BOOKENDS.warmup.maxExercises,
      picks: picks.warmup,
    },
    main,
  );
  const cooldownShare = target - totalSeconds(main) - totalSeconds(warmup);
  const cooldown = fill(
    context,
    {
      phase: 'cooldown',
      style: 'cooldown',
      budget: cooldownShare,
      minCount: 1,
      maxCount: BOOKENDS.cooldown.maxExercises,
      picks: picks.cooldown,
    },
    main,
  );
  shrink([...warmup, ...cooldown], target * (1 + SLACK) - totalSeconds(main));

  warmup.sort((a, b) => IMPACT_ORDER[a.exercise.impact] - IMPACT_ORDER[b.exercise.impact]);
  cooldown.sort((a, b) => Number(a.exercise.pattern === 'breathing') - Number(b.exercise.pattern === 'breathing'));
  const slots = [...warmup, ...main, ...cooldown];
  const seconds = totalSeconds(slots);
  return {
    name: sessionName(request, main),
    exercises: slots.map(planned),
    notes: [
      ...(request.screening?.notes ?? []),
      ...context.notes,
      ...limitationNote(request, slots),
      ...focusNote(request, main),
      `About ${Math.round(seconds / 60)} minutes, rests and changeovers included.`,
    ].slice(0, 6),
    seconds,
  };
}

/**
 * The catalogue ids a block of this request may hold: what a model may choose from (before the
 * recovery and focus, which it is told about and the server applies again when it builds the session).
 */
export function eligibleIds(
  asked: PlanRequest,
  phase: ExercisePhase,
  catalogue: readonly CatalogueExercise[] = CATALOGUE,
): string[] {
  const request = screenedRequest(asked);
  const parts = [...MAIN_PARTS[request.type][request.difficulty], ...FALLBACK_PARTS[request.type]];
  const from = new Set<WorkoutType>([request.type, ...parts.map((part) => part.from)]);
  return catalogue
    .filter(
      (e) =>
        allowedFor(e, request) &&
        suitsBlock(e, phase, request.type) &&
        (phase !== 'main' || e.types.some((t) => from.has(t))),
    )
    .map((e) => e.id);
}

interface SessionContext {
  request: PlanRequest;
  /** Exercises the user may do at all. */
  allowed: CatalogueExercise[];
  /** Body parts the main block leaves out to recover (empty once that left too little). */
  resting: MuscleGroup[];
  /** Recovering body parts it trains all the same (asked for, or too little left without them), at lighter doses. */
  lightened: MuscleGroup[];
  taken: Set<string>;
  notes: string[];
  tieBreak: (exercise: CatalogueExercise) => number;
}

function sessionContext(request: PlanRequest, catalogue: readonly CatalogueExercise[]): SessionContext {
  const seed = JSON.stringify({
    ...request,
    avoidMuscles: [...request.avoidMuscles].sort(),
    equipment: [...request.equipment].sort(),
    limitations: [...request.limitations].sort(),
  });
  const tieBreak = (exercise: CatalogueExercise) =>
    createHash('sha1').update(`${seed}|${exercise.id}`).digest().readUInt32BE(0) / 2 ** 32;
  const allowed = catalogue.filter((exercise) => allowedFor(exercise, request));
  const notes: string[] = [];
  const recovering = request.avoidMuscles.filter((group) => BODY_PARTS.includes(group));
  // A recovering part the member asks to train is trained, lighter; the others rest when enough is left without them.
  let lightened = recovering.filter((group) => request.focus.includes(group));
  let resting = recovering.filter((group) => !lightened.includes(group));
  if (resting.length) {
    const fresh = allowed.filter(
      (e) => suitsBlock(e, 'main', request.type) && e.types.includes(request.type) && !trainsAny(e, resting),
    );
    if (fresh.length >= 4)
      notes.push(`Recovery: your ${resting.join(', ')} worked hard recently, so this plan leaves them out to recover.`);
    else [lightened, resting] = [[...lightened, ...resting], []];
  }
  if (lightened.length)
    notes.push(
      `Recovery: your ${lightened.join(', ')} worked hard recently, so this plan trains them at lighter doses today.`,
    );
  notes.push(
    request.equipment.length
      ? `Uses only what you have: ${request.equipment.map((e) => e.replace(/_/g, ' ')).join(', ')} (and bodyweight).`
      : 'Bodyweight only: a mat helps.',
  );
  return { request, allowed, resting, lightened, taken: new Set(), notes, tieBreak };
}

/**
 * The main block: each of the type's parts in turn, time one part could not use passing to the next,
 * and to the type's fallbacks when the exercises the user may do run out before the time does.
 */
function fillMain(context: SessionContext, budget: number, picks: readonly string[]): Slot[] {
  const { type, difficulty } = context.request;
  const cyclical = context.allowed.some(
    (e) => isCyclical(e) && takesPace(e, 'steady') && suitsBlock(e, 'main', type) && e.types.includes('cardio'),
  );
  const parts = [
    ...(type === 'cardio' && !cyclical ? [CARDIO_CIRCUIT] : MAIN_PARTS[type][difficulty]),
    ...FALLBACK_PARTS[type],
  ];
  const main: Slot[] = [];
  let carried = 0;
  for (const part of parts) {
    const partBudget = budget * part.share + carried;
    const slots = fill(
      context,
      {
        phase: 'main',
        style: part.style,
        budget: partBudget,
        minCount: MAIN_EXERCISES[part.style].min,
        maxCount: MAIN_EXERCISES[part.style].max,
        picks,
        from: part.from,
      },
      main,
    );
    if (part.style === 'sets')
      slots.sort(
        (a, b) =>
          Number(CORE_PATTERNS.includes(a.exercise.pattern)) - Number(CORE_PATTERNS.includes(b.exercise.pattern)),
      );
    main.push(...slots);
    carried = partBudget - totalSeconds(slots);
  }
  return main;
}

interface BlockSpec {
  phase: ExercisePhase;
  style: DoseStyle;
  budget: number;
  minCount: number;
  maxCount: number;
  picks?: readonly string[];
  /** The training type whose exercises a main part draws on. */
  from?: WorkoutType;
}

/** Exercises for one block at their usual dose while they fit, then doses grown to fill the block. */
function fill(context: SessionContext, spec: BlockSpec, chosenBefore: readonly Slot[]): Slot[] {
  const { difficulty, goal } = context.request;
  let pool = blockPool(context, spec);
  const limit = spec.budget * (1 + SLACK);
  const slots: Slot[] = [];
  // Once a short block has taken its exercises below their usual dose, the next ones start there too.
  let ceiling = Infinity;
  while (slots.length < spec.maxCount) {
    const exercise = bestNext(context, spec, pool, [...chosenBefore, ...slots]);
    if (!exercise) break;
    const { options, base, floor } = doseOptions(spec.style, exercise, difficulty, goal);
    const tooFew = slots.length < spec.minCount;
    if (tooFew && doseSeconds(options[Math.min(base, ceiling)], exercise) > limit - totalSeconds(slots)) {
      // Too few exercises yet: every one down to its smallest usual dose to make room, and below it
      // (one set each) when even that leaves none; growing evens them out after.
      slots.forEach((slot) => (slot.step = Math.min(slot.step, slot.floor)));
      ceiling = Math.min(ceiling, floor);
      if (doseSeconds(options[floor], exercise) > limit - totalSeconds(slots)) {
        slots.forEach((slot) => (slot.step = 0));
        ceiling = 0;
      }
    }
    let step = Math.min(base, ceiling);
    const free = limit - totalSeconds(slots);
    const lowest = tooFew ? 0 : floor;
    while (step >= lowest && doseSeconds(options[step], exercise) > free) step -= 1;
    if (step < lowest) {
      if (!tooFew || spec.style !== 'sets') break;
      // A strength block short of exercises: one too long even at one set (a one-sided move) makes way for a shorter one.
      pool = pool.filter((e) => e !== exercise);
      continue;
    }
    const light = spec.phase === 'main' && trainsAny(exercise, context.lightened);
    if (light) step = Math.min(step, floor);
    const cap = light ? step : options.length - 1;
    slots.push({ exercise, phase: spec.phase, options, base, floor, step, cap });
    context.taken.add(exercise.id);
  }
  grow(slots, limit);
  if (spec.style === 'sets') tuneRests(slots, limit, LEVEL_DOSES[difficulty].sets.restSeconds);
  return slots;
}

/**
 * Strength rests move together (a coach gives a block one rest), a step either side of the usual
 * one within the level's range: the longest that keeps the block within `limit`.
 */
function tuneRests(slots: Slot[], limit: number, range: Range): void {
  if (!slots.length) return;
  const usual = slots[0].options[slots[0].step].restSeconds;
  const withRest = (rest: number) =>
    slots.map((slot) => ({ ...slot, options: slot.options.map((dose) => ({ ...dose, restSeconds: rest })) }));
  const rest =
    [usual + 15, usual].find((r) => r <= range.max && totalSeconds(withRest(r)) <= limit) ??
    Math.max(range.min, usual - 15);
  withRest(rest).forEach((tuned, i) => (slots[i].options = tuned.options));
}

/** Candidates for a block: allowed, suited to it, of the part's type, not resting muscles (main). */
function blockPool(context: SessionContext, spec: BlockSpec): CatalogueExercise[] {
  const { type } = context.request;
  return context.allowed.filter((e) => {
    if (!suitsBlock(e, spec.phase, type)) return false;
    if (spec.phase !== 'main') return true;
    if (!e.types.includes(spec.from ?? type) || trainsAny(e, context.resting)) return false;
    const pace = CYCLICAL_PACE[spec.style];
    return pace ? isCyclical(e) && takesPace(e, pace) : !isCyclical(e);
  });
}

/**
 * The best exercise not yet in the session: a model's pick first, then the focus, then a movement
 * and body parts the block does not have yet, the user's level, their equipment for strength work;
 * a hash of the request breaks ties (varied between requests, the same for the same request).
 */
function bestNext(
  context: SessionContext,
  spec: BlockSpec,
  pool: readonly CatalogueExercise[],
  chosen: readonly Slot[],
): CatalogueExercise | undefined {
  const { request } = context;
  const focus = request.focus.filter((group) => BODY_PARTS.includes(group));
  const focusMuscles = request.focusMuscles ?? [];
  const picks = spec.picks ?? [];
  const inBlock = chosen.filter((slot) => slot.phase === spec.phase).map((slot) => slot.exercise);
  const covered = new Set(inBlock.flatMap(exerciseGroups));
  const mainGroups = new Set(
    chosen.filter((slot) => slot.phase === 'main').flatMap((slot) => exerciseGroups(slot.exercise)),
  );
  const focusLeft = focus.filter((group) => !mainGroups.has(group));
  const score = (e: CatalogueExercise) => {
    let points = context.tieBreak(e);
    if (picks.includes(e.id)) points += 1000 - picks.indexOf(e.id);
    if (e.types.includes(request.type)) points += spec.phase === 'main' ? 3 : 10;
    points -= (spec.phase === 'cooldown' ? 10 : 25) * inBlock.filter((c) => c.pattern === e.pattern).length;
    points += 6 * Math.min(2, exerciseGroups(e).filter((g) => !covered.has(g)).length);
    if (spec.phase === 'main') {
      if (focus.length && trainsAny(e, focus)) points += 100;
      // Muscles named within the focus lead: led by one (the hip thrust for glutes), or working two (the swing), beats a squat that only helps.
      if (focusMuscles.length)
        points +=
          40 * e.primary.filter((m) => focusMuscles.includes(m)).length +
          (focusMuscles.includes(e.primary[0]) ? 40 : 0);
      // Each focus body part gets its exercise before any gets a second one ("upper body" is chest, back, shoulders and arms).
      points += 30 * focusLeft.filter((group) => trainsAny(e, [group])).length;
      const levelGap = DIFFICULTIES.indexOf(request.difficulty) - DIFFICULTIES.indexOf(e.level);
      points += levelGap === 0 ? 5 : levelGap === 1 ? 2 : 0;
      if (spec.style === 'sets' && e.equipment.length) points += 8;
    }
    if (spec.phase !== 'main') points += 5 * Math.min(3, exerciseGroups(e).filter((g) => mainGroups.has(g)).length);
    if (e.pattern === 'breathing' && inBlock.some((c) => c.pattern === 'breathing')) points -= 100;
    return points;
  };
  let best: CatalogueExercise | undefined;
  let bestScore = -Infinity;
  for (const e of pool) {
    if (context.taken.has(e.id)) continue;
    const points = score(e);
    if (points > bestScore) [best, bestScore] = [e, points];
  }
  return best;
}

/** Raises doses one step at a time, the exercise furthest below its usual dose first, while the block stays within `limit`. */
function grow(slots: Slot[], limit: number): void {
  for (;;) {
    const total = totalSeconds(slots);
    const growable = slots.filter(
      (slot) =>
        slot.step < slot.cap &&
        total - slotSeconds(slot) + doseSeconds(slot.options[slot.step + 1], slot.exercise) <= limit,
    );
    if (!growable.length) return;
    const pick = growable.reduce((a, b) => (b.step - b.base < a.step - a.base ? b : a));
    pick.step += 1;
  }
}

/** Lowers doses, the exercise furthest above its usual dose first, until the block is within `limit`. */
function shrink(slots: Slot[], limit: number): void {
  while (totalSeconds(slots) > limit) {
    const shrinkable = slots.filter((slot) => slot.step > 0);
    if (!shrinkable.length) return;
    const pick = shrinkable.reduce((a, b) => (b.step - b.base > a.step - a.base ? b : a));
    pick.step -= 1;
  }
}

function planned(slot: Slot): PlannedExercise {
  return plannedExercise(slot.exercise, slot.phase, slot.options[slot.step]);
}

/** A catalogue exercise as a workout lists it: its how-to with the form cues, the dose and how it reads. */
export function plannedExercise(
  exercise: CatalogueExercise,
  phase: ExercisePhase,
  dose: ExerciseDose,
): PlannedExercise {
  return {
    name: exercise.name,
    description: `${exercise.description} ${exercise.cues.join('. ')}.`,
    phase,
    prescription: prescription(dose, exercise),
    muscles: exerciseGroups(exercise),
    catalogueId: exercise.id,
    dose,
  };
}

/** "Chest & Back Strength Builder · 20 min": the name promises only the focus body parts the main block trains. */
function sessionName(request: PlanRequest, main: readonly Slot[]): string {
  const focus = request.focus
    .filter((group) => BODY_PARTS.includes(group) && main.some((slot) => trainsAny(slot.exercise, [group])))
    .slice(0, 2);
  const label = focus.map((group) => group[0].toUpperCase() + group.slice(1)).join(' & ');
  return `${label ? `${label} ` : ''}${TITLES[request.type]} ${TIERS[request.difficulty]} · ${request.minutes} min`;
}

/** The request at the level its health screening allows. */
function screenedRequest(request: PlanRequest): PlanRequest {
  return { ...request, difficulty: screenedDifficulty(request.difficulty, request.screening) };
}

/** "Nothing that loads your knee": said only of the limitations the chosen exercises provably spare. */
function limitationNote(request: PlanRequest, slots: readonly Slot[]): string[] {
  const spared = sparedLimitations(
    slots.map((slot) => slot.exercise),
    request.limitations,
  );
  return spared.length
    ? [`Nothing that loads your ${spared.map((l) => l.replace(/_/g, ' ')).join(' or ')}. Stop if anything hurts.`]
    : [];
}

function focusNote(request: PlanRequest, main: readonly Slot[]): string[] {
  const focus = request.focus.filter((group) => BODY_PARTS.includes(group));
  if (!focus.length) return [];
  const named = focus.join(' and ');
  if (main.some((slot) => trainsAny(slot.exercise, focus))) return [`Focus: ${named}.`];
  return [`Nothing for your ${named} fits today's equipment, limits and recovery, so this session is balanced.`];
}
