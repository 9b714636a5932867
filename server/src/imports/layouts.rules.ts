/**
 * Strong's and Hevy's CSV exports, read into sets and written back from the log
 * (docs/product.md, Import and export). One row is one set in both:
 * - Strong: Date, Workout Name, Duration, Exercise Name, Set Order (a number, or W for a warm-up),
 *   Weight, Reps, Distance, Seconds, Notes, Workout Notes, RPE; older exports add Weight Unit and
 *   Distance Unit columns per row and use semicolons, newer ones are in the app's units.
 * - Hevy: title, start_time, end_time, description, exercise_title, superset_id, exercise_notes,
 *   set_index, set_type (normal, warmup, dropset, failure), weight_kg or weight_lbs, reps,
 *   distance_km or distance_miles, duration_seconds, rpe.
 */
import type { SetMeasures } from '../contract';
import { KG_PER_POUND, METRES_PER_MILE, RPE_RANGE } from '../contract/values';
import { csvLine } from './csv.rules';

export type ImportLayout = 'strong' | 'hevy';
export type WeightUnit = 'kg' | 'lb';

/** One set read from a row, metric. `line` is its line in the file (the header is line 1). */
export interface ImportedSet extends SetMeasures {
  line: number;
  /** The workout it belongs to: its start and name. */
  workoutStart: Date;
  workoutName: string;
  exerciseName: string;
  order: number;
  warmup: boolean;
}

export interface SkippedRow {
  line: number;
  reason: string;
}

/** Plausibility of an imported set: past these a row is refused as a typo, not stored. */
export const IMPORT_BOUNDS = { maxReps: 200, maxLoadKg: 500, maxSeconds: 6 * 3600, maxMeters: 100_000 } as const;

const STRONG_COLUMNS = ['Date', 'Workout Name', 'Exercise Name', 'Set Order', 'Weight', 'Reps'];
const HEVY_COLUMNS = ['title', 'start_time', 'exercise_title', 'set_index', 'reps'];

export function detectLayout(header: readonly string[]): ImportLayout | null {
  const has = (names: string[]) => names.every((n) => header.includes(n));
  if (has(STRONG_COLUMNS)) return 'strong';
  if (has(HEVY_COLUMNS) && (header.includes('weight_kg') || header.includes('weight_lbs'))) return 'hevy';
  return null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A date as the exports write it, read as UTC wall time (the files carry no zone):
 * "2024-05-01 18:02:33", "2024-05-01 6:02:33 PM", "2024-05-01T18:02:33Z", "26 Jul 2025, 07:06".
 */
export function parseExportDate(text: string): Date | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d\d)-(\d\d)[ T](\d{1,2}):(\d\d)(?::(\d\d))?\s*([AaPp][Mm])?/.exec(t);
  const named = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d\d)(?::(\d\d))?/.exec(t);
  let parts: number[];
  if (iso) {
    let hour = Number(iso[4]);
    if (iso[7]) hour = (hour % 12) + (iso[7].toLowerCase() === 'pm' ? 12 : 0);
    parts = [Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]), hour, Number(iso[5]), Number(iso[6] ?? 0)];
  } else if (named) {
    const month = MONTHS.indexOf(named[2].toLowerCase());
    if (month < 0) return null;
    parts = [Number(named[3]), month, Number(named[1]), Number(named[4]), Number(named[5]), Number(named[6] ?? 0)];
  } else return null;
  const date = new Date(Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5]));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== parts[2] ? null : date;
}

