/**
 * The programs catalogue's shape: multi-week plans the project owns as data, one file per program
 * beside this one. Every slot names a catalogue exercise; the rules in ../*.rules.ts turn a slot,
 * the week and the member's log into the session's dose (docs/product.md, Programs).
 */
import type { Difficulty, ExercisePhase, TrainingGoal, WorkoutType } from '../../contract';

/**
 * How a slot's dose moves from week to week.
 * - `double`: loaded reps in a range; the log decides (reps up to the top, then the load up by the
 *   equipment's smallest step; repeated misses deload).
 * - `wave`: 5/3/1 waves of a training max read from the log's best estimated 1RM.
 * - `reps` / `time` / `distance`: unloaded work growing by `addPerWeek` up to `max`.
 * - `weeks`: an explicit dose per week (a run-walk plan), `[week - 1]`.
 */
export type SlotTarget =
  | { kind: 'double'; repsMin: number; repsMax: number }
  | { kind: 'wave' }
  | { kind: 'reps'; reps: number; addPerWeek: number; max: number }
  | { kind: 'time'; seconds: number; addPerWeek: number; max: number }
  | { kind: 'distance'; meters: number; addPerWeek: number; max: number }
  | { kind: 'weeks'; weeks: ReadonlyArray<{ sets: number; workSeconds: number; restSeconds: number }> };

export interface ProgramSlot {
  /** A catalogue exercise id (server/src/workouts/catalogue). */
  exercise: string;
  phase: ExercisePhase;
  sets: number;
  restSeconds: number;
  target: SlotTarget;
}

export interface ProgramDay {
  /** "Upper A", "Run 2". */
  name: string;
  type: WorkoutType;
  slots: readonly ProgramSlot[];
}

export interface Program {
  /** Stable kebab-case id; stored on enrolments, never reused. */
  id: string;
  name: string;
  /** Two or three sentences: who it is for and how it progresses. */
  summary: string;
  goal: TrainingGoal;
  level: Difficulty;
  weeks: number;
  /** Weeks (1-based) that are deloads: half the sets, 90 % of the load, the wave's light week. */
  deloadWeeks: readonly number[];
  /** ISO weekdays (1 Monday … 7 Sunday) its days are planned on, one per day of `days`. */
  weekdays: readonly number[];
  /** One week's sessions, in order; every week repeats them with its progression. */
  days: readonly ProgramDay[];
}
