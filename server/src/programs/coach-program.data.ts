/**
 * What the coach builds a program from (coach-program.rules.ts): the week's shape for each kind of
 * goal and number of days, the movement patterns each day trains, and the dose of its work by goal
 * (docs/product.md, Programs: built by the coach).
 */
import type { Difficulty, TrainingGoal, WorkoutType } from '../contract';
import type { MovementPattern } from '../workouts/catalogue/catalogue.types';

/** Days a week when neither the member nor the chat says: what the level recovers from. */
export const DEFAULT_DAYS_PER_WEEK: Record<Difficulty, number> = { beginner: 3, intermediate: 4, advanced: 4 };
export const DEFAULT_WEEKS = 8;
/** Every fourth week is lighter (as the catalogue's programs do). */
export const DELOAD_EVERY_WEEKS = 4;

/** ISO weekdays for each number of days: rest days spread between them. */
export const WEEKDAYS_FOR: Record<number, readonly number[]> = {
  2: [2, 5],
  3: [1, 3, 5],
  4: [1, 2, 4, 5],
  5: [1, 2, 3, 5, 6],
  6: [1, 2, 3, 4, 5, 6],
};

export interface DayTemplate {
  name: string;
  type: WorkoutType;
  /** The main work, one exercise per pattern (a pattern twice: two different exercises). */
  patterns: readonly MovementPattern[];
}

export type WeekShape = 'strength' | 'endurance' | 'mobility';

/** Which week a goal is trained with. */
export const SHAPE_OF_GOAL: Record<TrainingGoal, WeekShape> = {
  lose_fat: 'strength',
  build_muscle: 'strength',
  general_fitness: 'strength',
  endurance: 'endurance',
  mobility: 'mobility',
};

const FULL_A: DayTemplate = {
  name: 'Full Body A',
  type: 'strength',
  patterns: ['squat', 'push_horizontal', 'pull_horizontal', 'hinge', 'anti_extension'],
};
const FULL_B: DayTemplate = {
  name: 'Full Body B',
  type: 'strength',
  patterns: ['hinge', 'push_vertical', 'pull_vertical', 'lunge', 'carry'],
};
const FULL_C: DayTemplate = {
  name: 'Full Body C',
  type: 'strength',
  patterns: ['squat', 'push_horizontal', 'pull_horizontal', 'lunge', 'anti_rotation'],
};
const UPPER = (letter: string): DayTemplate => ({
  name: `Upper ${letter}`,
  type: 'strength',
  patterns: ['push_horizontal', 'pull_horizontal', 'push_vertical', 'pull_vertical', 'isolation_upper'],
});
const LOWER = (letter: string): DayTemplate => ({
  name: `Lower ${letter}`,
  type: 'strength',
  patterns: ['squat', 'hinge', 'lunge', 'isolation_lower', 'anti_extension'],
});
const PUSH = (letter = ''): DayTemplate => ({
  name: `Push${letter && ` ${letter}`}`,
  type: 'strength',
  patterns: ['push_horizontal', 'push_vertical', 'push_horizontal', 'isolation_upper'],
});
const PULL = (letter = ''): DayTemplate => ({
  name: `Pull${letter && ` ${letter}`}`,
  type: 'strength',
  patterns: ['pull_vertical', 'pull_horizontal', 'pull_horizontal', 'isolation_upper'],
});
const LEGS = (letter = ''): DayTemplate => ({
  name: `Legs${letter && ` ${letter}`}`,
  type: 'strength',
  patterns: ['squat', 'hinge', 'lunge', 'isolation_lower'],
});

const EASY_RUN = (n = ''): DayTemplate => ({
  name: `Easy Cardio${n && ` ${n}`}`,
  type: 'cardio',
  patterns: ['cyclical'],
});
const LONG_RUN: DayTemplate = { name: 'Long Cardio', type: 'cardio', patterns: ['cyclical'] };
const RUNNER_STRENGTH = (n = ''): DayTemplate => ({
  name: `Strength for Endurance${n && ` ${n}`}`,
  type: 'strength',
  patterns: ['lunge', 'hinge', 'anti_extension', 'balance'],
});
const MOBILITY = (letter: string): DayTemplate => ({
  name: `Mobility ${letter}`,
  type: 'yoga',
  patterns: ['mobility', 'mobility', 'stretch', 'pose', 'balance', 'breathing'],
});

