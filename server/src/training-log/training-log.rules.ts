/** Pure rules of the training log: what a set must hold, what it ranks by, the records it sets, and the progress charts. */
import {
  epley1rm,
  type ErrorCode,
  formatSeconds,
  type LoggedSetKind,
  massText,
  type MuscleGroup,
  type PersonalRecordKind,
  type SetMeasures,
  setVolume,
  type UNIT_SYSTEMS,
} from '../contract';
import type { Equipment } from '../workouts/catalogue/catalogue.types';
import type { SetRank } from './logged-set.schema';
import { BOUNDS_BY_EQUIPMENT, BOUNDS_BY_EXERCISE, DEFAULT_BOUNDS, type SetBounds } from './set-bounds.data';

type Units = (typeof UNIT_SYSTEMS)[number];

export interface SetRefusal {
  code: Extract<ErrorCode, 'LOG_SET_WRONG_KIND' | 'LOG_SET_IMPLAUSIBLE'>;
  message: string;
}

/** An exercise's bounds: its own where the data names it, over its equipment's, over bodyweight work's. */
export function boundsFor(catalogueId: string, equipment: readonly Equipment[]): SetBounds {
  const byEquipment = BOUNDS_BY_EQUIPMENT.find(([kind]) => equipment.includes(kind))?.[1] ?? {};
  return { ...DEFAULT_BOUNDS, ...byEquipment, ...BOUNDS_BY_EXERCISE[catalogueId] };
}

const NEEDS: Record<LoggedSetKind, { required: Array<keyof SetMeasures>; allowed: Array<keyof SetMeasures> }> = {
  reps: { required: ['reps'], allowed: ['reps', 'loadKg', 'rpe'] },
  time: { required: ['seconds'], allowed: ['seconds', 'loadKg', 'rpe'] },
  distance: { required: ['meters'], allowed: ['meters', 'seconds', 'loadKg', 'rpe'] },
};

const WORDS: Record<keyof SetMeasures, string> = {
  reps: 'reps',
  loadKg: 'a load',
  seconds: 'a time',
  meters: 'a distance',
  rpe: 'an RPE',
};

/**
 * Why a set's measures cannot be logged for an exercise dosed `kind`, or null: the dose's own
 * measures and no others (LOG_SET_WRONG_KIND), each within the exercise's bounds (LOG_SET_IMPLAUSIBLE),
 * the message in the reader's units.
 */
export function setRefusal(
  kind: LoggedSetKind,
  m: SetMeasures,
  bounds: SetBounds,
  exerciseName: string,
  units: Units,
): SetRefusal | null {
  const { required, allowed } = NEEDS[kind];
  const missing = required.filter((f) => m[f] === undefined);
  const extra = (Object.keys(m) as Array<keyof SetMeasures>).filter((f) => m[f] !== undefined && !allowed.includes(f));
  if (missing.length || extra.length) {
    const parts = [
      missing.length ? `needs ${missing.map((f) => WORDS[f]).join(' and ')}` : '',
      extra.length ? `takes no ${extra.map((f) => WORDS[f].replace(/^an? /, '')).join(' or ')}` : '',
    ].filter(Boolean);
    return {
      code: 'LOG_SET_WRONG_KIND',
      message: `A set of ${exerciseName} (dosed by ${kind}) ${parts.join(' and ')}`,
    };
  }
  const implausible = (message: string): SetRefusal => ({ code: 'LOG_SET_IMPLAUSIBLE', message });
  if (m.reps !== undefined && (m.reps < 1 || m.reps > bounds.maxReps))
    return implausible(`Reps must be between 1 and ${bounds.maxReps} for ${exerciseName}`);
  if (m.loadKg !== undefined && (m.loadKg < 0 || m.loadKg > bounds.maxLoadKg))
    return implausible(
      bounds.maxLoadKg === 0
        ? `${exerciseName} takes no load`
        : `${massText(m.loadKg, units)} is more than anyone has moved on ${exerciseName}: the most it takes is ${massText(bounds.maxLoadKg, units, true)}`,
    );
  if (m.seconds !== undefined && (m.seconds < 1 || m.seconds > bounds.maxSeconds))
    return implausible(`A set's time must be between 1 s and ${formatSeconds(bounds.maxSeconds)}`);
  if (m.meters !== undefined && (m.meters < 1 || m.meters > bounds.maxMeters))
    return implausible(`A set's distance must be between 1 m and ${bounds.maxMeters / 1000} km`);
  if (m.meters !== undefined && m.seconds !== undefined && m.meters / m.seconds > bounds.maxMetresPerSecond)
    return implausible(
      `${m.meters} m in ${formatSeconds(m.seconds)} is faster than anyone moves on ${exerciseName}: check the time`,
    );
  return null;
}

/** What a work set ranks by for its exercise's records; none for a warm-up or a set with nothing to rank. */
export function rankOf(set: SetMeasures & { warmup: boolean }): SetRank | undefined {
  if (set.warmup) return undefined;
  const rank: SetRank = {};
  if (set.loadKg && set.loadKg > 0) {
    rank.loadKg = set.loadKg;
    rank.loadKey = String(set.loadKg);
  }
  if (set.reps) rank.reps = set.reps;
  const e1rm = set.loadKg && set.reps ? epley1rm(set.loadKg, set.reps) : null;
  if (e1rm) rank.e1rmKg = e1rm;
  const volume = setVolume(set.loadKg, set.reps);
  if (volume > 0) rank.volumeKg = volume;
  if (set.meters) rank.meters = set.meters;
  // Only a timed distance can be the fastest over it.
  if (set.meters && set.seconds) {
    rank.seconds = set.seconds;
    rank.metersKey = String(set.meters);
  }
  return Object.keys(rank).length ? rank : undefined;
}

