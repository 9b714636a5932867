import { createHmac } from 'node:crypto';

import { AppError } from '../common/errors';
import {
  CHALLENGE_ALPHABET,
  CHALLENGE_LENGTH,
  EvidenceCheck,
  FALLBACK_TIME_ZONE,
  PROOF_KINDS,
  ProofKind,
  ProofValidateRequest,
} from '../contract';
import { dayIn, ianaTimeZone, previousDay } from '../users/users.rules';

/** Pure rules of the daily proof: days and time zones, streaks, the challenge code, completeness. */

/** Proof files are kept this long; the proof day and its check results stay. */
export const PROOF_MEDIA_RETENTION_DAYS = 30;

/** Past twice the proof.check job's timeout, no live request can still be working on a day: it is stuck. */
export const stuckAfterMs = (jobTimeoutMs: number) => 2 * jobTimeoutMs;

/** An IANA time zone name Intl knows, or null. `undefined` (not sent) means UTC. */
export function resolveTimeZone(name: string | undefined): string | null {
  return name === undefined ? FALLBACK_TIME_ZONE : ianaTimeZone(name);
}

/** The time zone a proof call names (UTC when none), or a 400 naming the unknown one. */
export function requireTimeZone(name: string | undefined): string {
  const timeZone = resolveTimeZone(name);
  if (!timeZone)
    throw new AppError(
      'PROOF_INVALID_TIME_ZONE',
      `Unknown time zone "${name}": send an IANA name such as Europe/Berlin`,
      'Invalid Time Zone',
    );
  return timeZone;
}

/** "Today" for a user: the calendar day of `now` in their time zone. */
export function proofDay(now: Date, timeZone: string): string {
  return dayIn(now, timeZone);
}

export interface LastProofDay {
  day: string;
  streakAfter: number;
}

export type StreakStep = { ok: true; streak: number } | { ok: false; reason: 'already-validated' };

/**
 * The streak after validating `today`: yesterday's streak + 1, otherwise 1 (first ever, or a gap).
 * A day on or before the last validated one is refused: once per day, and a time zone switched
 * backwards must not validate a day twice.
 */
export function nextStreak(last: LastProofDay | null, today: string): StreakStep {
  if (!last) return { ok: true, streak: 1 };
  if (last.day >= today) return { ok: false, reason: 'already-validated' };
  return { ok: true, streak: last.day === previousDay(today) ? last.streakAfter + 1 : 1 };
}

export const longestStreakAfter = (longest: number, streak: number) => Math.max(longest, streak);

/**
 * The user's code for a day: shown in the dialog, written on paper in the selfie and the video, so
 * a photo from another day or person does not pass the vision check. Derived (HMAC), never stored.
 */
export function challengeCode(secret: string, userId: string, day: string): string {
  const digest = createHmac('sha256', secret).update(`proof-challenge:${userId}:${day}`).digest();
  let code = '';
  for (let i = 0; i < CHALLENGE_LENGTH; i++) code += CHALLENGE_ALPHABET[digest[i] % CHALLENGE_ALPHABET.length];
  return code;
}

/** The kinds a request lacks, in the product’s order. */
export function missingKinds(proofs: ProofValidateRequest['proofs']): ProofKind[] {
  return PROOF_KINDS.filter((kind) => !proofs[kind]);
}

export const KIND_LABELS: Record<ProofKind, string> = {
  gym_selfie: 'gym selfie',
  workout_video: 'workout video',
  apple_watch: 'activity-watch screenshot',
};

export function describeMissing(missing: ProofKind[]): string {
  const names = missing.map((k) => KIND_LABELS[k]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0];
  return `All 3 proofs are needed: the ${list} ${names.length > 1 ? 'are' : 'is'} missing`;
}

/**
 * The 422 message when files were refused: each refused file with the reasons of its failed
 * checks ("Gym selfie: No person found in the selfie; Code 7K2Q9X not found: show it on paper or a screen").
 */
export function describeRefusal(checks: Partial<Record<ProofKind, EvidenceCheck[]>>): string | null {
  const refused = PROOF_KINDS.filter((kind) => checks[kind]?.some((c) => !c.passed)).map((kind) => {
    const label = KIND_LABELS[kind];
    const reasons = checks[kind]!.filter((c) => !c.passed).map((c) => c.reason);
    return `${label[0].toUpperCase()}${label.slice(1)}: ${reasons.join('; ')}`;
  });
  return refused.length ? refused.join('. ') : null;
}

/** Ledger keys of one day's two movements: draining pending, crediting the balance. */
export function proofLedgerKeys(userId: string, day: string): { drain: string; credit: string } {
  return { drain: `proof:${userId}:${day}:pending`, credit: `proof:${userId}:${day}` };
}