/** Where a day's pattern has no exercise the member may do, the nearest ones, tried first. */
export const SUBSTITUTE_PATTERNS: Partial<Record<MovementPattern, readonly MovementPattern[]>> = {
  push_vertical: ['push_horizontal'],
  pull_vertical: ['pull_horizontal'],
  push_horizontal: ['push_vertical'],
  pull_horizontal: ['pull_vertical'],
  squat: ['lunge', 'isolation_lower'],
  lunge: ['squat', 'isolation_lower'],
  hinge: ['isolation_lower'],
  carry: ['anti_rotation', 'anti_extension'],
  isolation_upper: ['push_horizontal', 'pull_horizontal'],
};

/**
 * Patterns that fill a day whose own found too few exercises the member may do (no pulling without
 * a bar, no pressing overhead with a bad shoulder): tried in order until the day has as many as it planned.
 */
export const FILL_PATTERNS: Partial<Record<WorkoutType, readonly MovementPattern[]>> = {
  strength: [
    'anti_extension',
    'anti_rotation',
    'isolation_lower',
    'hinge',
    'squat',
    'lunge',
    'push_horizontal',
    'isolation_upper',
    'flexion',
    'rotation',
    'carry',
    'balance',
  ],
  yoga: ['pose', 'stretch', 'mobility', 'balance', 'breathing'],
};

/** The week's days in order, by shape and number of days. */
export const WEEKS: Record<WeekShape, Record<number, { split: string; days: readonly DayTemplate[] }>> = {
  strength: {
    2: { split: 'Full Body', days: [FULL_A, FULL_B] },
    3: { split: 'Full Body', days: [FULL_A, FULL_B, FULL_C] },
    4: { split: 'Upper/Lower', days: [UPPER('A'), LOWER('A'), UPPER('B'), LOWER('B')] },
    5: { split: 'Push/Pull/Legs + Upper/Lower', days: [PUSH(), PULL(), LEGS(), UPPER('A'), LOWER('A')] },
    6: { split: 'Push/Pull/Legs', days: [PUSH('A'), PULL('A'), LEGS('A'), PUSH('B'), PULL('B'), LEGS('B')] },
  },
  endurance: {
    2: { split: 'Endurance', days: [EASY_RUN(), LONG_RUN] },
    3: { split: 'Endurance', days: [EASY_RUN(), RUNNER_STRENGTH(), LONG_RUN] },
    4: { split: 'Endurance', days: [EASY_RUN('1'), RUNNER_STRENGTH(), EASY_RUN('2'), LONG_RUN] },
    5: {
      split: 'Endurance',
      days: [EASY_RUN('1'), RUNNER_STRENGTH('1'), EASY_RUN('2'), RUNNER_STRENGTH('2'), LONG_RUN],
    },
    6: {
      split: 'Endurance',
      days: [EASY_RUN('1'), RUNNER_STRENGTH('1'), EASY_RUN('2'), EASY_RUN('3'), RUNNER_STRENGTH('2'), LONG_RUN],
    },
  },
  mobility: {
    2: { split: 'Mobility', days: [MOBILITY('A'), MOBILITY('B')] },
    3: { split: 'Mobility', days: [MOBILITY('A'), MOBILITY('B'), MOBILITY('C')] },
    4: { split: 'Mobility', days: [MOBILITY('A'), MOBILITY('B'), MOBILITY('C'), MOBILITY('D')] },
    5: { split: 'Mobility', days: ['A', 'B', 'C', 'D', 'E'].map(MOBILITY) },
    6: { split: 'Mobility', days: ['A', 'B', 'C', 'D', 'E', 'F'].map(MOBILITY) },
  },
};

/** Loaded and bodyweight work by goal: sets, the rep range double progression climbs, rest. */
export const WORK_BY_GOAL: Record<TrainingGoal, { sets: number; repsMin: number; repsMax: number; rest: number }> = {
  build_muscle: { sets: 3, repsMin: 8, repsMax: 12, rest: 90 },
  lose_fat: { sets: 3, repsMin: 10, repsMax: 15, rest: 60 },
  general_fitness: { sets: 3, repsMin: 8, repsMax: 12, rest: 75 },
  endurance: { sets: 2, repsMin: 12, repsMax: 15, rest: 60 },
  mobility: { sets: 2, repsMin: 8, repsMax: 12, rest: 45 },
};

/** Holds and poses: seconds, growing each week up to a ceiling. */
export const HOLD = { seconds: 30, addPerWeek: 5, max: 60, rest: 45 } as const;
export const POSE = { seconds: 45, addPerWeek: 5, max: 90, rest: 15 } as const;
/** Cardio blocks: the easy day grows 2 minutes a week, the long day 4 (the 10 % rule, about). */
export const CARDIO = {
  easy: { seconds: 20 * 60, addPerWeek: 120, max: 40 * 60 },
  long: { seconds: 30 * 60, addPerWeek: 240, max: 70 * 60 },
} as const;
