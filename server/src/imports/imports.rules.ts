/**
 * An export's sets turned into the log's: matched to the catalogue (or the member's mapping),
 * grouped into workouts, keyed so importing the same file twice stores each set once
 * (docs/product.md, Import and export).
 */
import { createHash } from 'node:crypto';

import type { MuscleGroup, SetMeasures } from '../contract';
import { epley1rm, IMPORT_SKIP } from '../contract/values';
import type { CatalogueExercise } from '../workouts/catalogue/catalogue.types';
import { exerciseGroups } from '../workouts/programming/eligibility.rules';
import type { ImportedSet } from './layouts.rules';

/** What the member chose for an unmatched name: a catalogue id, or to leave its sets out. */
export type ExerciseMapping = Record<string, string>;

export interface UnmatchedExercise {
  name: string;
  sets: number;
}

/** A set ready for the log (ids as hex strings). */
export interface SetToStore extends SetMeasures {
  key: string;
  sessionId: string;
  exerciseId: string;
  catalogueId: string;
  exerciseName: string;
  muscles: MuscleGroup[];
  kind: 'reps' | 'time' | 'distance';
  order: number;
  warmup: boolean;
  /** Epley, for a work set with a load (as the log gives it). */
  e1rmKg?: number;
  performedAt: Date;
}

export type ImportPlan =
  | { kind: 'needs_mapping'; unmatched: UnmatchedExercise[] }
  | { kind: 'ready'; sets: SetToStore[]; workouts: number; skippedExercises: string[] };

function e1rm(set: ImportedSet): { e1rmKg?: number } {
  const estimate = !set.warmup && set.loadKg && set.reps ? epley1rm(set.loadKg, set.reps) : null;
  return estimate ? { e1rmKg: estimate } : {};
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * The log's sets for an export, or the names the member must map first (nothing is stored until
 * every name is matched, mapped or skipped). A set's key, its workout's id and its time come from
 * the file alone, so a second import of the same file adds nothing.
 */
export function planImport(
  sets: readonly ImportedSet[],
  match: (name: string) => CatalogueExercise | undefined,
  mapping: ExerciseMapping,
  byId: (id: string) => CatalogueExercise | undefined,
): ImportPlan {
  const resolved = new Map<string, CatalogueExercise | 'skip' | undefined>();
  for (const { exerciseName } of sets) {
    if (resolved.has(exerciseName)) continue;
    const mapped = mapping[exerciseName];
    resolved.set(exerciseName, mapped === IMPORT_SKIP ? 'skip' : mapped ? byId(mapped) : match(exerciseName));
  }
  const unmatched = [...resolved].filter(([, e]) => e === undefined).map(([name]) => name);
  if (unmatched.length)
    return {
      kind: 'needs_mapping',
      unmatched: unmatched.map((name) => ({ name, sets: sets.filter((s) => s.exerciseName === name).length })),
    };
  const seen = new Map<string, number>();
  const exerciseIds = new Map<string, Map<string, string>>();
  const stored: SetToStore[] = [];
  for (const set of sets) {
    const exercise = resolved.get(set.exerciseName);
    if (!exercise || exercise === 'skip') continue;
    const workout = `${set.workoutStart.toISOString()}|${set.workoutName}`;
    const sessionId = hash(workout).slice(0, 24);
    const ids = exerciseIds.get(sessionId) ?? new Map<string, string>();
    exerciseIds.set(sessionId, ids);
    if (!ids.has(set.exerciseName)) ids.set(set.exerciseName, `ex${ids.size + 1}`);
    const slot = `${workout}|${set.exerciseName}`;
    const occurrence = seen.get(slot) ?? 0;
    seen.set(slot, occurrence + 1);
    const inWorkout = [...seen].filter(([k]) => k.startsWith(`${workout}|`)).reduce((n, [, c]) => n + c, 0);
    stored.push({
      key: `imp-${hash(`${slot}|${occurrence}`).slice(0, 40)}`,
      sessionId,
      exerciseId: ids.get(set.exerciseName)!,
      catalogueId: exercise.id,
      exerciseName: exercise.name,
      muscles: exerciseGroups(exercise),
      kind: set.reps !== undefined ? 'reps' : set.meters !== undefined ? 'distance' : 'time',
      order: set.order,
      warmup: set.warmup,
      ...(set.reps !== undefined ? { reps: set.reps } : {}),
      ...(set.loadKg !== undefined ? { loadKg: set.loadKg } : {}),
      ...(set.seconds !== undefined ? { seconds: set.seconds } : {}),
      ...(set.meters !== undefined ? { meters: set.meters } : {}),
      ...(set.rpe !== undefined ? { rpe: set.rpe } : {}),
      ...e1rm(set),
      // The files time workouts, not sets: a set a minute after the one before it.
      performedAt: new Date(set.workoutStart.getTime() + (inWorkout - 1) * 60_000),
    });
  }
  const skippedExercises = [...resolved].filter(([, e]) => e === 'skip').map(([name]) => name);
  return { kind: 'ready', sets: stored, workouts: new Set(stored.map((s) => s.sessionId)).size, skippedExercises };
}
