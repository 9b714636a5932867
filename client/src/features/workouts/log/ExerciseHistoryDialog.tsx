import type { UnitSystem } from '@contract';
import { formatSeconds } from '@contract/values';

import { shortDate } from '../../../ui/dates';
import { Dialog } from '../../../ui/Dialog';
import { useGetExerciseHistoryQuery } from './logApi';
import { fromKg, RECORD_LABELS, setText } from './sessionLog.logic';

interface ExerciseHistoryDialogProps {
  catalogueId: string;
  exerciseName: string;
  units: UnitSystem;
  onClose: () => void;
}

/** One tap from the session: the exercise's records and every past set, newest first (docs/product.md, Training log). */
export function ExerciseHistoryDialog({ catalogueId, exerciseName, units, onClose }: ExerciseHistoryDialogProps) {
  const { data, isLoading, error } = useGetExerciseHistoryQuery(catalogueId);
  // 404: an exercise outside the catalogue that was never logged has no history yet.
  const neverLogged = !!error && 'status' in error && error.status === 404;
  const unit = units === 'imperial' ? 'lb' : 'kg';
  const recordValue = (kind: keyof typeof RECORD_LABELS, value: number, atLoadKg?: number, atMeters?: number) => {
    if (kind === 'most_reps') return `${value} reps at ${fromKg(atLoadKg ?? 0, units)} ${unit}`;
    if (kind === 'fastest') return `${formatSeconds(value)} over ${atMeters} m`;
    return `${fromKg(value, units)} ${unit}${kind === 'best_volume' ? '·reps' : ''}`;
  };
  return (
    <Dialog title={`HISTORY — ${exerciseName}`} onClose={onClose}>
      {isLoading ? (
        <p role="status">LOADING_HISTORY</p>
      ) : neverLogged || data?.sets.length === 0 ? (
        <p className="muted">No set logged yet: your first one starts the history.</p>
      ) : !data ? (
        <p role="alert">The history could not be read. Try again when you are online.</p>
      ) : (
        <>
          <h3 className="history__heading">RECORDS</h3>
          <ul className="history__records">
            {data.records.map((r) => (
              <li key={r.kind}>
                <span className="muted">{RECORD_LABELS[r.kind]}</span>{' '}
                <strong>{recordValue(r.kind, r.value, r.atLoadKg, r.atMeters)}</strong>{' '}
                <span className="muted">{shortDate(r.set.performedAt)}</span>
              </li>
            ))}
          </ul>
          <h3 className="history__heading">SETS</h3>
          <ol className="history__sets">
            {data.sets.map((s) => (
              <li key={s.key}>
                <span className="muted">{shortDate(s.performedAt)}</span> {s.warmup ? 'W ' : ''}
                {setText(s, units)}
                {s.e1rmKg ? (
                  <span className="muted">
                    {' '}
                    · e1RM {fromKg(s.e1rmKg, units)} {unit}
                  </span>
                ) : null}
                {s.records.length > 0 && <span className="tag tag--ok"> PR</span>}
              </li>
            ))}
          </ol>
          {data.nextBefore && <p className="muted">Older sets are kept; the latest {data.sets.length} are shown.</p>}
        </>
      )}
    </Dialog>
  );
}
