import type { ProofKind, UploadUrlResponse } from '@contract';
import {
  ACTIVITY_FILE_EXTENSIONS,
  ACTIVITY_FILE_MIMES,
  ACTIVITY_FORMATS,
  checkActivityFile,
  describeBytes,
  PROOF_PURPOSES,
  UPLOAD_PURPOSES,
} from '@contract/values';

import type { ApiError } from '../../api/api';

export interface ProofSlotSpec {
  kind: ProofKind;
  /** Slot name as the dialog shows it. */
  name: string;
  /** Toast wording: '<label> Uploaded'. */
  label: string;
  hint: string;
  /** The file picker's filter: the types the server takes for this kind. */
  accept: string;
  /** docs/product.md: 10 MB for the selfie and the watch screenshot, 52428800 bytes for the video. */
  maxBytes: number;
  /** Which phone camera the picker opens (the selfie faces you; the video films the session); none: the gallery. */
  capture?: 'user' | 'environment';
}

/** A slot's limits are its upload purpose's, so the dialog refuses exactly what the server would. */
function slot(
  kind: ProofKind,
  name: string,
  label: string,
  hint: string,
  capture?: ProofSlotSpec['capture'],
): ProofSlotSpec {
  const { allowedTypes, maxBytes } = UPLOAD_PURPOSES[PROOF_PURPOSES[kind]];
  // The activity slot also takes exported activity files, by extension (browsers know few of their types).
  const activityFiles = kind === 'apple_watch' ? [...ACTIVITY_FILE_EXTENSIONS, ...ACTIVITY_FILE_MIMES] : [];
  return {
    kind,
    name,
    label,
    hint,
    accept: [...allowedTypes, ...activityFiles].join(','),
    maxBytes,
    ...(capture ? { capture } : {}),
  };
}

export const PROOF_SLOTS: readonly ProofSlotSpec[] = [
  slot('gym_selfie', 'GYM_SELFIE', 'Gym Selfie', "You at the gym, with today's code in view", 'user'),
  slot('workout_video', 'WORKOUT_VIDEO', 'Workout Video', 'A short clip of your session, code in view', 'environment'),
  slot(
    'apple_watch',
    'ACTIVITY_WATCH',
    'Activity Watch',
    "Screenshot of today's activity, or its file: FIT, TCX, GPX or Apple Health export.zip",
  ),
];

export const PROOFS_REQUIRED = PROOF_SLOTS.length;

/** A slot's upload while it runs (`retry`: a lost connection is being retried), or after it failed. */
export type SlotUpload =
  | { phase: 'sending'; percent: number; retry?: { attempt: number; of: number } }
  | {
      phase: 'failed';
      reason: string;
      file: File;
      /** Where RETRY continues when the URL may still hold the file's start; otherwise it asks a new one. */
      resumeAt?: UploadUrlResponse;
      /** False when the file itself was refused (too large, wrong type): another file is needed. */
      canRetry: boolean;
    };

export const PROOF_RULES = [
  'Upload all 3 proof types in any order',
  'Validation happens together after all uploads',
  'Validation is possible only once per day',
  'Missing a day resets the streak to 0',
] as const;

/**
 * docs/product.md: a failed validation shows the server's message, or 'Validation failed' when the server
 * answered without one; 'Failed to validate your proofs' when no answer came at all (offline, timeout).
 */
export function validationFailureText(error: unknown): string {
  const answer = error as Partial<ApiError> | undefined;
  if (typeof answer?.status !== 'number') return 'Failed to validate your proofs';
  return answer.detail ?? 'Validation failed';
}

export type PickedFile = { activityFile: boolean; problem: string | null };

/**
 * What a picked file is for its slot, and why it cannot be sent (the server's own rules): in the
 * activity slot a file named .fit, .tcx, .gpx or .zip is an activity file, whose declared type
 * must agree with its name and whose size its format limits; anything else the slot's own limit.
 */
export function checkPickedFile(slot: ProofSlotSpec, file: File): PickedFile {
  const activity = slot.kind === 'apple_watch' ? checkActivityFile(file.name, file.type) : null;
  if (activity && !activity.ok) return { activityFile: true, problem: activity.message };
  const maxBytes = activity ? ACTIVITY_FORMATS[activity.format].maxBytes : slot.maxBytes;
  return {
    activityFile: activity !== null,
    problem: file.size > maxBytes ? `The file is larger than ${describeBytes(maxBytes)}` : null,
  };
}
