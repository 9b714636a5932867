import { z } from 'zod';

import { ActivitySummary } from './activities';
import { ObjectIdString, TimeZoneName } from './common';
import { singleLineText } from './text';
import { AnnouncedUploadSize } from './uploads';
import { EVIDENCE_CHECKS, PROOF_KINDS, PROOF_SLOT_PURPOSES, UPLOAD_PURPOSES } from './values';

export const ProofKind = z.enum(PROOF_KINDS);
export type ProofKind = z.infer<typeof ProofKind>;

/** A content type as a browser declares it ('' when it does not know the extension). */
const DeclaredContentType = z
  .string()
  .max(127)
  .regex(/^([\w.+-]+\/[\w.+-]+)?$/, 'must be a content type such as image/png');

/**
 * Optional body of POST /api/proof/upload-url: which slot (limits differ), and the size to refuse
 * early (required with the S3 driver, which signs it into the URL). The activity slot also takes an exported activity file: its name (the extension picks the
 * format) and declared type, which must agree with each other and, on arrival, with its bytes.
 */
export const ProofUploadUrlRequest = z
  .strictObject({
    kind: ProofKind.default('gym_selfie'),
    size: AnnouncedUploadSize.optional(),
    fileName: singleLineText(z.string().min(1).max(255)).optional(),
    contentType: DeclaredContentType.optional(),
  })
  // Each kind with its own size limit, the largest of what its slot takes, as the document states it
  // (the kind may be left out for the selfie's).
  .meta({
    anyOf: PROOF_KINDS.map((kind) => ({
      properties: {
        kind: { enum: [kind] },
        size: { maximum: Math.max(...PROOF_SLOT_PURPOSES[kind].map((purpose) => UPLOAD_PURPOSES[purpose].maxBytes)) },
      },
      ...(kind === 'gym_selfie' ? {} : { required: ['kind'] }),
    })),
  });
export type ProofUploadUrlRequest = z.infer<typeof ProofUploadUrlRequest>;

/**
 * POST /api/proof/validate-all: each kind's uploadURL. The kinds are optional here so a missing
 * one is answered with a message naming it (400 PROOF_MISSING) rather than a schema error; the
 * document states all three as required.
 */
export const ProofValidateRequest = z.strictObject({
  proofs: z
    .strictObject({
      gym_selfie: z.string().min(1).max(2048).optional(),
      workout_video: z.string().min(1).max(2048).optional(),
      apple_watch: z.string().min(1).max(2048).optional(),
    })
    .meta({ required: [...PROOF_KINDS] }),
  timeZone: TimeZoneName.optional(),
});
export type ProofValidateRequest = z.infer<typeof ProofValidateRequest>;

/** docs/product.md "Proof validation result". */
export const ProofValidationResult = z.object({
  coinsValidated: z.number().int().min(0),
  newBalance: z.number().int().min(0),
  newStreak: z.number().int().min(1),
});
export type ProofValidationResult = z.infer<typeof ProofValidationResult>;

export const ProofTodayQuery = z.strictObject({ timeZone: TimeZoneName.optional() });
export type ProofTodayQuery = z.infer<typeof ProofTodayQuery>;

/** GET /api/proof/challenge: today's code to show in the selfie and the video, and whether today is done. */
export const ProofChallenge = z.object({
  day: z.string(),
  code: z.string(),
  validatedToday: z.boolean(),
});
export type ProofChallenge = z.infer<typeof ProofChallenge>;

/** One check the proof.check job ran on a file: what was checked, whether it passed, and why. */
export const EvidenceCheck = z.object({
  name: z.enum(EVIDENCE_CHECKS),
  passed: z.boolean(),
  reason: z.string(),
});
export type EvidenceCheck = z.infer<typeof EvidenceCheck>;

/**
 * POST /api/proof/check: one slot's finished upload, checked as soon as it is uploaded (the same
 * checks validate-all runs); the time zone names "today" and its code, like validate-all's.
 */
export const ProofCheckRequest = z.strictObject({
  kind: ProofKind,
  fileUrl: z.string().min(1).max(2048),
  timeZone: TimeZoneName.optional(),
});
export type ProofCheckRequest = z.infer<typeof ProofCheckRequest>;

/** What one file's checks found: whether validation would accept it, and each check with its reason. */
export const ProofCheckResult = z.object({
  accepted: z.boolean(),
  checks: z.array(EvidenceCheck),
  /** What an activity file in the activity slot showed (its figures); absent for pictures and videos. */
  activity: ActivitySummary.optional(),
});
export type ProofCheckResult = z.infer<typeof ProofCheckResult>;

export const ProofFileView = z.object({
  kind: ProofKind,
  uploadId: z.string(),
  mime: z.string(),
  size: z.number().int(),
  checks: z.array(EvidenceCheck),
  /** False once the file was deleted (30 days); the record stays. */
  fileAvailable: z.boolean(),
});
export type ProofFileView = z.infer<typeof ProofFileView>;

/** One validated day in GET /api/proof/history, newest first. */
export const ProofDayView = z.object({
  day: z.string(),
  coinsValidated: z.number().int().min(0),
  streakAfter: z.number().int().min(1),
  proofs: z.array(ProofFileView),
  validatedAt: z.string(),
});
export type ProofDayView = z.infer<typeof ProofDayView>;
export const ProofHistory = z.array(ProofDayView);

export const ProofMediaParam = z.strictObject({ uploadId: ObjectIdString });
export type ProofMediaParam = z.infer<typeof ProofMediaParam>;
