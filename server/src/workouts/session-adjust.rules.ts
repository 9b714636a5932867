/**
 * "Make today easier / harder / shorter": what a chat message asks to change in today's open
 * session, and the session it becomes (one level down or up, or fewer minutes). See
 * docs/product.md, "Coach and workout plans".
 */
import { statedMinutes } from '../ai/local/chat.rules';
import { DIFFICULTIES, Difficulty } from '../contract';
import type { AdjustKind, ScreeningLimits } from '../contract/job-shapes';
import { PLAN_MINUTES } from '../contract/values';

export interface SessionAdjustment {
  kind: AdjustKind;
  /** Minutes said for a shorter session ("make it 20 minutes"). */
  minutes?: number;
}

const KINDS: Array<[AdjustKind, RegExp]> = [
  ['shorter', /\b(shorter|quicker|less time|cut it (down|short)|too long)\b/],
  [
    'easier',
    /\b(easier|lighter|gentler|less intense|tone it down|too hard|too much today|dial it back|take it easy)\b/,
  ],
  ['harder', /\b(harder|tougher|more intense|more challenging|step it up|too easy)\b/],
];
/** The message is about changing today's session, not a question in general. */
const ABOUT_TODAY =
  /\b(make|can you make|change|turn|today'?s?|this (session|workout)|my (session|workout)|too (hard|easy|long|much))\b/;
/** "How do I make push-ups harder?" asks how, not for a change. */
const ASKS_HOW = /\bhow (do|can|should|would) (i|you)\b/;

/** The change a message asks for, or null; "shorter" wins over the others when both are said. */
export function readAdjustment(message: string): SessionAdjustment | null {
  const text = message.toLowerCase().replace(/[’‘]/g, "'");
  if (!ABOUT_TODAY.test(text) || ASKS_HOW.test(text)) return null;
  const kind = KINDS.find(([, words]) => words.test(text))?.[0];
  if (!kind) return null;
  const minutes = statedMinutes(text);
  return kind === 'shorter' && minutes !== undefined ? { kind, minutes } : { kind };
}

/**
 * The level and minutes of the adjusted session; null when it is already as easy, hard or short as a
 * session goes, or as hard as the health screening it was planned under allows.
 */
export function adjustedShape(
  current: { difficulty: Difficulty; minutes: number },
  adjustment: SessionAdjustment,
  screening?: Pick<ScreeningLimits, 'maxDifficulty'>,
): { difficulty: Difficulty; minutes: number } | null {
  const level = DIFFICULTIES.indexOf(current.difficulty);
  const hardest = DIFFICULTIES.indexOf(screening?.maxDifficulty ?? 'advanced');
  if (adjustment.kind === 'harder') return level < hardest ? { ...current, difficulty: DIFFICULTIES[level + 1] } : null;
  if (adjustment.kind === 'easier' && level > 0) return { ...current, difficulty: DIFFICULTIES[level - 1] };
  // Easier at beginner level is shorter: about two thirds of the time, in steps of 5 minutes.
  const minutes = adjustment.minutes ?? Math.max(PLAN_MINUTES.min, Math.round((current.minutes * 2) / 3 / 5) * 5);
  return minutes < current.minutes ? { ...current, minutes } : null;
}
