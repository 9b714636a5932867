/**
 * Progression from the log (docs/product.md, Progression): double progression for loaded sets in a
 * rep range, a deload after repeated misses, 5/3/1 waves on a training max read from the log, and
 * weekly growth for unloaded work. Pure: the service reads the log and hands in work sets.
 */
import { epley1rm } from '../contract/values';
import type { Equipment } from '../workouts/catalogue/catalogue.types';

/** One work set as progression reads it (warm-ups left out). */
export interface WorkSet {
  reps: number;
  /** Absent or 0: bodyweight. */
  loadKg?: number;
}

/** One session's work sets of one exercise, newest session first in a history. */
export interface ExerciseSession {
  sessionId: string;
  performedAt: Date;
  sets: WorkSet[];
  /** A planned deload (a program's light week): it neither counts as a miss nor sets the working load. */
  deload?: boolean;
}

/** The smallest load change each kind of equipment allows: two 1.25 kg plates, the next dumbbell pair, a stack pin, the next bell. */
export const LOAD_STEP_KG: Partial<Record<Equipment, number>> = {
  barbell_rack: 2.5,
  machines: 5,
  dumbbells: 2,
  kettlebell: 4,
};

/** Two sessions in a row that fall short of the last at the same load bring a deload. */
export const DELOAD_AFTER_MISSES = 2;
/** A deload (after misses, or a program's light week) works at this share of the load. */
export const DELOAD_LOAD_SHARE = 0.9;

/** The step of the loaded equipment an exercise uses, or null for unloaded work (bodyweight, bands). */
export function loadStep(equipment: readonly Equipment[]): number | null {
  for (const kind of ['barbell_rack', 'machines', 'dumbbells', 'kettlebell'] as const)
    if (equipment.includes(kind)) return LOAD_STEP_KG[kind]!;
  return null;
}

/** `kg` down to a whole number of steps (a plate pair, a dumbbell); 0 stays 0. */
export function roundDownToStep(kg: number, step: number): number {
  return Math.max(0, Math.floor(kg / step + 1e-9) * step);
}

export type ProgressionReason = 'start' | 'reps_up' | 'load_up' | 'repeat' | 'deload' | 'top_of_range';

export interface Progression {
  reps: number;
  /** The load to use; absent when the log holds none yet (the member picks one) or the work is unloaded. */
  loadKg?: number;
  reason: ProgressionReason;
  /** Sessions in a row that fell short, newest first. */
  misses: number;
}

/** The heaviest load of a session's work sets, and the reps of the sets done at it. */
function atTopLoad(session: ExerciseSession): { loadKg: number; reps: number[] } {
  const loadKg = Math.max(0, ...session.sets.map((s) => s.loadKg ?? 0));
  return { loadKg, reps: session.sets.filter((s) => (s.loadKg ?? 0) === loadKg).map((s) => s.reps) };
}

/**
 * Sessions in a row, newest first, that fell short: below the range's bottom, or no more reps than
 * the session before at the same load. A load change ends the count (a rise is progress; a drop is
 * a fresh start after a deload); a planned deload is passed over.
 */
export function consecutiveMisses(history: readonly ExerciseSession[], repsMin: number): number {
  const sessions = history.filter((s) => !s.deload && s.sets.length);
  let misses = 0;
  for (let i = 0; i < sessions.length; i++) {
    const now = atTopLoad(sessions[i]);
    const below = Math.min(...now.reps) < repsMin;
    const before = sessions[i + 1] && atTopLoad(sessions[i + 1]);
    if (before && before.loadKg !== now.loadKg) return below ? misses + 1 : misses;
    const total = now.reps.reduce((a, b) => a + b, 0);
    const stalled = before ? total <= before.reps.reduce((a, b) => a + b, 0) : false;
    if (!below && !stalled) return misses;
    misses++;
  }
  return misses;
}

/**
 * Double progression: with every prescribed set at the top of the range, the load goes up by the
 * smallest step and the reps back to the bottom; otherwise one more rep than the weakest set (within
 * the range) at the same load; after DELOAD_AFTER_MISSES misses in a row, DELOAD_LOAD_SHARE of the
 * load at the bottom of the range. `step` null: unloaded work, held at the top once reached.
 */
export function doubleProgression(
  history: readonly ExerciseSession[],
  slot: { sets: number; repsMin: number; repsMax: number },
  step: number | null,
): Progression {
  const last = history.find((s) => !s.deload && s.sets.length);
  if (!last) return { reps: slot.repsMin, reason: 'start', misses: 0 };
  const { loadKg, reps } = atTopLoad(last);
  const load = loadKg > 0 ? { loadKg } : {};
  const misses = consecutiveMisses(history, slot.repsMin);
  if (misses >= DELOAD_AFTER_MISSES && step !== null && loadKg > 0)
    return { reps: slot.repsMin, loadKg: roundDownToStep(loadKg * DELOAD_LOAD_SHARE, step), reason: 'deload', misses };
  const topped = reps.length >= slot.sets && reps.every((r) => r >= slot.repsMax);
  if (topped && step !== null) return { reps: slot.repsMin, loadKg: loadKg + step, reason: 'load_up', misses };
  if (topped) return { reps: slot.repsMax, ...load, reason: 'top_of_range', misses };
  const weakest = Math.min(...reps);
  const target = Math.min(slot.repsMax, Math.max(slot.repsMin, weakest + 1));
  return { reps: target, ...load, reason: misses ? 'repeat' : 'reps_up', misses };
}

