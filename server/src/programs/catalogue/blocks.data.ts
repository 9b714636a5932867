/** Warm-ups and cool-downs the programs share, so each program file lists only its main work. */
import type { ProgramSlot } from './program.types';

const warm = (exercise: string, seconds: number): ProgramSlot => ({
  exercise,
  phase: 'warmup',
  sets: 1,
  restSeconds: 0,
  target: { kind: 'time', seconds, addPerWeek: 0, max: seconds },
});
const cool = (exercise: string, seconds: number): ProgramSlot => ({ ...warm(exercise, seconds), phase: 'cooldown' });

export const LIFTING_WARMUP: readonly ProgramSlot[] = [
  warm('march-in-place', 120),
  warm('arm-circles', 45),
  warm('hip-circles', 45),
  warm('cat-cow', 60),
];
export const LIFTING_COOLDOWN: readonly ProgramSlot[] = [
  cool('seated-hamstring-stretch', 60),
  cool('doorway-chest-stretch', 45),
  cool('belly-breathing', 60),
];
export const RUN_WARMUP: readonly ProgramSlot[] = [warm('brisk-walk', 300), warm('leg-swings', 30)];
export const RUN_COOLDOWN: readonly ProgramSlot[] = [
  cool('easy-walk-cooldown', 300),
  cool('wall-calf-stretch', 45),
  cool('standing-quad-stretch', 45),
];

/** Loaded sets in a rep range, progressed from the log (double progression). */
export const lift = (exercise: string, sets: number, repsMin: number, repsMax: number, restSeconds: number) =>
  ({ exercise, phase: 'main', sets, restSeconds, target: { kind: 'double', repsMin, repsMax } }) as const;

/** Unloaded reps, `addPerWeek` more each week up to `max`. */
export const reps = (exercise: string, sets: number, count: number, addPerWeek: number, max: number, rest: number) =>
  ({
    exercise,
    phase: 'main',
    sets,
    restSeconds: rest,
    target: { kind: 'reps', reps: count, addPerWeek, max },
  }) as const;

/** Timed work (a hold, a pose, a steady block), `addPerWeek` seconds longer each week up to `max`. */
export const timed = (exercise: string, sets: number, seconds: number, addPerWeek: number, max: number, rest: number) =>
  ({
    exercise,
    phase: 'main',
    sets,
    restSeconds: rest,
    target: { kind: 'time', seconds, addPerWeek, max },
  }) as const;

/** A 5/3/1 main lift: three work sets on the week's wave of the training max. */
export const wave = (exercise: string) =>
  ({ exercise, phase: 'main', sets: 3, restSeconds: 180, target: { kind: 'wave' } }) as const;
