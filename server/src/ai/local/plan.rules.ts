/**
 * How the local coach builds a workout: a warm-up, a main block and a cool-down whose exercise
 * count and dose fit the duration and difficulty, leaving out what the user should not do today.
 */
import { createHash } from 'node:crypto';
import { DURATIONS } from '../../contract';
import type { Difficulty, Duration, MuscleGroup, WorkoutType } from '../../contract';
import type { PlanRequest, PlannedExercise, WorkoutPlan } from '../ai.provider';
import { EXERCISE_LIBRARY, LibraryExercise, PROFILE_EQUIPMENT_NEEDED } from './exercise-library';

const LEVEL: Record<Difficulty, 1 | 2 | 3> = { beginner: 1, intermediate: 2, advanced: 3 };

/** Minutes of warm-up and cool-down, and how many exercises they hold, by duration. */
const BOOKENDS: Record<number, { warmupMinutes: number; warmups: number; cooldownMinutes: number; cooldowns: number }> = {
  15: { warmupMinutes: 3, warmups: 2, cooldownMinutes: 2, cooldowns: 1 },
  30: { warmupMinutes: 5, warmups: 3, cooldownMinutes: 3, cooldowns: 2 },
  45: { warmupMinutes: 6, warmups: 3, cooldownMinutes: 4, cooldowns: 2 },
  60: { warmupMinutes: 8, warmups: 4, cooldownMinutes: 5, cooldowns: 3 },
};

interface Dose {
  sets: number;
  workSeconds: number;
  restSeconds: number;
}

/** The main block's default dose per exercise: more sets and shorter rests as difficulty rises. */
const DOSES: Record<WorkoutType, Record<Difficulty, Dose>> = {
  strength: { beginner: { sets: 2, workSeconds: 40, restSeconds: 90 }, intermediate: { sets: 3, workSeconds: 45, restSeconds: 75 }, advanced: { sets: 4, workSeconds: 45, restSeconds: 60 } },
  mixed: { beginner: { sets: 2, workSeconds: 40, restSeconds: 50 }, intermediate: { sets: 3, workSeconds: 40, restSeconds: 40 }, advanced: { sets: 4, workSeconds: 45, restSeconds: 30 } },
  hiit: { beginner: { sets: 3, workSeconds: 30, restSeconds: 30 }, intermediate: { sets: 4, workSeconds: 40, restSeconds: 20 }, advanced: { sets: 5, workSeconds: 45, restSeconds: 15 } },
  cardio: { beginner: { sets: 2, workSeconds: 180, restSeconds: 60 }, intermediate: { sets: 3, workSeconds: 180, restSeconds: 45 }, advanced: { sets: 3, workSeconds: 240, restSeconds: 30 } },
  yoga: { beginner: { sets: 2, workSeconds: 30, restSeconds: 10 }, intermediate: { sets: 2, workSeconds: 45, restSeconds: 10 }, advanced: { sets: 3, workSeconds: 60, restSeconds: 10 } },
};
const REPS: Record<Difficulty, string> = { beginner: '8–10', intermediate: '10–12', advanced: '12–15' };
const MIN_MAIN = 2;
const MAX_MAIN = 10;
const MAX_SETS = 6;

const TITLES: Record<WorkoutType, string> = { strength: 'Strength', cardio: 'Cardio', hiit: 'HIIT', yoga: 'Yoga Flow', mixed: 'Full-Body Mix' };
const TIERS: Record<Difficulty, string> = { beginner: 'Foundations', intermediate: 'Builder', advanced: 'Overdrive' };
/** Muscle tags that describe effort, not a body part to rest. */
const NOT_A_BODY_PART: MuscleGroup[] = ['cardio', 'mobility'];

export interface BuiltPlan extends WorkoutPlan {
  /** Estimated minutes the plan takes, rests included. */
  minutes: number;
}

/** Sets and seconds per set for `count` exercises filling `seconds`, starting from the default dose. */
export function fitDose(base: Dose, count: number, seconds: number): Dose {
  const perSet = base.workSeconds + base.restSeconds;
  const sets = Math.min(MAX_SETS, Math.max(1, Math.floor(seconds / (count * perSet))));
  const fits = count * sets * perSet <= seconds;
  const fillsEnough = count * sets * perSet >= seconds * 0.75;
  if (fits && fillsEnough) return { ...base, sets };
  // Stretch or shrink each work interval so the block fills its time (rounded down to 5 s).
  const workSeconds = Math.max(10, Math.floor((seconds / (count * sets) - base.restSeconds) / 5) * 5);
  return { ...base, sets, workSeconds };
}

/** The generator option whose warm-up and cool-down suit `minutes`: the longest that fits, 15 at least. */
function bookendsFor(minutes: number): Duration {
  return DURATIONS.filter((d) => d <= minutes).pop() ?? DURATIONS[0];
}

function atHand(e: LibraryExercise, equipment: PlanRequest['equipment']): boolean {
  const needed = PROFILE_EQUIPMENT_NEEDED[e.equipment];
  return needed !== null && needed.every((item) => equipment.includes(item));
}

