/**
 * The exercise catalogue: every exercise the generator, SWAP and the coach know, as data.
 * Entries are grouped by family in the `*.data.ts` files beside this one; catalogue.spec.ts checks
 * what the generator relies on (coverage per type, level, equipment and limitation).
 */
import { exerciseNameIndex, exercisesNamedIn, matchExerciseName } from './catalogue.rules';
import type { CatalogueExercise } from './catalogue.types';
import { CONDITIONING } from './conditioning.data';
import { CORE } from './core.data';
import { STRENGTH_LOWER } from './strength-lower.data';
import { STRENGTH_UPPER } from './strength-upper.data';
import { WARMUP_COOLDOWN } from './warmup-cooldown.data';
import { YOGA } from './yoga.data';

export type { CatalogueExercise } from './catalogue.types';

export const CATALOGUE: readonly CatalogueExercise[] = [
  ...WARMUP_COOLDOWN,
  ...STRENGTH_LOWER,
  ...STRENGTH_UPPER,
  ...CORE,
  ...CONDITIONING,
  ...YOGA,
];

const BY_ID = new Map(CATALOGUE.map((exercise) => [exercise.id, exercise]));
const NAMES = exerciseNameIndex(CATALOGUE);

/** The entry with this id, or undefined. */
export function catalogueExercise(id: string): CatalogueExercise | undefined {
  return BY_ID.get(id);
}

/** The exercise a text names ("how do I do a proper squat?"), by name or alias; undefined if none. */
export function findExerciseByName(text: string): CatalogueExercise | undefined {
  return matchExerciseName(NAMES, text);
}

/** Every catalogue exercise a text names ("try dumbbell shrugs, then a glute bridge"), first mention first. */
export function findExercisesNamed(text: string): CatalogueExercise[] {
  return exercisesNamedIn(NAMES, text);
}
