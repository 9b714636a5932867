/**
 * Which catalogue exercises a user may be given: their level or below, only the equipment at hand,
 * nothing that loads a limitation, nothing their health screening rules out; and which suit a block of a session (no jumping in yoga, nothing
 * high-impact to warm up with, calm moves to cool down).
 */
import type { Difficulty, ExercisePhase, MuscleGroup, WorkoutType } from '../../contract';
import { DIFFICULTIES } from '../../contract';
import type { ScreeningLimits } from '../../contract/job-shapes';
import type { CatalogueExercise, Equipment, Limitation, MovementPattern, Pace } from '../catalogue/catalogue.types';
import { MUSCLE_GROUP_OF } from '../catalogue/catalogue.types';
import { screeningAllows } from '../screening/screening.rules';

const CONDITIONING: readonly MovementPattern[] = ['cyclical', 'locomotion', 'plyometric'];
const MOBILITY: readonly MovementPattern[] = ['mobility', 'stretch', 'pose', 'breathing'];

export interface Constraints {
  difficulty: Difficulty;
  equipment: readonly Equipment[];
  limitations: readonly Limitation[];
  /** What the health screening rules out (docs/product.md, Health screening); absent: nothing. */
  screening?: ScreeningLimits;
}

/** At or below the level, with the equipment at hand (bodyweight always), loading no limitation, within the screening's limits. */
export function allowedFor(exercise: CatalogueExercise, constraints: Constraints): boolean {
  return (
    DIFFICULTIES.indexOf(exercise.level) <= DIFFICULTIES.indexOf(constraints.difficulty) &&
    exercise.equipment.every((item) => constraints.equipment.includes(item)) &&
    !exercise.loads.some((joint) => constraints.limitations.includes(joint)) &&
    screeningAllows(exercise, constraints.screening)
  );
}

/**
 * The limitations these exercises provably spare: each is a catalogue entry and none lists the
 * limitation among its loads. A plan says "nothing that loads X" only for these.
 */
export function sparedLimitations(
  exercises: ReadonlyArray<Pick<CatalogueExercise, 'loads'> | undefined>,
  limitations: readonly Limitation[],
): Limitation[] {
  if (exercises.some((exercise) => !exercise)) return [];
  return limitations.filter((limitation) => exercises.every((exercise) => !exercise!.loads.includes(limitation)));
}

/** Suits this block of a session of `type`: yoga stays low-impact throughout, warm-ups never jump hard, cool-downs are calm. */
export function suitsBlock(exercise: CatalogueExercise, phase: ExercisePhase, type: WorkoutType): boolean {
  if (!exercise.phases.includes(phase)) return false;
  if (type === 'yoga' && exercise.impact !== 'low') return false;
  // Stretches and breathing are the main work of yoga only; elsewhere they belong to the bookends.
  if (phase === 'main' && type !== 'yoga' && MOBILITY.includes(exercise.pattern)) return false;
  if (phase === 'warmup') return exercise.impact !== 'high';
  if (phase === 'cooldown') return exercise.impact === 'low';
  return true;
}

/** Rides, rows and runs: the work that can go on steadily for minutes. */
export const isCyclical = (exercise: Pick<CatalogueExercise, 'pattern'>) => exercise.pattern === 'cyclical';

/** Can this cyclical work be done at `pace`: a steady block, or hard/easy rounds? A sprint is never a steady block. */
export const takesPace = (exercise: Pick<CatalogueExercise, 'pace'>, pace: Exclude<Pace, 'either'>) =>
  exercise.pace === pace || exercise.pace === 'either';

/** The muscle groups a session records as worked (recovery reads them), with cardio and mobility tags. */
export function exerciseGroups(exercise: CatalogueExercise): MuscleGroup[] {
  const groups = new Set<MuscleGroup>(exercise.primary.map((muscle) => MUSCLE_GROUP_OF[muscle]));
  if (CONDITIONING.includes(exercise.pattern)) groups.add('cardio');
  if (MOBILITY.includes(exercise.pattern)) groups.add('mobility');
  if (!groups.size) groups.add('full_body');
  return [...groups];
}

/** Does it work any of these body parts as a prime mover? (Effort tags such as cardio name no muscle.) */
export function trainsAny(exercise: CatalogueExercise, groups: readonly MuscleGroup[]): boolean {
  return exercise.primary.some((muscle) => groups.includes(MUSCLE_GROUP_OF[muscle]));
}