export function buildPlan(request: PlanRequest): BuiltPlan {
  const { type, difficulty, minutes, equipment, limitations, focus } = request;
  const seed = `${type}|${difficulty}|${minutes}|${[...request.avoidMuscles].sort()}|${[...limitations].sort()}|${[...equipment].sort()}|${[...focus].sort()}`;
  const bookends = BOOKENDS[bookendsFor(minutes)];
  const usable = (e: LibraryExercise) =>
    e.level <= LEVEL[difficulty] && atHand(e, equipment) && !e.loads.some((region) => limitations.includes(region));

  const warmups = pickVaried(EXERCISE_LIBRARY.filter((e) => e.phase === 'warmup' && usable(e)), bookends.warmups, seed);
  const cooldowns = pickVaried(EXERCISE_LIBRARY.filter((e) => e.phase === 'cooldown' && usable(e)), bookends.cooldowns, seed);

  const mainSeconds = Math.max(5, minutes - bookends.warmupMinutes - bookends.cooldownMinutes) * 60;
  const base = DOSES[type][difficulty];
  const wanted = Math.min(MAX_MAIN, Math.max(MIN_MAIN, Math.floor(mainSeconds / (base.sets * (base.workSeconds + base.restSeconds)))));
  const candidates = EXERCISE_LIBRARY.filter((e) => e.phase === 'main' && e.types.includes(type) && usable(e));
  const allowed = candidates.filter((e) => !trainsAny(e, request.avoidMuscles));
  const focused = pickVaried(allowed.filter((e) => trainsAny(e, focus)), wanted, seed);
  // The focus fills the block first; what the equipment cannot cover of it is filled with the rest.
  const rested = [...focused, ...pickVaried(allowed.filter((e) => !focused.includes(e)), wanted - focused.length, seed)];
  const notes: string[] = [];
  let main = rested;
  if (request.avoidMuscles.length) {
    const named = request.avoidMuscles.filter((m) => !NOT_A_BODY_PART.includes(m)).join(', ');
    if (main.length >= MIN_MAIN) notes.push(`Recovery: ${named} worked hard recently, so this plan leaves them out to recover.`);
    else {
      main = pickVaried(candidates, wanted, seed);
      notes.push(`Recovery: ${named} worked hard recently; keep those exercises light today.`);
    }
  }
  if (limitations.length) notes.push(`Injury-aware: nothing that loads your ${limitations.map((l) => l.replace('_', ' ')).join(' or ')}. Stop if anything hurts.`);
  if (!equipment.length) notes.push('No equipment needed: bodyweight only (a mat helps).');

  const dose = fitDose(base, main.length, mainSeconds);
  const warmupSeconds = Math.floor((bookends.warmupMinutes * 60) / warmups.length);
  const cooldownSeconds = Math.floor((bookends.cooldownMinutes * 60) / cooldowns.length);
  const exercises: PlannedExercise[] = [
    ...warmups.map((e) => planned(e, `${warmupSeconds} s, easy pace`)),
    ...main.map((e) => planned(e, prescription(e, dose, difficulty))),
    ...cooldowns.map((e) => planned(e, `${cooldownSeconds} s, slow breathing`)),
  ];
  const plannedMinutes =
    (warmupSeconds * warmups.length + main.length * dose.sets * (dose.workSeconds + dose.restSeconds) + cooldownSeconds * cooldowns.length) / 60;
  return { name: `${TITLES[type]} ${TIERS[difficulty]} · ${minutes} min`, exercises, notes, minutes: plannedMinutes };
}

function trainsAny(e: LibraryExercise, muscles: MuscleGroup[]): boolean {
  return e.muscles.some((m) => !NOT_A_BODY_PART.includes(m) && muscles.includes(m));
}

function planned(e: LibraryExercise, dose: string): PlannedExercise {
  return { name: e.name, description: e.instructions, phase: e.phase, prescription: dose, muscles: e.muscles };
}

function prescription(e: LibraryExercise, dose: Dose, difficulty: Difficulty): string {
  const rest = `rest ${dose.restSeconds} s`;
  if (!e.timed) return `${dose.sets} sets × ${REPS[difficulty]} reps, ${rest}`;
  const work = dose.workSeconds >= 120 && dose.workSeconds % 60 === 0 ? `${dose.workSeconds / 60} min` : `${dose.workSeconds} s`;
  return `${dose.sets} × ${work}, ${rest}`;
}

/**
 * `count` exercises, preferring the hardest level the difficulty allows, then muscles not yet covered, with a
 * hash of the request breaking ties: varied between requests, identical for the same request.
 */
function pickVaried(pool: LibraryExercise[], count: number, seed: string): LibraryExercise[] {
  const order = (e: LibraryExercise) => createHash('sha1').update(`${seed}|${e.slug}`).digest().readUInt32BE(0);
  const remaining = [...pool].sort((a, b) => b.level - a.level || order(a) - order(b));
  const chosen: LibraryExercise[] = [];
  const covered = new Set<MuscleGroup>();
  while (chosen.length < count && remaining.length) {
    const freshness = (e: LibraryExercise) => e.muscles.filter((m) => !covered.has(m)).length;
    const best = remaining.reduce((top, e) => (freshness(e) > freshness(top) ? e : top), remaining[0]);
    chosen.push(best);
    best.muscles.forEach((m) => covered.add(m));
    remaining.splice(remaining.indexOf(best), 1);
    if (remaining.every((e) => freshness(e) === 0)) covered.clear();
  }
  return chosen;
}
