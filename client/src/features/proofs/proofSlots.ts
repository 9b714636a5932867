import type { ProofKind } from '@contract';
import type { ApiError } from '../../api/api';

const MEGABYTE = 1024 * 1024;

export interface ProofSlotSpec {
  kind: ProofKind;
  /** Slot name as the dialog shows it. */
  name: string;
  /** Toast wording: '<label> Uploaded'. */
  label: string;
  hint: string;
  accept: string;
  /** SPEC §5: 10 MB for the selfie and the watch screenshot, 52428800 bytes for the video. */
  maxBytes: number;
}

export const PROOF_SLOTS: readonly ProofSlotSpec[] = [
  {
    kind: 'gym_selfie',
    name: 'GYM_SELFIE',
    label: 'Gym Selfie',
    hint: "You at the gym, with today's code in view",
    accept: 'image/jpeg,image/png,image/webp',
    maxBytes: 10 * MEGABYTE,
  },
  {
    kind: 'workout_video',
    name: 'WORKOUT_VIDEO',
    label: 'Workout Video',
    hint: 'A short clip of your session, code in view',
    accept: 'video/mp4,video/webm,video/quicktime',
    maxBytes: 50 * MEGABYTE,
  },
  {
    kind: 'apple_watch',
    name: 'ACTIVITY_WATCH',
    label: 'Activity Watch',
    hint: "Screenshot of today's activity on your watch",
    accept: 'image/jpeg,image/png,image/webp',
    maxBytes: 10 * MEGABYTE,
  },
];

export const PROOFS_REQUIRED = PROOF_SLOTS.length;

export const PROOF_RULES = [
  'Upload all 3 proof types in any order',
  'Validation happens together after all uploads',
  'Validation is possible only once per day',
  'Missing a day resets the streak to 0',
] as const;

/**
 * SPEC §8: a failed validation shows the server's message, or 'Validation failed' when the server
 * answered without one; 'Failed to validate your proofs' when no answer came at all (offline, timeout).
 */
export function validationFailureText(error: unknown): string {
  const answer = error as Partial<ApiError> | undefined;
  if (typeof answer?.status !== 'number') return 'Failed to validate your proofs';
  return answer.detail ?? 'Validation failed';
}
