import type { ExerciseDose } from '@contract';
import { useEffect, useMemo, useState } from 'react';

import { useHoldUpdate } from '../../app/appUpdate';
import { ProgressBar } from '../../ui/ProgressBar';
import { clockFace, intervalPhases, timerPosition } from './timer.logic';

interface IntervalTimerProps {
  exerciseName: string;
  dose: ExerciseDose;
  /** Called when the timer is first started: training has begun. */
  onBegin: () => void;
}

const TICK_MS = 250;

/**
 * A work/rest countdown for a timed exercise, on the browser's clock: START, PAUSE and RESUME keep
 * the time already run; each phase change is announced politely to screen readers (the countdown
 * itself is not read out). With reduced motion asked for, the bar moves by whole seconds and the
 * phase change does not flash.
 */
export function IntervalTimer({ exerciseName, dose, onBegin }: IntervalTimerProps) {
  const phases = useMemo(() => intervalPhases(exerciseName, dose) ?? [], [exerciseName, dose]);
  const [reducedMotion] = useState(() => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
  const [elapsedBefore, setElapsedBefore] = useState(0);
  const [runningSince, setRunningSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [announcement, setAnnouncement] = useState('');
  // The phase last announced (-1: none since the start or a reset).
  const [announced, setAnnounced] = useState(-1);

  const running = runningSince !== null;
  const elapsed = elapsedBefore + (running ? Math.max(0, now - runningSince) : 0);
  const position = timerPosition(phases, elapsed);
  const phase = phases[position.index];
  const total = phases.reduce((sum, p) => sum + p.seconds * 1000, 0);
  // The time run so far lives only here: a new build's reload waits while the timer runs or is paused midway.
  useHoldUpdate(running || (elapsedBefore > 0 && !position.done));

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [running]);

  // Adjusted while rendering (not in an effect, which would paint the stale phase first): the run
  // stops at its end, and each phase entered is announced once.
  if (running && position.done) {
    setElapsedBefore(total);
    setRunningSince(null);
    setAnnouncement(`${exerciseName} done`);
  } else if (running && announced !== position.index) {
    setAnnounced(position.index);
    setAnnouncement(phases[position.index].announcement);
  }

  function toggle() {
    const at = Date.now();
    if (running) {
      setElapsedBefore((before) => before + (at - (runningSince ?? at)));
      setRunningSince(null);
      setAnnouncement('Paused');
      return;
    }
    if (position.done) {
      setElapsedBefore(0);
      setAnnounced(-1);
    } else if (announced !== -1) {
      setAnnouncement('Resumed');
    }
    if (elapsedBefore === 0) onBegin();
    setNow(at);
    setRunningSince(at);
  }

  function reset() {
    setElapsedBefore(0);
    setRunningSince(null);
    setAnnounced(-1);
    setAnnouncement('Timer reset');
  }

  if (!phase) return null;
  const shownRemaining = reducedMotion ? Math.ceil(position.remainingMs / 1000) * 1000 : position.remainingMs;
  const phaseDone = Math.round(100 - (shownRemaining / (phase.seconds * 1000)) * 100);
  const label = position.done ? 'DONE' : phase.label;
  return (
    <div
      className={`interval-timer interval-timer--${position.done ? 'done' : phase.kind}`}
      role="group"
      aria-label={`Timer: ${exerciseName}`}
      data-motion={reducedMotion ? 'reduced' : 'full'}
    >
      {/* Keyed by phase: the flash replays on each change, unless motion is reduced. */}
      <div key={position.index} className={`interval-timer__face${reducedMotion ? '' : ' is-new'}`}>
        <p className="interval-timer__phase">{label}</p>
        <p className="interval-timer__clock" role="timer" aria-label={`${label}: time left`}>
          {clockFace(position.remainingMs)}
        </p>
        <p className="interval-timer__step muted">
          PHASE {position.index + 1}/{phases.length}
        </p>
      </div>
      <ProgressBar label={`${label} progress`} value={phaseDone} />
      <div className="interval-timer__controls">
        <button type="button" className="btn btn--small btn--primary" onClick={toggle}>
          {running ? 'PAUSE_TIMER' : elapsed > 0 && !position.done ? 'RESUME_TIMER' : 'START_TIMER'}
        </button>
        <button type="button" className="btn btn--small btn--secondary" onClick={reset} disabled={elapsed === 0}>
          RESET_TIMER
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
