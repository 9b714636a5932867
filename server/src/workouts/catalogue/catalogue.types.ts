/**
 * The exercise catalogue's shape: data the project owns, one typed entry per exercise, in
 * the data files beside this one. The generator, SWAP and the coach's form cues all read it.
 */
import type { Difficulty, ExercisePhase, MuscleGroup, WorkoutType } from '../../contract';
import type { EQUIPMENT, LIMITATIONS, MUSCLES } from '../../contract/values';

export type Equipment = (typeof EQUIPMENT)[number];
export type Limitation = (typeof LIMITATIONS)[number];

export type Muscle = (typeof MUSCLES)[number];

export const MUSCLE_GROUP_OF: Record<Muscle, MuscleGroup> = {
  chest: 'chest',
  lats: 'back',
  upper_back: 'back',
  lower_back: 'back',
  front_delts: 'shoulders',
  side_delts: 'shoulders',
  rear_delts: 'shoulders',
  biceps: 'arms',
  triceps: 'arms',
  forearms: 'arms',
  abs: 'core',
  obliques: 'core',
  hip_flexors: 'core',
  glutes: 'glutes',
  quads: 'legs',
  hamstrings: 'legs',
  adductors: 'legs',
  calves: 'legs',
  neck: 'shoulders',
};

/** The movement an exercise trains; SWAP keeps the pattern (and the equipment). */
export const MOVEMENT_PATTERNS = [
  'squat',
  'hinge',
  'lunge',
  'push_horizontal',
  'push_vertical',
  'pull_horizontal',
  'pull_vertical',
  'carry',
  'anti_extension',
  'anti_rotation',
  'rotation',
  'flexion',
  'isolation_upper',
  'isolation_lower',
  'locomotion',
  'plyometric',
  'cyclical',
  'mobility',
  'stretch',
  'balance',
  'pose',
  'breathing',
] as const;
export type MovementPattern = (typeof MOVEMENT_PATTERNS)[number];

export type Impact = 'low' | 'moderate' | 'high';

/** How a trainer doses it: repetitions, time (holds, intervals, steady work) or distance. */
export type Dosing = 'reps' | 'time' | 'distance';

/** How cyclical work is done: minutes at one pace, hard/easy rounds (a sprint is never a steady block), or either. */
export type Pace = 'steady' | 'intervals' | 'either';

export interface CatalogueExercise {
  /** Stable kebab-case id; stored in workouts, never reused for another exercise. */
  id: string;
  name: string;
  /** Other names people use for it ("squat", "RDL"); findExerciseByName matches these as well as the name. */
  aliases?: string[];
  /** One or two sentences on what it is, in the project's own words. */
  description: string;
  /** Two to four short form cues ("Knees track over the toes"). */
  cues: string[];
  primary: Muscle[];
  secondary: Muscle[];
  /** Everything needed beyond the floor and a mat; [] is bodyweight. */
  equipment: Equipment[];
  pattern: MovementPattern;
  impact: Impact;
  /** Joints and regions it puts load on: never given to a user with that limitation. */
  loads: Limitation[];
  /** Done lying on the back or on the belly: left out of a pregnancy past its first trimester (docs/product.md, Health screening). */
  lying?: 'supine' | 'prone';
  /** Done at all-out effort (sprints, maximal jumps, explosive lifts): left out where maximal efforts are. */
  allOut?: true;
  /** Done one side at a time: dosed "each side". */
  unilateral: boolean;
  /** The lowest level it is taught at. */
  level: Difficulty;
  types: WorkoutType[];
  /** The blocks of a session it may appear in. */
  phases: ExercisePhase[];
  dosing: Dosing;
  /** Cyclical entries only (rides, rows, runs): the pace it is done at. */
  pace?: Pace;
}
