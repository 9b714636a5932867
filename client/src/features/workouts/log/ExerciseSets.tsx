import type { ExerciseView, LoggedSetView, UnitSystem } from '@contract';
import { BAR_KG, BAR_LB, PLATES_KG, PLATES_LB, platesFor, RPE_RANGE } from '@contract/values';
import { useState } from 'react';

import { fromKg, prefill, RECORD_LABELS, type SetDraft, setText, type ShownSet } from './sessionLog.logic';

/** One set as the member enters it, in their units; the page converts and queues it. */
export interface SetEntry {
  key?: string;
  order: number;
  warmup: boolean;
  draft: SetDraft;
  rpe?: number;
}

interface ExerciseSetsProps {
  exercise: ExerciseView;
  sets: ShownSet[];
  lastTime: LoggedSetView[] | undefined;
  barbell: boolean;
  units: UnitSystem;
  onLog: (entry: SetEntry) => void;
  onRemove: (key: string) => void;
}

const RPES = Array.from(
  { length: (RPE_RANGE.max - RPE_RANGE.min) / RPE_RANGE.step + 1 },
  (_, i) => RPE_RANGE.min + i * RPE_RANGE.step,
);

/** The exercise's prescribed sets, each logged as done with what was actually done; warm-ups apart. */
export function ExerciseSets({ exercise, sets, lastTime, barbell, units, onLog, onRemove }: ExerciseSetsProps) {
  const prescribed = exercise.dose?.sets ?? 1;
  const work = sets.filter((s) => !s.warmup);
  const warmups = sets.filter((s) => s.warmup);
  const [extraWork, setExtraWork] = useState(0);
  const [extraWarmups, setExtraWarmups] = useState(0);
  const slots = Math.max(prescribed, (work.at(-1)?.order ?? -1) + 1) + extraWork;
  const warmupSlots = warmups.length + extraWarmups;
  const rowProps = { exercise, lastTime, barbell, units, onLog, onRemove };
  return (
    <div className="sets" aria-label={`Sets of ${exercise.name}`} role="group">
      {Array.from({ length: warmupSlots }, (_, i) => (
        <SetRow
          key={`w${i}`}
          {...rowProps}
          order={i}
          warmup
          logged={warmups[i]}
          onLogged={() => i >= warmups.length && setExtraWarmups((n) => Math.max(0, n - 1))}
        />
      ))}
      {Array.from({ length: slots }, (_, i) => (
        <SetRow key={`s${i}`} {...rowProps} order={i} warmup={false} logged={work.find((s) => s.order === i)} />
      ))}
      <div className="sets__more">
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setExtraWarmups((n) => n + 1)}>
          + WARM-UP
        </button>
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setExtraWork((n) => n + 1)}>
          + SET
        </button>
      </div>
    </div>
  );
}

interface SetRowProps extends Omit<ExerciseSetsProps, 'sets'> {
  order: number;
  warmup: boolean;
  logged: ShownSet | undefined;
  onLogged?: () => void;
}

function SetRow({ exercise, lastTime, barbell, units, onLog, onRemove, order, warmup, logged, onLogged }: SetRowProps) {
  const [editing, setEditing] = useState(false);
  const label = warmup ? `W${order + 1}` : `SET ${order + 1}`;
  const name = `${exercise.name} ${warmup ? 'warm-up' : 'set'} ${order + 1}`;
  if (logged && !editing) {
    return (
      <div className={`set set--done${logged.waiting ? ' set--waiting' : ''}`} data-testid="logged-set">
        <span className="set__label">{label}</span>
        <span className="set__text">{setText(logged, units)}</span>
        {logged.records.length > 0 && (
          <span className="tag tag--ok set__record" title={logged.records.map((r) => RECORD_LABELS[r]).join(', ')}>
            PR
          </span>
        )}
        {logged.waiting && <span className="tag set__waiting">TO_SYNC</span>}
        <span className="set__actions">
          <button
            type="button"
            className="btn btn--ghost btn--small"
            aria-label={`Edit ${name}`}
            onClick={() => setEditing(true)}
          >
            EDIT
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            aria-label={`Remove ${name}`}
            onClick={() => onRemove(logged.key)}
          >
            ×
          </button>
        </span>
      </div>
    );
  }
  const start: SetDraft = logged
    ? {
        reps: logged.reps,
        load: logged.loadKg === undefined ? undefined : fromKg(logged.loadKg, units),
        seconds: logged.seconds,
        meters: logged.meters,
      }
    : prefill(exercise, lastTime, order, units);
  return (
    <SetForm
      // Starts again once the last time or the units arrive: a field's first value is its prefill.
      key={`${logged?.key ?? 'new'}-${lastTime ? 'last' : 'plan'}-${units}`}
      kind={exercise.dose?.kind ?? 'reps'}
      label={label}
      name={name}
      start={start}
      startRpe={logged?.rpe}
      barbell={barbell}
      units={units}
      onSubmit={(draft, rpe) => {
        onLog({ key: logged?.key, order, warmup, draft, rpe });
        setEditing(false);
        onLogged?.();
      }}
    />
  );
}

