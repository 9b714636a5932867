import type { ExerciseView, SessionLogView, WorkoutView } from '@contract';
import { prescriptionIn, sessionDone } from '@contract/values';
import { type ReactNode, useState } from 'react';

import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { useUnits } from '../profile/useUnits';
import { IntervalTimer } from './IntervalTimer';
import { ExerciseHistoryDialog } from './log/ExerciseHistoryDialog';
import { ExerciseSets, type SetEntry } from './log/ExerciseSets';
import { type ShownSession, workSetCounts } from './log/sessionLog.logic';
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
  /** The session as the server has it with this device's waiting changes over it. */
  session: ShownSession | null;
  log: SessionLogView | undefined;
  onLogSet: (exercise: ExerciseView, entry: SetEntry) => void;
  onRemoveSet: (key: string) => void;
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
  session,
  log,
  onLogSet,
  onRemoveSet,
}: Omit<ActiveSessionCardProps, 'loading' | 'workout'> & { workout: WorkoutView }) {
  const units = useUnits();
  const ticked = new Set(session?.ticked ?? workout.ticked);
  const sets = session?.sets ?? [];
  const done = sessionDone(workout.exercises, [...ticked], workSetCounts(sets));
  const progress = sessionProgress(workout.creditsReward, done, workout.exercises.length);
  const times = workout.startedAt ? sessionTimes(workout.startedAt, workout.duration) : null;
  // One timer open at a time: the exercise being done.
  const [timerFor, setTimerFor] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<ExerciseView | null>(null);
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
        ) : session?.started ? (
          <p className="training-session__times muted">STARTED — waiting to sync</p>
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
      {session && session.waiting > 0 && (
        <p className="training-sync" role="status" data-testid="sync-status">
          <span className="tag">TO_SYNC</span> {session.waiting} {session.waiting === 1 ? 'change' : 'changes'} waiting
          to sync{session.completing ? ', the completion among them' : ''}: they are kept on this device and sent when
          the network returns.
        </p>
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
            sets={
              <ExerciseSets
                exercise={exercise}
                sets={sets.filter((s) => s.exerciseId === exercise.id)}
                lastTime={log?.lastTime[exercise.id]}
                barbell={log?.barbellExercises.includes(exercise.id) ?? false}
                units={units}
                onLog={(entry) => onLogSet(exercise, entry)}
                onRemove={onRemoveSet}
              />
            }
            onHistory={exercise.catalogueId ? () => setHistoryOf(exercise) : undefined}
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
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={onComplete}
          disabled={completing || session?.completing}
        >
          {completing ? 'PROCESSING...' : session?.completing ? 'COMPLETION_WAITING_TO_SYNC' : 'COMPLETE_SESSION'}
        </button>
      )}
      {historyOf?.catalogueId && (
        <ExerciseHistoryDialog
          catalogueId={historyOf.catalogueId}
          exerciseName={historyOf.name}
          units={units}
          onClose={() => setHistoryOf(null)}
        />
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
  /** The exercise's sets to log. */
  sets: ReactNode;
  /** HISTORY: its past sets and records. */
  onHistory?: () => void;
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
  sets,
  onHistory,
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
        {onHistory && (
          <button
            type="button"
            className="btn btn--small btn--secondary"
            aria-label={`History of ${exercise.name}`}
            onClick={onHistory}
          >
            HISTORY
          </button>
        )}
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
      {sets}
    </li>
  );
}
