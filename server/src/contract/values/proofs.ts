import type { UploadPurpose } from './uploads';

/** SPEC §3 "Proof kinds": a gym selfie, a workout video, an activity-watch screenshot. */
export const PROOF_KINDS = ['gym_selfie', 'workout_video', 'apple_watch'] as const;

/** The upload purpose (and so the limits) of each proof kind. */
export const PROOF_PURPOSES: Record<(typeof PROOF_KINDS)[number], UploadPurpose> = {
  gym_selfie: 'proof:gym_selfie',
  workout_video: 'proof:workout_video',
  apple_watch: 'proof:apple_watch',
};
