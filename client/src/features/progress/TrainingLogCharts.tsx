import type { ProgressChartsView, UnitSystem } from '@contract';
import { useState } from 'react';

import { BarChart, LineChart } from '../../ui/charts';
import { shortDate } from '../../ui/dates';
import { Panel } from '../../ui/Panel';
import { useUnits } from '../profile/useUnits';
import { useGetTrainingProgressQuery } from '../workouts/log/logApi';
import { fromKg } from '../workouts/log/sessionLog.logic';

/** The best estimated 1RM of each week of one exercise, in the reader's units (weeks without a set left out). */
export function e1rmPoints(charts: ProgressChartsView, catalogueId: string, units: UnitSystem) {
  const series = charts.e1rm.find((e) => e.catalogueId === catalogueId);
  return (series?.bestKg ?? []).flatMap((kg, i) =>
    kg === null ? [] : [{ label: shortDate(charts.weeks[i]), value: fromKg(kg, units) }],
  );
}

/** The progress page's log charts (docs/product.md, Training log): e1RM per exercise, weekly volume per muscle group. */
export function TrainingLogCharts() {
  const units = useUnits();
  const { data } = useGetTrainingProgressQuery();
  const [exercise, setExercise] = useState<string | null>(null);
  const [muscle, setMuscle] = useState<string | null>(null);
  const unit = units === 'imperial' ? 'lb' : 'kg';
  if (!data || (data.e1rm.length === 0 && data.volume.length === 0))
    return (
      <Panel title="STRENGTH_AND_VOLUME">
        <p className="progress-empty">
          NO_LOGGED_SETS — log your sets in a session to see your estimated 1RM and volume.
        </p>
      </Panel>
    );
  const shownExercise = data.e1rm.find((e) => e.catalogueId === exercise) ?? data.e1rm[0];
  const shownMuscle = data.volume.find((v) => v.muscle === muscle) ?? data.volume[0];
  return (
    <div className="progress__charts">
      {shownExercise && (
        <Panel
          title="ESTIMATED_1RM"
          aside={
            <select
              aria-label="Exercise charted"
              value={shownExercise.catalogueId}
              onChange={(e) => setExercise(e.target.value)}
            >
              {data.e1rm.map((e) => (
                <option key={e.catalogueId} value={e.catalogueId}>
                  {e.exerciseName}
                </option>
              ))}
            </select>
          }
        >
          <LineChart
            points={e1rmPoints(data, shownExercise.catalogueId, units)}
            ariaLabel={`Best estimated one-rep max per week of ${shownExercise.exerciseName} (Epley)`}
            unit={unit}
          />
        </Panel>
      )}
      {shownMuscle && (
        <Panel
          title="WEEKLY_VOLUME"
          aside={
            <select
              aria-label="Muscle group charted"
              value={shownMuscle.muscle}
              onChange={(e) => setMuscle(e.target.value)}
            >
              {data.volume.map((v) => (
                <option key={v.muscle} value={v.muscle}>
                  {v.muscle.replace('_', ' ').toUpperCase()}
                </option>
              ))}
            </select>
          }
        >
          <BarChart
            points={shownMuscle.sets.map((sets, i) => ({ label: shortDate(data.weeks[i]), value: sets }))}
            ariaLabel={`Work sets per week for ${shownMuscle.muscle}`}
            unit="sets"
          />
          <p className="muted">
            Volume this week: {fromKg(shownMuscle.kg.at(-1) ?? 0, units)} {unit}·reps
          </p>
        </Panel>
      )}
    </div>
  );
}
