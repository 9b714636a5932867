/** The exercise catalogue: every entry, and one by its id. */
import type { CatalogueExercise } from './catalogue.types';
import { LIBRARY_EXERCISES } from './library.data';

export const CATALOGUE: readonly CatalogueExercise[] = LIBRARY_EXERCISES;

const BY_ID = new Map(CATALOGUE.map((exercise) => [exercise.id, exercise]));

export function catalogueExercise(id: string): CatalogueExercise | undefined {
  return BY_ID.get(id);
}