/** A program's planned light week: half the sets (rounded up) at DELOAD_LOAD_SHARE of the load. */
export function plannedDeload(progression: Progression, sets: number, step: number | null) {
  const loadKg =
    progression.loadKg !== undefined && step !== null
      ? { loadKg: roundDownToStep(progression.loadKg * DELOAD_LOAD_SHARE, step) }
      : {};
  return { sets: Math.ceil(sets / 2), reps: progression.reps, ...loadKg };
}

/** 5/3/1 waves: the week's three sets as shares of the training max, the last one as many reps as possible (but the light week's). */
export const WAVES = [
  { shares: [0.65, 0.75, 0.85], reps: [5, 5, 5] },
  { shares: [0.7, 0.8, 0.9], reps: [3, 3, 3] },
  { shares: [0.75, 0.85, 0.95], reps: [5, 3, 1] },
  { shares: [0.4, 0.5, 0.6], reps: [5, 5, 5] },
] as const;
/** The training max is this share of the best estimated 1RM (Epley) of the last sessions. */
export const TRAINING_MAX_SHARE = 0.9;
/** How many recent sessions the training max is read from. */
export const TRAINING_MAX_SESSIONS = 3;

export interface WaveSet {
  reps: number;
  /** The share of the training max. */
  share: number;
  loadKg?: number;
  /** As many good reps as possible, at least `reps`. */
  amrap: boolean;
}

/** The training max from the best e1RM of the last TRAINING_MAX_SESSIONS sessions, rounded down to the step; null with no loaded set. */
export function trainingMax(history: readonly ExerciseSession[], step: number): number | null {
  const best = Math.max(
    0,
    ...history
      .slice(0, TRAINING_MAX_SESSIONS)
      .flatMap((s) => s.sets.map((set) => epley1rm(set.loadKg ?? 0, set.reps) ?? 0)),
  );
  return best > 0 ? roundDownToStep(best * TRAINING_MAX_SHARE, step) : null;
}

/** A wave week's sets (`week` 1-based; the fourth week of each wave is the light one). */
export function waveSets(week: number, max: number | null, step: number): WaveSet[] {
  const wave = WAVES[(week - 1) % WAVES.length];
  const light = (week - 1) % WAVES.length === 3;
  return wave.shares.map((share, i) => ({
    reps: wave.reps[i],
    share,
    ...(max !== null ? { loadKg: roundDownToStep(max * share, step) } : {}),
    amrap: !light && i === wave.shares.length - 1,
  }));
}

/** Unloaded work that grows each week: `start + addPerWeek × (week − 1)`, never past `max`. */
export function weeklyAmount(start: number, addPerWeek: number, max: number, week: number): number {
  return Math.min(max, start + addPerWeek * (week - 1));
}

/** What the adapter reads of a logged set (the training log's LoggedSetRecord fits it). */
export interface LoggedSetLike {
  sessionId: string;
  performedAt: Date;
  kind: string;
  warmup: boolean;
  reps?: number;
  loadKg?: number;
}

/**
 * The log's sets of one exercise (any order) as progression's history: work sets with reps, grouped
 * by session, newest session first, each set in the order it was done; sessions in
 * `deloadSessions` marked as planned deloads.
 */
export function sessionsFromLog(
  sets: readonly LoggedSetLike[],
  deloadSessions: ReadonlySet<string>,
): ExerciseSession[] {
  const bySession = new Map<string, LoggedSetLike[]>();
  for (const set of sets) {
    if (set.warmup || set.kind !== 'reps' || !set.reps) continue;
    bySession.set(set.sessionId, [...(bySession.get(set.sessionId) ?? []), set]);
  }
  return [...bySession]
    .map(([sessionId, rows]) => {
      const ordered = [...rows].sort((a, b) => a.performedAt.getTime() - b.performedAt.getTime());
      return {
        sessionId,
        performedAt: ordered[ordered.length - 1].performedAt,
        sets: ordered.map((s) => ({ reps: s.reps!, ...(s.loadKg ? { loadKg: s.loadKg } : {}) })),
        ...(deloadSessions.has(sessionId) ? { deload: true } : {}),
      };
    })
    .sort((a, b) => b.performedAt.getTime() - a.performedAt.getTime());
}
