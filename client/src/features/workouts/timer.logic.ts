/** The active session's interval timer: a timed exercise's dose as work and rest phases, and where a run of it stands. */
import type { ExerciseDose } from '@contract';

export interface TimerPhase {
  kind: 'work' | 'rest';
  seconds: number;
  /** What the timer shows, e.g. "WORK · SET 2/3 · LEFT". */
  label: string;
  /** What a screen reader is told when the phase begins. */
  announcement: string;
}

/**
 * The phases of a timed dose (HIIT work and rest, holds, steady blocks): each set's work, both
 * sides back to back for a one-sided move, and the rest between sets (none after the last). Null
 * for doses counted in reps or distance, which the user paces.
 */
export function intervalPhases(exerciseName: string, dose: ExerciseDose): TimerPhase[] | null {
  if (dose.kind !== 'time') return null;
  const sides = dose.eachSide ? (['LEFT', 'RIGHT'] as const) : [null];
  const phases: TimerPhase[] = [];
  for (let set = 1; set <= dose.sets; set++) {
    for (const side of sides) {
      const label = ['WORK', dose.sets > 1 ? `SET ${set}/${dose.sets}` : null, side].filter(Boolean).join(' · ');
      const which = [dose.sets > 1 ? `set ${set} of ${dose.sets}` : null, side ? `${side.toLowerCase()} side` : null]
        .filter(Boolean)
        .join(', ');
      phases.push({
        kind: 'work',
        seconds: dose.workSeconds,
        label,
        announcement: `${exerciseName}${which ? `, ${which}` : ''}: work ${spoken(dose.workSeconds)}`,
      });
    }
    if (set < dose.sets && dose.restSeconds > 0) {
      phases.push({
        kind: 'rest',
        seconds: dose.restSeconds,
        label: 'REST',
        announcement: `Rest ${spoken(dose.restSeconds)}`,
      });
    }
  }
  return phases;
}

export interface TimerPosition {
  /** The running phase (the last one once done). */
  index: number;
  /** Milliseconds left in it. */
  remainingMs: number;
  done: boolean;
}

/** Where a timer stands after `elapsedMs` of running (pauses excluded). */
export function timerPosition(phases: readonly TimerPhase[], elapsedMs: number): TimerPosition {
  let left = Math.max(0, elapsedMs);
  for (let index = 0; index < phases.length; index++) {
    const length = phases[index].seconds * 1000;
    if (left < length) return { index, remainingMs: length - left, done: false };
    left -= length;
  }
  return { index: phases.length - 1, remainingMs: 0, done: true };
}

/** "0:40", "12:05": whole seconds, rounded up so a phase never shows 0:00 while it runs. */
export function clockFace(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function spoken(seconds: number): string {
  if (seconds < 120 || seconds % 60) return `${seconds} seconds`;
  return `${seconds / 60} minutes`;
}