interface SetFormProps {
  kind: 'reps' | 'time' | 'distance';
  label: string;
  name: string;
  start: SetDraft;
  startRpe: number | undefined;
  barbell: boolean;
  units: UnitSystem;
  onSubmit: (draft: SetDraft, rpe: number | undefined) => void;
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

function SetForm({ kind, label, name, start, startRpe, barbell, units, onSubmit }: SetFormProps) {
  const [reps, setReps] = useState(start.reps?.toString() ?? '');
  const [load, setLoad] = useState(start.load?.toString() ?? '');
  const [seconds, setSeconds] = useState(start.seconds?.toString() ?? '');
  const [meters, setMeters] = useState(start.meters?.toString() ?? '');
  const [rpe, setRpe] = useState(startRpe?.toString() ?? '');
  const unit = units === 'imperial' ? 'lb' : 'kg';
  const loadValue = numberOrUndefined(load);
  const plates =
    barbell && loadValue
      ? units === 'imperial'
        ? platesFor(loadValue, BAR_LB, PLATES_LB)
        : platesFor(loadValue, BAR_KG, PLATES_KG)
      : null;
  return (
    <form
      className="set set--form"
      aria-label={name}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(
          {
            reps: kind === 'reps' ? numberOrUndefined(reps) : undefined,
            load: loadValue,
            seconds: kind !== 'reps' ? numberOrUndefined(seconds) : undefined,
            meters: kind === 'distance' ? numberOrUndefined(meters) : undefined,
          },
          numberOrUndefined(rpe),
        );
      }}
    >
      <span className="set__label">{label}</span>
      {kind === 'reps' && <NumberField short="REPS" label={`Reps, ${name}`} value={reps} onChange={setReps} />}
      {kind === 'distance' && <NumberField short="M" label={`Metres, ${name}`} value={meters} onChange={setMeters} />}
      {kind !== 'reps' && <NumberField short="SEC" label={`Seconds, ${name}`} value={seconds} onChange={setSeconds} />}
      <NumberField
        short={unit.toUpperCase()}
        label={`Load (${unit}), ${name}`}
        value={load}
        onChange={setLoad}
        decimal
      />
      <label className="set__field set__field--rpe">
        <span>RPE</span>
        <select value={rpe} onChange={(e) => setRpe(e.target.value)} aria-label={`RPE, ${name}`}>
          <option value="">–</option>
          {RPES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn--primary btn--small" aria-label={`Log ${name}`}>
        ✓
      </button>
      {plates && plates.perSide.length > 0 && (
        <span className="set__plates muted" data-testid="plates">
          PLATES/SIDE {plates.perSide.join(' + ')} {unit}
          {plates.remainder > 0 ? ` (${plates.remainder} ${unit} short)` : ''}
        </span>
      )}
    </form>
  );
}

interface NumberFieldProps {
  /** What the field shows beside it ("REPS"); `label` is what a screen reader says. */
  short: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  decimal?: boolean;
}

/** One measure of a set, typed on a phone's number pad. */
function NumberField({ short, label, value, onChange, decimal = false }: NumberFieldProps) {
  return (
    <label className="set__field">
      <span>{short}</span>
      <input
        inputMode={decimal ? 'decimal' : 'numeric'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-label={label}
      />
    </label>
  );
}
