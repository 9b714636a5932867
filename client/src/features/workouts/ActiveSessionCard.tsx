import type { WorkoutView } from '@contract';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { sessionProgress } from './workouts.logic';

interface ActiveSessionCardProps {
  workout: WorkoutView | null | undefined;
  loading: boolean;
  ticked: ReadonlySet<string>;
  onToggle: (exerciseId: string) => void;
  onComplete: () => void;
  completing: boolean;
  /** Replaces one exercise with an equivalent (same movement, equipment at hand). */
  onSwap: (exerciseId: string) => void;
  /** The exercise being swapped, if any. */
  swapping: string | null;
}

const PHASE_LABEL = { warmup: 'WARM-UP', main: 'MAIN', cooldown: 'COOL-DOWN' } as const;

export function ActiveSessionCard({ workout, loading, ticked, onToggle, onComplete, completing, onSwap, swapping }: ActiveSessionCardProps) {
  const status = workout ? 'READY' : 'PENDING';
  return (
    <Panel title="ACTIVE_SESSION" aside={<span className={`tag${workout ? ' tag--ok' : ''}`}>{loading ? 'LOADING' : status}</span>} className="training-session">
      {loading ? (
        <p className="training-empty" role="status">
          LOADING_SESSION<span className="cursor" />
        </p>
      ) : !workout ? (
        <div className="training-empty">
          <p className="training-empty__title">NO_ACTIVE_SESSION</p>
          <p className="muted">WORKOUT_REQUIRED — generate one with the AI generator or the coach.</p>
        </div>
      ) : (
        <SessionBody workout={workout} ticked={ticked} onToggle={onToggle} onComplete={onComplete} completing={completing} onSwap={onSwap} swapping={swapping} />
      )}
    </Panel>
  );
}

function SessionBody({ workout, ticked, onToggle, onComplete, completing, onSwap, swapping }: Omit<ActiveSessionCardProps, 'loading' | 'workout'> & { workout: WorkoutView }) {
  const progress = sessionProgress(workout.creditsReward, ticked.size, workout.exercises.length);
  return (
    <div className="training-session__body">
      <div className="training-session__head">
        <h3 className="training-session__name">{workout.name}</h3>
        <p className="muted">
          {workout.difficulty.toUpperCase()} · {workout.duration} MIN · {workout.creditsReward} FC MAX
        </p>
      </div>
      {workout.notes.length > 0 && (
        <ul className="training-notes" aria-label="Plan notes">
          {workout.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
      <ol className="exercise-list">
        {workout.exercises.map((exercise, index) => {
          const done = ticked.has(exercise.id);
          return (
            <li key={exercise.id} className={`exercise${done ? ' is-done' : ''}`}>
              <label className="exercise__label">
                <input type="checkbox" checked={done} onChange={() => onToggle(exercise.id)} aria-label={exercise.name} />
                <span className="exercise__number">{String(index + 1).padStart(2, '0')}</span>
                <span className="exercise__text">
                  <span className="exercise__name">
                    {exercise.name} <span className="exercise__phase">{PHASE_LABEL[exercise.phase]}</span>
                  </span>
                  <span className="exercise__dose">{exercise.prescription}</span>
                  <span className="exercise__description">{exercise.description}</span>
                </span>
              </label>
              {exercise.catalogueId && !done && (
                <button
                  type="button"
                  className="btn btn--small btn--secondary exercise__swap"
                  aria-label={`Swap ${exercise.name}`}
                  disabled={swapping !== null}
                  onClick={() => onSwap(exercise.id)}
                >
                  {swapping === exercise.id ? 'SWAPPING…' : 'SWAP'}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      <div className="training-progress">
        <div className="training-progress__figures">
          <span>
            COMPLETION <strong data-testid="completion-percent">{progress.percent}%</strong>
          </span>
          <span>
            POTENTIAL_CREDITS <strong className="accent" data-testid="potential-credits">{progress.potentialCredits}</strong>
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
