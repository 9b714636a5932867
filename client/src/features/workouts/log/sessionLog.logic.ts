/** What the session card shows of the log: the server's sets and ticks with the changes still waiting to sync laid over them. */
import type { ExerciseView, LoggedSetView, SessionLogView, UnitSystem, WorkoutView } from '@contract';
import { KG_PER_POUND } from '@contract/values';

import type { Change } from './outbox';

/** A set as the card shows it: from the server, or made on this device and not yet synced. */
export type ShownSet = Pick<
  LoggedSetView,
  'key' | 'exerciseId' | 'order' | 'warmup' | 'reps' | 'loadKg' | 'seconds' | 'meters' | 'rpe' | 'records'
> & { waiting: boolean };

export interface ShownSession {
  sets: ShownSet[];
  ticked: string[];
  started: boolean;
  /** Changes of this workout waiting to sync. */
  waiting: number;
  completing: boolean;
}

/** The server's view with this workout's waiting changes applied in order (a set edit replaces, a removal drops). */
export function shownSession(
  workout: Pick<WorkoutView, 'id' | 'ticked' | 'startedAt'>,
  log: SessionLogView | undefined,
  pending: readonly Change[],
): ShownSession {
  const sets = new Map<string, ShownSet>((log?.sets ?? []).map((s) => [s.key, { ...s, waiting: false }]));
  const ticked = new Set(workout.ticked);
  let started = workout.startedAt !== null;
  const mine = pending.filter((c) => c.workoutId === workout.id);
  for (const change of mine) {
    if (change.kind === 'set') {
      const { exerciseId, order, warmup, reps, loadKg, seconds, meters, rpe } = change.body;
      const before = sets.get(change.setKey);
      sets.set(change.setKey, {
        key: change.setKey,
        exerciseId,
        order,
        warmup,
        reps,
        loadKg,
        seconds,
        meters,
        rpe,
        records: before?.records ?? [],
        waiting: true,
      });
      started = true;
    } else if (change.kind === 'removeSet') sets.delete(change.setKey);
    else if (change.kind === 'tick') {
      if (change.done) ticked.add(change.exerciseId);
      else ticked.delete(change.exerciseId);
      if (change.done) started = true;
    } else if (change.kind === 'start') started = true;
  }
  return {
    sets: [...sets.values()].sort((a, b) => Number(a.warmup) - Number(b.warmup) || a.order - b.order),
    ticked: [...ticked],
    started,
    waiting: mine.length,
    completing: mine.some((c) => c.kind === 'complete'),
  };
}

/** Work sets logged per exercise id (what the completion pays). */
export function workSetCounts(sets: readonly ShownSet[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of sets) if (!s.warmup) counts[s.exerciseId] = (counts[s.exerciseId] ?? 0) + 1;
  return counts;
}

/** A load typed in the reader's units as stored (kg, to the gram). */
export function toKg(amount: number, units: UnitSystem): number {
  return Math.round((units === 'imperial' ? amount * KG_PER_POUND : amount) * 1000) / 1000;
}

/** A stored load in the reader's units, as a field shows it (kg to 0.01, lb to 0.1). */
export function fromKg(kg: number, units: UnitSystem): number {
  return units === 'imperial' ? Math.round((kg / KG_PER_POUND) * 10) / 10 : Math.round(kg * 100) / 100;
}

export interface SetDraft {
  reps?: number;
  load?: number;
  seconds?: number;
  meters?: number;
}

/**
 * What a set row starts with: the same set of the last time the exercise was done (its n-th work
 * set, or its last one if it had fewer), else the prescription.
 */
export function prefill(
  exercise: Pick<ExerciseView, 'dose'>,
  lastTime: readonly LoggedSetView[] | undefined,
  index: number,
  units: UnitSystem,
): SetDraft {
  const work = (lastTime ?? []).filter((s) => !s.warmup);
  const before = work[Math.min(index, work.length - 1)];
  const dose = exercise.dose;
  const prescribed: SetDraft =
    dose?.kind === 'time'
      ? { seconds: dose.workSeconds }
      : dose?.kind === 'distance'
        ? { meters: dose.meters }
        : { reps: dose?.kind === 'reps' ? dose.reps : undefined };
  if (!before) return prescribed;
  return {
    reps: before.reps ?? prescribed.reps,
    load: before.loadKg !== undefined ? fromKg(before.loadKg, units) : undefined,
    seconds: before.seconds ?? prescribed.seconds,
    meters: before.meters ?? prescribed.meters,
  };
}

/** "80 kg × 8 @ 8", "45 s", "400 m in 1 min 35 s": a logged set in the reader's units. */
export function setText(set: Pick<ShownSet, 'reps' | 'loadKg' | 'seconds' | 'meters' | 'rpe'>, units: UnitSystem) {
  const unit = units === 'imperial' ? 'lb' : 'kg';
  const load = set.loadKg ? `${fromKg(set.loadKg, units)} ${unit}` : '';
  const parts: string[] = [];
  if (set.reps !== undefined) parts.push(load ? `${load} × ${set.reps}` : `${set.reps} reps`);
  else if (load) parts.push(load);
  if (set.meters !== undefined) parts.push(`${set.meters} m`);
  if (set.seconds !== undefined) parts.push(set.meters !== undefined ? `in ${set.seconds} s` : `${set.seconds} s`);
  if (set.rpe !== undefined) parts.push(`@ RPE ${set.rpe}`);
  return parts.join(' ');
}

export const RECORD_LABELS = {
  heaviest: 'Heaviest load',
  most_reps: 'Most reps at this load',
  best_e1rm: 'Best estimated 1RM',
  best_volume: 'Best set volume',
  fastest: 'Fastest time',
} as const;
