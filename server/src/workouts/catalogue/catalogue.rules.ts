/**
 * Finding a catalogue exercise from what a person typed: "Push-ups", "how do I do a proper squat?",
 * "RDL form". Pure, so the coach and its tests share one matcher.
 */
import type { CatalogueExercise } from './catalogue.types';

/** Lower case, hyphens and punctuation to single spaces: "Push-Up!" and "push up" read alike. */
export function normalizeExerciseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

interface NamedPhrase {
  phrase: string;
  pattern: RegExp;
  exercise: CatalogueExercise;
}

export interface ExerciseNameIndex {
  exact: Map<string, CatalogueExercise>;
  /** Longest phrase first, so "romanian deadlift" wins over "deadlift". */
  phrases: NamedPhrase[];
  /** Every name and alias with its plural ("shrugs", "lunges"), for scanning a whole text word by word. */
  wordings: Map<string, CatalogueExercise>;
  /** The most words any wording has: the widest window the scan tries. */
  longestWording: number;
}

function escapeForPattern(phrase: string): string {
  return phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Built once per catalogue; a name shadows an alias, and an earlier entry shadows a later one. */
export function exerciseNameIndex(catalogue: readonly CatalogueExercise[]): ExerciseNameIndex {
  const exact = new Map<string, CatalogueExercise>();
  const ordered = [
    ...catalogue.map((exercise) => ({ exercise, text: exercise.name })),
    ...catalogue.flatMap((exercise) => (exercise.aliases ?? []).map((text) => ({ exercise, text }))),
  ];
  for (const { exercise, text } of ordered) {
    const phrase = normalizeExerciseText(text);
    if (phrase && !exact.has(phrase)) exact.set(phrase, exercise);
  }
  const phrases = [...exact].map(([phrase, exercise]) => ({
    phrase,
    // A plural ("squats", "lunges", "push ups") still names the exercise.
    pattern: new RegExp(`(?:^| )${escapeForPattern(phrase)}(?:e?s)?(?: |$)`),
    exercise,
  }));
  phrases.sort((a, b) => b.phrase.length - a.phrase.length);
  const wordings = new Map<string, CatalogueExercise>();
  for (const [phrase, exercise] of exact)
    for (const wording of [phrase, `${phrase}s`, `${phrase}es`])
      if (!wordings.has(wording)) wordings.set(wording, exercise);
  const longestWording = Math.max(0, ...[...exact.keys()].map((phrase) => phrase.split(' ').length));
  return { exact, phrases, wordings, longestWording };
}

/** The exercise a text names: an exact name or alias first, else the longest one mentioned in it. */
export function matchExerciseName(index: ExerciseNameIndex, text: string): CatalogueExercise | undefined {
  const normalized = normalizeExerciseText(text);
  if (!normalized) return undefined;
  return index.exact.get(normalized) ?? index.phrases.find(({ pattern }) => pattern.test(normalized))?.exercise;
}

/**
 * Every exercise a text names, in order of first mention: at each word the longest wording that
 * starts there wins ("romanian deadlifts" over "deadlift") and the scan moves past it. Linear in the
 * text (a bounded window per word), so a model's long reply costs no more than reading it.
 */
export function exercisesNamedIn(index: ExerciseNameIndex, text: string): CatalogueExercise[] {
  const words = normalizeExerciseText(text).split(' ').filter(Boolean);
  const named = new Map<string, CatalogueExercise>();
  for (let at = 0; at < words.length;) {
    let width = Math.min(index.longestWording, words.length - at);
    for (; width > 0; width--) {
      const exercise = index.wordings.get(words.slice(at, at + width).join(' '));
      if (exercise) {
        if (!named.has(exercise.id)) named.set(exercise.id, exercise);
        break;
      }
    }
    at += Math.max(width, 1);
  }
  return [...named.values()];
}
