import type { UploadPurpose } from './uploads';

/** docs/product.md "Proof kinds": a gym selfie, a workout video, an activity-watch screenshot. */
export const PROOF_KINDS = ['gym_selfie', 'workout_video', 'apple_watch'] as const;

/** The upload purpose (and so the limits) of each proof kind. */
export const PROOF_PURPOSES: Record<(typeof PROOF_KINDS)[number], UploadPurpose> = {
  gym_selfie: 'proof:gym_selfie',
  workout_video: 'proof:workout_video',
  apple_watch: 'proof:apple_watch',
};

/** The activity slot's other choice: an exported activity file (ACTIVITY_FORMATS) instead of a screenshot. */
export const ACTIVITY_FILE_PURPOSE = 'proof:activity_file' satisfies UploadPurpose;

/** The upload purposes each slot takes. */
export const PROOF_SLOT_PURPOSES: Record<(typeof PROOF_KINDS)[number], readonly UploadPurpose[]> = {
  gym_selfie: [PROOF_PURPOSES.gym_selfie],
  workout_video: [PROOF_PURPOSES.workout_video],
  apple_watch: [PROOF_PURPOSES.apple_watch, ACTIVITY_FILE_PURPOSE],
};

/** Every purpose a proof file is uploaded for (retention deletes them all after the same time). */
export const PROOF_UPLOAD_PURPOSES: readonly UploadPurpose[] = Object.values(PROOF_SLOT_PURPOSES).flat();

/** Letters and digits of the daily challenge code: none that a phone photo can misread as another (no 0/O, 1/I/L). */
export const CHALLENGE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CHALLENGE_LENGTH = 6;
