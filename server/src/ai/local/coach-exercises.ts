/**
 * The exercise a message names, for the coach's "how do I do…" answers: its name, what it is and its
 * form cues. Read from the exercise library until the catalogue replaces it.
 */
import { EXERCISE_LIBRARY } from './exercise-library';

export interface ExerciseFacts {
  name: string;
  description: string;
  cues: string[];
}

const EXERCISES: ExerciseFacts[] = EXERCISE_LIBRARY.map((e) => ({ name: e.name, description: e.instructions, cues: [] }));

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.replace(/s$/, ''));
}

/** Last words that name a kind of exercise rather than one ("hold", "stretch"): not enough on their own. */
const GENERIC_LAST_WORDS = new Set(['hold', 'stretch', 'pose', 'up', 'raise', 'circle', 'breathing', 'walk']);

/**
 * The exercise a text names: every word of a name ("goblet squat"), or else the movement its name ends
 * with ("squat"), preferring more of its words said, then the simplest. Null when none is named.
 */
export function exerciseNamed(text: string): ExerciseFacts | null {
  const said = new Set(words(text));
  const scored = EXERCISES.map((e) => {
    const name = words(e.name);
    const complete = name.every((w) => said.has(w));
    const movement = name.at(-1) ?? '';
    const named = complete || (said.has(movement) && !GENERIC_LAST_WORDS.has(movement));
    return { e, named, score: (complete ? 100 : 0) + name.filter((w) => said.has(w)).length * 10 - name.length };
  }).filter((c) => c.named);
  if (!scored.length) return null;
  return scored.reduce((best, c) => (c.score > best.score ? c : best)).e;
}
