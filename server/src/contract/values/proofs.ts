import type { UploadPurpose } from './uploads';

/** SPEC §3 "Proof kinds": a gym selfie, a workout video, an activity-watch screenshot. */
export const PROOF_KINDS = ['gym_selfie', 'workout_video', 'apple_watch'] as const;

/** The upload purpose (and so the limits) of each proof kind. */
export const PROOF_PURPOSES: Record<(typeof PROOF_KINDS)[number], UploadPurpose> = {
  gym_selfie: 'proof:gym_selfie',
  workout_video: 'proof:workout_video',
  apple_watch: 'proof:apple_watch',
};

/** Letters and digits of the daily challenge code: none that a phone photo can misread as another (no 0/O, 1/I/L). */
export const CHALLENGE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CHALLENGE_LENGTH = 6;
