/** What the active session card shows while exercises are ticked (the server recomputes on completion). */
import type { Intensity } from '@contract';
import { sessionCredits, sessionIntensity } from '@contract/values';

export interface SessionProgress {
  percent: number;
  /** SPEC §9: round(creditsReward × fraction ticked). */
  potentialCredits: number;
  intensity: Intensity;
}

/** The server's own rules (contract values), so the card shows what completing will pay. */
export function sessionProgress(creditsReward: number, ticked: number, total: number): SessionProgress {
  const fraction = total > 0 ? Math.min(ticked, total) / total : 0;
  return { percent: Math.round(fraction * 100), potentialCredits: sessionCredits(creditsReward, ticked, total), intensity: sessionIntensity(ticked, total) };
}

/** SPEC §9: the generate-from-chat button appears once the chat has more than 2 messages. */
export const CHAT_MESSAGES_BEFORE_GENERATE = 2;
