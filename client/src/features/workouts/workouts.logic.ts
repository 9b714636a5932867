/** What the active session card shows while exercises are ticked (the server recomputes on completion). */
import type { Intensity } from '@contract';

export interface SessionProgress {
  percent: number;
  /** SPEC §9: round(creditsReward × fraction ticked). */
  potentialCredits: number;
  intensity: Intensity;
}

export function sessionProgress(creditsReward: number, ticked: number, total: number): SessionProgress {
  const fraction = total > 0 ? Math.min(ticked, total) / total : 0;
  // SPEC §4: intense at 80 % or more, moderate at 50 % or more, otherwise light.
  const intensity: Intensity = fraction >= 0.8 ? 'intense' : fraction >= 0.5 ? 'moderate' : 'light';
  return { percent: Math.round(fraction * 100), potentialCredits: Math.round(creditsReward * fraction), intensity };
}

/** A fresh key for following one AI job (contract JobKey: 8–64 letters, digits, dashes). */
export function newJobKey(): string {
  return crypto.randomUUID();
}

/** SPEC §9: the generate-from-chat button appears once the chat has more than 2 messages. */
export const CHAT_MESSAGES_BEFORE_GENERATE = 2;
