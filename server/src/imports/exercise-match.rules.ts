/**
 * Another app's exercise name matched to the catalogue: "Bench Press (Barbell)" is the catalogue's
 * Barbell Bench Press. Only exact names and aliases count, and an equipment qualifier must agree
 * with the entry's equipment, so "Squat (Barbell)" never lands on the bodyweight squat; what does
 * not match is listed for the member to map (docs/product.md, Import and export).
 */
import type { ExerciseNameIndex } from '../workouts/catalogue/catalogue.rules';
import { normalizeExerciseText } from '../workouts/catalogue/catalogue.rules';
import type { CatalogueExercise, Equipment } from '../workouts/catalogue/catalogue.types';

/** What a qualifier in parentheses says about the equipment (null: none at all). */
const QUALIFIERS: Record<string, { words: string; equipment: Equipment | null }> = {
  barbell: { words: 'barbell', equipment: 'barbell_rack' },
  dumbbell: { words: 'dumbbell', equipment: 'dumbbells' },
  kettlebell: { words: 'kettlebell', equipment: 'kettlebell' },
  machine: { words: 'machine', equipment: 'machines' },
  cable: { words: 'cable', equipment: 'machines' },
  band: { words: 'band', equipment: 'bands' },
  bodyweight: { words: '', equipment: null },
};

/** The catalogue entry an import's exercise name is, or undefined. */
export function matchImportedName(index: ExerciseNameIndex, name: string): CatalogueExercise | undefined {
  const qualified = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(name.trim());
  const base = normalizeExerciseText(qualified ? qualified[1] : name);
  const qualifier = qualified ? QUALIFIERS[normalizeExerciseText(qualified[2]).replace(/s$/, '')] : undefined;
  if (!qualified || !qualifier) return index.exact.get(normalizeExerciseText(name)) ?? index.exact.get(base);
  const fits = (e: CatalogueExercise | undefined) =>
    e && (qualifier.equipment === null ? e.equipment.length === 0 : e.equipment.includes(qualifier.equipment));
  const candidates = [`${qualifier.words} ${base}`.trim(), `${base} ${qualifier.words}`.trim(), base];
  return candidates.map((c) => index.exact.get(c)).find(fits);
}