/** A number as the files write it ("", "82.5", "82,5"); null when empty, NaN when not a number. */
function num(text: string | undefined): number | null {
  const t = (text ?? '').trim().replace(',', '.');
  return t === '' ? null : Number(t);
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const toKg = (value: number, unit: WeightUnit) => (unit === 'lb' ? round2(value * KG_PER_POUND) : value);

/** The unit a Strong row's weight is in: its Weight Unit column when the export has one, else the member's. */
function strongUnit(unit: string | undefined, fallback: WeightUnit): WeightUnit {
  const u = (unit ?? '').trim().toLowerCase();
  if (u === 'lbs' || u === 'lb') return 'lb';
  if (u === 'kg' || u === 'kgs') return 'kg';
  return fallback;
}

interface RowMeasures {
  reps: number | null;
  weight: number | null;
  weightUnit: WeightUnit;
  seconds: number | null;
  /** Metres. */
  meters: number | null;
  rpe: number | null;
}

/** A row's measures checked and made metric; the reason when they cannot be stored. */
function measures(m: RowMeasures): SetMeasures | string {
  const values = [m.reps, m.weight, m.seconds, m.meters, m.rpe];
  if (values.some((v) => v !== null && !Number.isFinite(v))) return 'a value is not a number';
  if (values.some((v) => v !== null && v < 0)) return 'a value is negative';
  const reps = m.reps && m.reps > 0 ? Math.round(m.reps) : undefined;
  const loadKg = m.weight && m.weight > 0 ? toKg(m.weight, m.weightUnit) : undefined;
  const seconds = m.seconds && m.seconds > 0 ? m.seconds : undefined;
  const meters = m.meters && m.meters > 0 ? round2(m.meters) : undefined;
  if (reps === undefined && seconds === undefined && meters === undefined) return 'no reps, time or distance';
  if ((reps ?? 0) > IMPORT_BOUNDS.maxReps) return `more than ${IMPORT_BOUNDS.maxReps} reps`;
  if ((loadKg ?? 0) > IMPORT_BOUNDS.maxLoadKg) return `a load over ${IMPORT_BOUNDS.maxLoadKg} kg`;
  if ((seconds ?? 0) > IMPORT_BOUNDS.maxSeconds || (meters ?? 0) > IMPORT_BOUNDS.maxMeters)
    return 'a time or distance no set reaches';
  const rpe =
    m.rpe !== null && m.rpe >= RPE_RANGE.min && m.rpe <= RPE_RANGE.max ? Math.round(m.rpe * 2) / 2 : undefined;
  return {
    ...(reps !== undefined ? { reps } : {}),
    ...(loadKg !== undefined && reps !== undefined ? { loadKg } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
    ...(meters !== undefined ? { meters } : {}),
    ...(rpe !== undefined ? { rpe } : {}),
  };
}

/**
 * The sets of an export's rows (header first) and the rows that could not be read, with why.
 * `units`: what a Strong export without unit columns is in (the member's units).
 */
export function readExport(
  layout: ImportLayout,
  rows: readonly string[][],
  units: WeightUnit,
): { sets: ImportedSet[]; skipped: SkippedRow[] } {
  const [header, ...body] = rows;
  const col = (row: string[], name: string) => {
    const at = header.indexOf(name);
    return at < 0 ? undefined : row[at];
  };
  const sets: ImportedSet[] = [];
  const skipped: SkippedRow[] = [];
  body.forEach((row, i) => {
    const line = i + 2;
    const read = layout === 'strong' ? strongRow(row, col, units) : hevyRow(row, col, header);
    if (typeof read === 'string') skipped.push({ line, reason: read });
    else sets.push({ ...read, line });
  });
  return { sets, skipped };
}

type Column = (row: string[], name: string) => string | undefined;

function strongRow(row: string[], col: Column, units: WeightUnit): Omit<ImportedSet, 'line'> | string {
  const start = parseExportDate(col(row, 'Date') ?? '');
  if (!start) return 'the date cannot be read';
  const exerciseName = (col(row, 'Exercise Name') ?? '').trim();
  if (!exerciseName) return 'no exercise name';
  const setOrder = (col(row, 'Set Order') ?? '').trim();
  const distanceUnit = (col(row, 'Distance Unit') ?? '').trim().toLowerCase();
  const distance = num(col(row, 'Distance'));
  const metresPer =
    distanceUnit === 'm' ? 1 : distanceUnit === 'mi' || (!distanceUnit && units === 'lb') ? METRES_PER_MILE : 1000;
  const m = measures({
    reps: num(col(row, 'Reps')),
    weight: num(col(row, 'Weight')),
    weightUnit: strongUnit(col(row, 'Weight Unit'), units),
    seconds: num(col(row, 'Seconds')),
    meters: distance === null ? null : distance * metresPer,
    rpe: num(col(row, 'RPE')),
  });
  if (typeof m === 'string') return m;
  const warmup = /^w/i.test(setOrder);
  return {
    workoutStart: start,
    workoutName: (col(row, 'Workout Name') ?? '').trim() || 'Imported workout',
    exerciseName,
    order: warmup ? 0 : Math.max(0, (Number.parseInt(setOrder, 10) || 1) - 1),
    warmup,
    ...m,
  };
}

function hevyRow(row: string[], col: Column, header: readonly string[]): Omit<ImportedSet, 'line'> | string {
  const start = parseExportDate(col(row, 'start_time') ?? '');
  if (!start) return 'the date cannot be read';
  const exerciseName = (col(row, 'exercise_title') ?? '').trim();
  if (!exerciseName) return 'no exercise name';
  const pounds = header.includes('weight_lbs');
  const km = num(col(row, 'distance_km'));
  const miles = num(col(row, 'distance_miles'));
  const m = measures({
    reps: num(col(row, 'reps')),
    weight: num(col(row, pounds ? 'weight_lbs' : 'weight_kg')),
    weightUnit: pounds ? 'lb' : 'kg',
    seconds: num(col(row, 'duration_seconds')),
    meters: km !== null ? km * 1000 : miles !== null ? miles * METRES_PER_MILE : null,
    rpe: num(col(row, 'rpe')),
  });
  if (typeof m === 'string') return m;
  return {
    workoutStart: start,
    workoutName: (col(row, 'title') ?? '').trim() || 'Imported workout',
    exerciseName,
    order: Math.max(0, Number.parseInt(col(row, 'set_index') ?? '0', 10) || 0),
    warmup: (col(row, 'set_type') ?? '').trim().toLowerCase() === 'warmup',
    ...m,
  };
}

/** A logged set as the export writes it. */
export interface ExportedSet extends SetMeasures {
  sessionId: string;
  exerciseName: string;
  order: number;
  warmup: boolean;
  performedAt: Date;
}

/** "2026-11-23 18:02:33", as Strong writes dates (UTC). */
function strongDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** "23 Nov 2026, 18:02", as Hevy writes them (UTC). */
function hevyDate(date: Date): string {
  const month = MONTHS[date.getUTCMonth()];
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${date.getUTCDate()} ${month[0].toUpperCase()}${month.slice(1)} ${date.getUTCFullYear()}, ${hh}:${mm}`;
}

/**
 * The log as a file of `layout` (metric: kg and km; Strong's newer comma layout), one set a row in
 * the order done, each workout's start and end its first and last set. Reads back with `readExport`.
 */
export function writeExport(layout: ImportLayout, sets: readonly ExportedSet[], workoutName: string): string {
  const sorted = [...sets].sort((a, b) => a.performedAt.getTime() - b.performedAt.getTime());
  const spans = new Map<string, { start: Date; end: Date }>();
  for (const s of sorted) {
    const span = spans.get(s.sessionId);
    if (!span) spans.set(s.sessionId, { start: s.performedAt, end: s.performedAt });
    else span.end = s.performedAt;
  }
  const km = (m?: number) => (m ? round2(m / 1000) : '');
  if (layout === 'strong') {
    const head = [
      'Date',
      'Workout Name',
      'Duration',
      'Exercise Name',
      'Set Order',
      'Weight',
      'Reps',
      'Distance',
      'Seconds',
      'Notes',
      'Workout Notes',
      'RPE',
    ];
    const lines = sorted.map((s) => {
      const { start, end } = spans.get(s.sessionId)!;
      const minutes = Math.max(1, Math.round((end.getTime() - start.getTime()) / 60_000));
      return csvLine([
        strongDate(start),
        workoutName,
        `${minutes}m`,
        s.exerciseName,
        s.warmup ? 'W' : s.order + 1,
        s.loadKg ?? '',
        s.reps ?? '',
        km(s.meters),
        s.seconds ?? '',
        '',
        '',
        s.rpe ?? '',
      ]);
    });
    return [csvLine(head), ...lines].join('\n') + '\n';
  }
  const head = [
    'title',
    'start_time',
    'end_time',
    'description',
    'exercise_title',
    'superset_id',
    'exercise_notes',
    'set_index',
    'set_type',
    'weight_kg',
    'reps',
    'distance_km',
    'duration_seconds',
    'rpe',
  ];
  const lines = sorted.map((s) => {
    const { start, end } = spans.get(s.sessionId)!;
    return csvLine([
      workoutName,
      hevyDate(start),
      hevyDate(end),
      '',
      s.exerciseName,
      '',
      '',
      s.order,
      s.warmup ? 'warmup' : 'normal',
      s.loadKg ?? '',
      s.reps ?? '',
      km(s.meters),
      s.seconds ?? '',
      s.rpe ?? '',
    ]);
  });
  return [csvLine(head), ...lines].join('\n') + '\n';
}
