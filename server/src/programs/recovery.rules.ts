/**
 * Muscle recovery estimated from logged volume (docs/product.md, Progression): every work set
 * tires the muscle groups it trains, and the fatigue halves every RECOVERY_HALF_LIFE_HOURS, so a
 * hard day recovers over two to three days and a light one by the next morning.
 */
import type { MuscleGroup } from '../contract';

/** Fatigue of one work set halves in this many hours. */
export const RECOVERY_HALF_LIFE_HOURS = 24;
/** Each fresh work set takes this many percent off a muscle group's recovery (ten hard sets: 0 %). */
export const PERCENT_PER_SET = 10;
/** A set at RPE 9 or harder tires as much as this many sets. */
export const HARD_SET_WEIGHT = 1.5;
/** Below this a muscle group is still recovering: the generator leaves it out. */
export const RECOVERED_PERCENT = 60;
/** Sets older than this no longer count (their fatigue is under 4 %). */
export const RECOVERY_LOOKBACK_HOURS = 120;
/** Tags that are no body part: never rested. */
const NOT_BODY_PARTS: readonly MuscleGroup[] = ['cardio', 'mobility', 'full_body'];

export interface RecoverySet {
  performedAt: Date;
  muscles: readonly MuscleGroup[];
  warmup: boolean;
  rpe?: number;
}

/** Each trained body part's recovery now, 0–100 (100: fresh); groups with no recent sets are left out (fully recovered). */
export function muscleRecovery(sets: readonly RecoverySet[], now: Date): Partial<Record<MuscleGroup, number>> {
  const fatigue = new Map<MuscleGroup, number>();
  for (const set of sets) {
    if (set.warmup) continue;
    const hours = (now.getTime() - set.performedAt.getTime()) / 3_600_000;
    if (hours < 0 || hours > RECOVERY_LOOKBACK_HOURS) continue;
    const weight =
      (set.rpe !== undefined && set.rpe >= 9 ? HARD_SET_WEIGHT : 1) * 0.5 ** (hours / RECOVERY_HALF_LIFE_HOURS);
    for (const group of new Set(set.muscles))
      if (!NOT_BODY_PARTS.includes(group)) fatigue.set(group, (fatigue.get(group) ?? 0) + weight);
  }
  return Object.fromEntries(
    [...fatigue].map(([group, load]) => [group, Math.max(0, Math.round(100 - load * PERCENT_PER_SET))]),
  );
}

/** The body parts still under RECOVERED_PERCENT, most tired first. */
export function recoveringMuscles(recovery: Partial<Record<MuscleGroup, number>>): MuscleGroup[] {
  return (Object.entries(recovery) as Array<[MuscleGroup, number]>)
    .filter(([, percent]) => percent < RECOVERED_PERCENT)
    .sort((a, b) => a[1] - b[1])
    .map(([group]) => group);
}
