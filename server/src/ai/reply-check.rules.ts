/**
 * A model's coach answer, checked before the member sees it: an exercise it names that loads a
 * stated limitation or that the health screening rules out is replaced by a correction naming the
 * closest allowed exercise of the same movement (docs/product.md, Coach and workout plans).
 */
import type { CoachProfile, ScreeningLimits } from '../contract/job-shapes';
import { EQUIPMENT } from '../contract/values';
import { CatalogueExercise, findExercisesNamed } from '../workouts/catalogue';
import type { Limitation } from '../workouts/catalogue/catalogue.types';
import { allowedFor } from '../workouts/programming/eligibility.rules';
import { LIMITATION_ADVICE } from './local/coach-advice';
import { listed } from './local/coach-common.rules';
import { closestAllowed } from './local/coach-training.rules';

/** What the answer must keep to: the member's limitations (profile and chat) and screening, over their profile. */
export interface ReplyLimits {
  profile: CoachProfile;
  limitations: Limitation[];
  screening?: ScreeningLimits;
}

export interface CheckedReply {
  text: string;
  /** Catalogue ids the answer named that the member may not do, in order of mention. */
  ruledOut: string[];
  /** Every sentence of the answer named one: nothing of the model's own is left to show. */
  nothingLeft: boolean;
}

/** Sentences with their closing punctuation, split in one pass; a decimal point ("12.5 kg") ends none. */
function sentencesOf(text: string): string[] {
  return (
    text
      .match(/(?:[^.!?\n]|\.(?=\d))+(?:[.!?]+|\n+|$)/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? []
  );
}

/** Safety only: level and equipment are the member's to judge, so a question about a barbell lift is still answered. */
function safeFor(exercise: CatalogueExercise, limits: ReplyLimits): boolean {
  return allowedFor(exercise, {
    difficulty: 'advanced',
    equipment: EQUIPMENT,
    limitations: limits.limitations,
    screening: limits.screening,
  });
}

/** Why the member may not do it, in the words the screening's own notes use. */
function whyNot(exercise: CatalogueExercise, limits: ReplyLimits): string {
  const loaded = exercise.loads.filter((l) => limits.limitations.includes(l));
  if (loaded.length) return `it loads your ${listed(loaded.map((l) => LIMITATION_ADVICE[l].label))}`;
  const screening = limits.screening;
  if (screening?.noSupine && exercise.lying === 'supine') return 'it is done lying on your back';
  if (screening?.noProne && exercise.lying === 'prone') return 'it is done lying on your belly';
  if (screening?.noHighImpact && (exercise.impact === 'high' || exercise.pattern === 'plyometric')) return 'it jumps';
  if (screening?.noAllOut && exercise.allOut) return 'it is an all-out effort';
  return 'it is harder than your health screening allows';
}

function correction(exercise: CatalogueExercise, limits: ReplyLimits): string {
  const why = whyNot(exercise, limits);
  const alternative = closestAllowed(exercise, {
    ...limits.profile,
    limitations: limits.limitations,
    screening: limits.screening,
  });
  if (alternative)
    return `Not ${exercise.name} for you (${why}): ${alternative.name} trains the same movement instead.`;
  const loaded = exercise.loads.find((l) => limits.limitations.includes(l));
  return loaded
    ? `Not ${exercise.name} for you (${why}); instead: ${LIMITATION_ADVICE[loaded].instead}.`
    : `Not ${exercise.name} for you (${why}); ask me for a session and I will shape it around your screening.`;
}

/** The answer with every sentence that names a ruled-out exercise replaced by its correction (each said once). */
export function checkCoachReply(reply: string, limits: ReplyLimits): CheckedReply {
  const ruledOut: string[] = [];
  let kept = 0;
  const text = sentencesOf(reply)
    .map((sentence) => {
      const banned = findExercisesNamed(sentence).filter((exercise) => !safeFor(exercise, limits));
      if (!banned.length) {
        kept++;
        return sentence;
      }
      const fresh = banned.filter((exercise) => !ruledOut.includes(exercise.id));
      ruledOut.push(...fresh.map((exercise) => exercise.id));
      return fresh.map((exercise) => correction(exercise, limits)).join(' ');
    })
    .filter(Boolean)
    .join(' ');
  return ruledOut.length ? { text, ruledOut, nothingLeft: kept === 0 } : { text: reply, ruledOut, nothingLeft: false };
}