/** The previous best of each kind (the rank of the set that holds it), the set being logged left out. */
export type BestRanks = Partial<Record<PersonalRecordKind, SetRank>>;

/**
 * The records of an exercise once `set` is stored, where `bests` held them before: the set holds
 * each it betters (a first set holds them all), the others stay with theirs. Most reps count at the
 * load `at.loadKg`, fastest over the distance `at.meters`, as the record reads do.
 */
export function bestsWith<T extends { rank?: SetRank }>(
  bests: Partial<Record<PersonalRecordKind, T>>,
  set: T,
  at: { loadKg?: number; meters?: number },
): Partial<Record<PersonalRecordKind, T>> {
  const kept = { ...bests };
  const rank = set.rank;
  if (!rank) return kept;
  const better = (mine: number | undefined, theirs: number | undefined, lower = false) =>
    mine !== undefined && (theirs === undefined || (lower ? mine < theirs : mine > theirs));
  if (better(rank.loadKg, kept.heaviest?.rank?.loadKg)) kept.heaviest = set;
  if (at.loadKg !== undefined && rank.loadKg === at.loadKg && better(rank.reps, kept.most_reps?.rank?.reps))
    kept.most_reps = set;
  if (better(rank.e1rmKg, kept.best_e1rm?.rank?.e1rmKg)) kept.best_e1rm = set;
  if (better(rank.volumeKg, kept.best_volume?.rank?.volumeKg)) kept.best_volume = set;
  if (at.meters !== undefined && rank.meters === at.meters && better(rank.seconds, kept.fastest?.rank?.seconds, true))
    kept.fastest = set;
  return kept;
}

/**
 * The records a work set sets: it beats the best before it of that kind (a first set of an
 * exercise has nothing to beat, and sets none). Heaviest: more load; most reps: more reps at the
 * same load; best e1RM; best volume (load × reps); fastest: less time over the same distance.
 */
export function recordsSet(rank: SetRank | undefined, best: BestRanks): PersonalRecordKind[] {
  if (!rank) return [];
  const records: PersonalRecordKind[] = [];
  const beats = (kind: PersonalRecordKind, mine: number | undefined, theirs: number | undefined, lower = false) => {
    if (mine === undefined || theirs === undefined) return;
    if (lower ? mine < theirs : mine > theirs) records.push(kind);
  };
  beats('heaviest', rank.loadKg, best.heaviest?.loadKg);
  beats('most_reps', rank.reps, best.most_reps?.reps);
  beats('best_e1rm', rank.e1rmKg, best.best_e1rm?.e1rmKg);
  beats('best_volume', rank.volumeKg, best.best_volume?.volumeKg);
  beats('fastest', rank.seconds, best.fastest?.seconds, true);
  return records;
}

/** When a set was done: as sent (a set logged offline, sent later) but never before `from` nor after now. */
export function performedAt(sent: string | undefined, from: Date, now: Date): Date {
  if (!sent) return now;
  const at = Date.parse(sent);
  return new Date(Math.min(now.getTime(), Math.max(from.getTime(), at)));
}

const WEEK_MS = 7 * 24 * 3600_000;

/** The Monday (UTC) of the week holding `at`. */
export function mondayOf(at: Date): Date {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - weekday * 24 * 3600_000);
}

/** The `count` Mondays up to the one of `now`, oldest first. */
export function weeksUpTo(now: Date, count: number): Date[] {
  const last = mondayOf(now).getTime();
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * WEEK_MS));
}

interface ChartedSet {
  catalogueId: string;
  exerciseName: string;
  muscles: MuscleGroup[];
  warmup: boolean;
  performedAt: Date;
  rank?: SetRank;
}

/**
 * The progress page's charts from a span of sets: per week, the best e1RM of each of the
 * `exercises` most-trained exercises (null in a week without one), and per muscle group the work
 * sets and their volume (each set counts whole to every group it trains).
 */
export function progressCharts(sets: ChartedSet[], weeks: Date[], exercises: number) {
  const index = (at: Date) => Math.floor((mondayOf(at).getTime() - weeks[0].getTime()) / WEEK_MS);
  const work = sets.filter((s) => !s.warmup && index(s.performedAt) >= 0 && index(s.performedAt) < weeks.length);
  const byExercise = new Map<string, { name: string; count: number; best: Array<number | null> }>();
  const byMuscle = new Map<MuscleGroup, { kg: number[]; sets: number[] }>();
  for (const s of work) {
    const week = index(s.performedAt);
    if (s.rank?.e1rmKg) {
      const entry = byExercise.get(s.catalogueId) ?? {
        name: s.exerciseName,
        count: 0,
        best: weeks.map(() => null),
      };
      entry.count += 1;
      entry.best[week] = Math.max(entry.best[week] ?? 0, s.rank.e1rmKg);
      byExercise.set(s.catalogueId, entry);
    }
    for (const muscle of s.muscles) {
      const entry = byMuscle.get(muscle) ?? { kg: weeks.map(() => 0), sets: weeks.map(() => 0) };
      entry.kg[week] = Math.round((entry.kg[week] + (s.rank?.volumeKg ?? 0)) * 100) / 100;
      entry.sets[week] += 1;
      byMuscle.set(muscle, entry);
    }
  }
  return {
    weeks: weeks.map((w) => w.toISOString().slice(0, 10)),
    e1rm: [...byExercise.entries()]
      .sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))
      .slice(0, exercises)
      .map(([catalogueId, e]) => ({ catalogueId, exerciseName: e.name, bestKg: e.best })),
    volume: [...byMuscle.entries()]
      .sort((a, b) => a[0].localeCompare(b[0]))
      .map(([muscle, v]) => ({ muscle, kg: v.kg, sets: v.sets })),
  };
}
