/**
 * The training log's plain values and pure rules, shared by the server (records, plausibility) and
 * the client (prefill, the plate calculator). docs/product.md, Training log.
 */

/** What a logged set measures, from its exercise's dose: reps (and a load), a time, or a distance (and its time). */
export const LOGGED_SET_KINDS = ['reps', 'time', 'distance'] as const;

/** Effort as the Borg CR-10 reading lifters use (RPE), in half steps; below 6 a set is a warm-up. */
export const RPE_RANGE = { min: 6, max: 10, step: 0.5 } as const;

/** Where a logged set came from: logged in a session of the app, or brought in by an import (which earns nothing). */
export const LOGGED_SET_SOURCES = ['app', 'import'] as const;

/** The records a set can set for its exercise; warm-up sets set none. */
export const PERSONAL_RECORD_KINDS = ['heaviest', 'most_reps', 'best_e1rm', 'best_volume', 'fastest'] as const;

/** One history page: the newest sets of an exercise, newest first; `before` pages further back. */
export const HISTORY_PAGE_SIZE = 100;
/** The weeks the progress page charts (e1RM per exercise, volume per muscle group). */
export const PROGRESS_WEEKS = 12;
/** Exercises charted on the progress page: the ones with the most logged work sets in those weeks. */
export const PROGRESS_EXERCISES = 6;
/** The sets one session may hold (every exercise, warm-ups included): a bound on every session read. */
export const SESSION_SETS_MAX = 200;
/** Set changes one sync request carries: the outbox sends what waits in batches of up to this many. */
export const SET_CHANGES_MAX = 100;

/** A client-made id that names one logged set for good (a UUID or alike): re-sending it counts once. */
export const SET_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Estimated one-rep max (Epley, 1985): load × (1 + reps / 30); a single is its own max. Past 12 reps
 * the estimate is poor, so none is given (null), nor for a set without load.
 */
export const E1RM_MAX_REPS = 12;
export function epley1rm(loadKg: number, reps: number): number | null {
  if (!(loadKg > 0) || reps < 1 || reps > E1RM_MAX_REPS) return null;
  if (reps === 1) return loadKg;
  return round2(loadKg * (1 + reps / 30));
}

/** A set's volume (tonnage): load × reps, 0 without load. */
export function setVolume(loadKg: number | undefined, reps: number | undefined): number {
  return loadKg && reps ? round2(loadKg * reps) : 0;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Plates a gym stocks, heaviest first, in kg and in lb (each side of the bar). */
export const PLATES_KG = [25, 20, 15, 10, 5, 2.5, 1.25] as const;
export const PLATES_LB = [45, 35, 25, 10, 5, 2.5] as const;
/** The bar a barbell load is on: the men's Olympic bar (20 kg), or 45 lb to an imperial reader. */
export const BAR_KG = 20;
export const BAR_LB = 45;

export interface PlateLoading {
  /** Plates on each side, heaviest first (the reader's unit). */
  perSide: number[];
  /** The load those plates and the bar make (≤ the target; equal when it could be made exactly). */
  achieved: number;
  /** target − achieved: what no plate set could make (0 when exact). */
  remainder: number;
}

/**
 * The plates per side for a barbell `target` (both in the reader's unit), greedily heaviest first,
 * which is exact for the standard plate sets; a target at or under the bar loads nothing.
 */
export function platesFor(target: number, bar: number, plates: readonly number[]): PlateLoading {
  const perSide: number[] = [];
  // Work in hundredths so 1.25 and 2.5 add up without float drift.
  let side = Math.floor(Math.round((target - bar) * 100) / 2);
  for (const plate of plates) {
    const cents = Math.round(plate * 100);
    while (side >= cents) {
      perSide.push(plate);
      side -= cents;
    }
  }
  const achieved = target <= bar ? bar : bar + (2 * perSide.reduce((sum, p) => sum + Math.round(p * 100), 0)) / 100;
  return { perSide, achieved, remainder: Math.max(0, round2(target - achieved)) };
}
