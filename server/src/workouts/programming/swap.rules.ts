/**
 * SWAP: one exercise of a workout replaced by an equivalent — the same movement pattern working a
 * prime mover of the original, with any equipment at hand (the same equipment preferred), for the
 * same block (a steady ride stays steady, sprints stay rounds), loading no limitation, at the user's
 * level, not already in the workout — keeping the dose's shape (sets, rest, timed or counted).
 */
import { createHash } from 'node:crypto';

import type { ExerciseView, WorkoutType } from '../../contract';
import { DIFFICULTIES } from '../../contract';
import { CATALOGUE } from '../catalogue';
import type { CatalogueExercise } from '../catalogue/catalogue.types';
import { reshapeDose } from './dose.rules';
import { allowedFor, Constraints, isCyclical, suitsBlock, takesPace } from './eligibility.rules';
import { plannedExercise } from './session.rules';

export interface SwapContext extends Constraints {
  type: WorkoutType;
  /** Varies the choice between workouts (the workout's id): the same swap of the same workout gives the same exercise. */
  seed: string;
}

export type SwapResult =
  { kind: 'swapped'; index: number; exercise: ExerciseView } | { kind: 'unknown_exercise' } | { kind: 'no_equivalent' };

/** The workout's exercise `exerciseId` replaced by its best equivalent, or why it cannot be. */
export function swapExercise(
  exercises: readonly ExerciseView[],
  exerciseId: string,
  context: SwapContext,
  catalogue: readonly CatalogueExercise[] = CATALOGUE,
): SwapResult {
  const index = exercises.findIndex((e) => e.id === exerciseId);
  if (index < 0) return { kind: 'unknown_exercise' };
  const current = exercises[index];
  const original = catalogue.find((e) => e.id === current.catalogueId);
  // Workouts from before the catalogue have neither an entry nor a dose to carry over.
  if (!original || !current.dose) return { kind: 'no_equivalent' };
  const inWorkout = new Set(exercises.map((e) => e.catalogueId));
  const sameTraining = (e: CatalogueExercise) =>
    original.types.includes(context.type)
      ? e.types.includes(context.type)
      : e.types.some((t) => original.types.includes(t));
  const sameEquipment = (e: CatalogueExercise) =>
    e.equipment.length === original.equipment.length && e.equipment.every((item) => original.equipment.includes(item));
  const sharedMuscles = (e: CatalogueExercise) => e.primary.filter((m) => original.primary.includes(m)).length;
  const pace = current.dose.sets === 1 ? 'steady' : 'intervals';
  const samePace = (e: CatalogueExercise) => !isCyclical(e) || takesPace(e, pace);
  const candidates = catalogue.filter(
    (e) =>
      e.pattern === original.pattern &&
      sharedMuscles(e) > 0 &&
      samePace(e) &&
      !inWorkout.has(e.id) &&
      allowedFor(e, context) &&
      suitsBlock(e, current.phase, context.type) &&
      sameTraining(e),
  );
  if (!candidates.length) return { kind: 'no_equivalent' };
  const likeness = (e: CatalogueExercise) => {
    const levelGap = Math.abs(DIFFICULTIES.indexOf(e.level) - DIFFICULTIES.indexOf(original.level));
    const tieBreak =
      createHash('sha1').update(`${context.seed}|${current.id}|${e.id}`).digest().readUInt32BE(0) / 2 ** 32;
    // Loaded work stays loaded where it can: the same equipment first, then any other weight at hand.
    const equipmentLike = sameEquipment(e) ? 6 : e.equipment.length > 0 === original.equipment.length > 0 ? 3 : 0;
    return (
      5 * sharedMuscles(e) +
      equipmentLike +
      (e.primary[0] === original.primary[0] ? 4 : 0) +
      (e.unilateral === original.unilateral ? 3 : 0) +
      (e.dosing === original.dosing ? 3 : 0) -
      2 * levelGap +
      tieBreak
    );
  };
  const replacement = candidates.reduce((best, e) => (likeness(e) > likeness(best) ? e : best));
  const swapped = plannedExercise(replacement, current.phase, reshapeDose(current.dose, original, replacement));
  return { kind: 'swapped', index, exercise: { ...swapped, id: current.id } };
}
