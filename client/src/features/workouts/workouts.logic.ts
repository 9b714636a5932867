/** What the active session card shows while exercises are ticked (the server recomputes on completion). */
import type { ErrorCode, Intensity, WorkoutView } from '@contract';
import { sessionCompletableAt, sessionCredits, sessionIntensity } from '@contract/values';

import { SESSION_REFUSALS } from '../../api/errorTitles';
import { formatTime } from '../../ui/dates';

export interface SessionProgress {
  percent: number;
  /** docs/product.md: round(creditsReward × fraction ticked). */
  potentialCredits: number;
  intensity: Intensity;
}

/** The server's own rules (contract values), so the card shows what completing will pay. */
export function sessionProgress(creditsReward: number, ticked: number, total: number): SessionProgress {
  const fraction = total > 0 ? Math.min(ticked, total) / total : 0;
  return {
    percent: Math.round(fraction * 100),
    potentialCredits: sessionCredits(creditsReward, ticked, total),
    intensity: sessionIntensity(ticked, total),
  };
}

/** The generate-from-chat button appears once the chat has more than this many messages (the server's coach reads the same). */
export { CHAT_MESSAGES_BEFORE_GENERATE } from '@contract/values';

/** When an active session started and from when it may be completed, as times of the browser's day (the server decides). */
export function sessionTimes(
  startedAt: string,
  plannedMinutes: number,
): { startedAt: string; completableFrom: string } {
  const start = Date.parse(startedAt);
  // Rounded up like the server's refusal, so both name the same minute.
  const from = Math.ceil(sessionCompletableAt(start, plannedMinutes) / 60_000) * 60_000;
  return { startedAt: formatTime(start), completableFrom: formatTime(from) };
}

/** A session with ticks or a recorded start: a new workout would replace it, so the page asks first. */
export const sessionUnderWay = (workout: Pick<WorkoutView, 'ticked' | 'startedAt'>): boolean =>
  workout.ticked.length > 0 || workout.startedAt !== null;

/** The server refused a completion by a session rule (its message says from when or why). */
export function isSessionRefusal(error: unknown): boolean {
  const code = (error as { code?: ErrorCode } | null)?.code;
  return code !== undefined && SESSION_REFUSALS[code] === true;
}
