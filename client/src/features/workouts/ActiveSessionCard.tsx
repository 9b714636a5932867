import type { ExerciseView, WorkoutView } from '@contract';
import { prescriptionIn } from '@contract/values';
import { useState } from 'react';

import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { useUnits } from '../profile/useUnits';
import { IntervalTimer } from './IntervalTimer';
import { sessionProgress, sessionTimes } from './workouts.logic';

interface ActiveSessionCardProps {
  workout: WorkoutView | null | undefined;
  loading: boolean;
  onToggle: (exerciseId: string) => void;
  /** START_SESSION: the session's start is recorded on the server (the first tick records it too). */
  onStart: () => void;
  onComplete: () => void;
  completing: boolean;
  /** Replaces one exercise with an equivalent (same movement, equipment at hand). */
  onSwap: (exerciseId: string) => void;
  /** The exercise being swapped, if any. */
  swapping: string | null;
}

const PHASE_LABEL = { warmup: 'WARM-UP', main: 'MAIN', cooldown: 'COOL-DOWN' } as const;

export function ActiveSessionCard({ workout, loading, ...actions }: ActiveSessionCardProps) {
  const status = workout ? 'READY' : 'PENDING';
  return (
    <Panel
      title="ACTIVE_SESSION"
      aside={<span className={`tag${workout ? ' tag--ok' : ''}`}>{loading ? 'LOADING' : status}</span>}
      className="training-session"
    >
      {loading ? (
        <p className="training-empty" role="status">
          LOADING_SESSION
          <span className="cursor" />
        </p>
      ) : !workout ? (
        <div className="training-empty">
          <p className="training-empty__title">NO_ACTIVE_SESSION</p>
          <p className="muted">WORKOUT_REQUIRED — generate one with the AI generator or the coach.</p>
        </div>
      ) : (
        <SessionBody workout={workout} {...actions} />
      )}
    </Panel>
  );
}

function SessionBody({
  workout,
  onToggle,
  onStart,
  onComplete,
  completing,
  onSwap,
  swapping,
}: Omit<ActiveSessionCardProps, 'loading' | 'workout'> & { workout: WorkoutView }) {
  const ticked = new Set(workout.ticked);
  const progress = sessionProgress(workout.creditsReward, ticked.size, workout.exercises.length);
  const times = workout.startedAt ? sessionTimes(workout.startedAt, workout.duration) : null;
  // One timer open at a time: the exercise being done.
  const [timerFor, setTimerFor] = useState<string | null>(null);
  return (
    <div className="training-session__body">
      <div className="training-session__head">
        <h3 className="training-session__name">{workout.name}</h3>
        <p className="muted">
          {workout.difficulty.toUpperCase()} · {workout.duration} MIN · {workout.creditsReward} FC MAX
        </p>
        {times ? (
          <p className="training-session__times" data-testid="session-times">
            STARTED {times.startedAt} · COMPLETE_FROM {times.completableFrom}
          </p>
        ) : (
          <div className="training-session__start">
            <button type="button" className="btn btn--secondary btn--small" onClick={onStart}>
              START_SESSION
            </button>
            <span className="muted">Credits from half of its {workout.duration} minutes after you start.</span>
          </div>
        )}
      </div>
      {workout.notes.length > 0 && (
        <ul className="training-notes" aria-label="Plan notes">
          {workout.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <ol className="exercise-list">
        {workout.exercises.map((exercise, index) => (
          <ExerciseRow
            key={exercise.id}
            exercise={exercise}
            number={index + 1}
            done={ticked.has(exercise.id)}
            onToggle={() => onToggle(exercise.id)}
            onSwap={() => onSwap(exercise.id)}
            swapping={swapping}
            timerOpen={timerFor === exercise.id}
            onTimer={() => setTimerFor((open) => (open === exercise.id ? null : exercise.id))}
            onBegin={() => !workout.startedAt && onStart()}
          />
        ))}
      </ol>
      <div className="training-progress">
        <div className="training-progress__figures">
          <span>
            COMPLETION <strong data-testid="completion-percent">{progress.percent}%</strong>
          </span>
          <span>
            POTENTIAL_CREDITS{' '}
            <strong className="accent" data-testid="potential-credits">
              {progress.potentialCredits}
            </strong>
          </span>
        </div>
        <ProgressBar label="Session completion" value={progress.percent} />
      </div>
      {ticked.size > 0 && (
        <button type="button" className="btn btn--primary btn--block" onClick={onComplete} disabled={completing}>
          {completing ? 'PROCESSING...' : 'COMPLETE_SESSION'}
        </button>
      )}
    </div>
  );
}

interface ExerciseRowProps {
  exercise: ExerciseView;
  number: number;
  done: boolean;
  onToggle: () => void;
  onSwap: () => void;
  swapping: string | null;
  timerOpen: boolean;
  onTimer: () => void;
  onBegin: () => void;
}

function ExerciseRow({
  exercise,
  number,
  done,
  onToggle,
  onSwap,
  swapping,
  timerOpen,
  onTimer,
  onBegin,
}: ExerciseRowProps) {
  const timed = exercise.dose?.kind === 'time' ? exercise.dose : null;
  const units = useUnits();
  return (
    <li className={`exercise${done ? ' is-done' : ''}`}>
      <label className="exercise__label">
        <input type="checkbox" checked={done} onChange={onToggle} aria-label={exercise.name} />
        <span className="exercise__number">{String(number).padStart(2, '0')}</span>
        <span className="exercise__text">
          <span className="exercise__name">
            {exercise.name} <span className="exercise__phase">{PHASE_LABEL[exercise.phase]}</span>
          </span>
          <span className="exercise__dose">{prescriptionIn(exercise, units)}</span>
          <span className="exercise__description">{exercise.description}</span>
        </span>
      </label>
      <div className="exercise__actions">
        {timed && (
          <button
            type="button"
            className="btn btn--small btn--secondary"
            aria-label={`Timer for ${exercise.name}`}
            aria-expanded={timerOpen}
            onClick={onTimer}
          >
            TIMER
          </button>
        )}
        {exercise.catalogueId && !done && (
          <button
            type="button"
            className="btn btn--small btn--secondary"
            aria-label={`Swap ${exercise.name}`}
            disabled={swapping !== null}
            onClick={onSwap}
          >
            {swapping === exercise.id ? 'SWAPPING…' : 'SWAP'}
          </button>
        )}
      </div>
      {timed && timerOpen && <IntervalTimer exerciseName={exercise.name} dose={timed} onBegin={onBegin} />}
    </li>
  );
}
