/**
 * what the local checks of proof files accept (server/src/evidence), as data. Detector
 * scores are confidences from 0 to 1; pixel differences are grey levels from 0 to 255.
 */

import { ACTIVITY_CHECKS } from './activities';

/** The checks a proof file can go through (an activity file, ACTIVITY_CHECKS); each answers `{name, passed, reason}`. */
export const EVIDENCE_CHECKS = [
  'file',
  'person',
  'code',
  'duration',
  'movement',
  'activity',
  'vision',
  ...ACTIVITY_CHECKS,
] as const;
export type EvidenceCheckName = (typeof EVIDENCE_CHECKS)[number];

/** Images smaller than this on either side cannot show a person, a place or a watch face. */
export const MIN_IMAGE_SIDE = 64;

/** An image whose header states more pixels than this is refused before it is decoded (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * A person is found when one detector is at least this sure: a face (BlazeFace), a body pose
 * (MoveNet) or a person among detected objects (CenterNet). Measured on the evidence samples:
 * genuine selfies score 0.5–0.92 on faces, pictures without anyone at most 0.31, 0.36 and 0.14.
 */
export const PERSON_MIN_SCORES = { face: 0.5, body: 0.6, person: 0.45 } as const;

export const VIDEO_RULES = {
  minSeconds: 10,
  /** Frames read, evenly spread over the video. */
  sampledFrames: 6,
  /** "A person in most frames": more than this share of the sampled frames. */
  minPersonShare: 0.5,
  /**
   * Mean absolute grey difference between two sampled frames, each averaged down to a coarse grid
   * first (so compression noise or added grain cancels out), above which the picture moved.
   */
  minMotion: 2,
  /** At least this share of consecutive sampled pairs must show movement: a looped still shows none. */
  minMovingShare: 0.5,
} as const;

/**
 * The challenge code is read by OCR restricted to the code's alphabet (no 0/O or 1/I/L, so those
 * misreads cannot happen). One edit (a character misread, added or dropped) is tolerated: another
 * day's code is within one edit of today's with a chance of about one in a million.
 */
export const CODE_MAX_EDITS = 1;

/**
 * What an activity summary shows, each with the patterns that read it from OCR text (`value` is
 * the first group, or for durations h:mm:ss / mm:ss the groups) and the plausible range kept. A
 * figure after a label must not carry another metric's unit ("Calories: 12 steps" is not 12 kcal).
 */
export const ACTIVITY_METRICS = {
  minutes: {
    patterns: [
      /\b(\d{1,3})\s*(?:min|mins|minutes)\b/i,
      /\b(?:workout time|duration|time|elapsed|moving time)\D{0,12}(\d{1,2}):([0-5]\d)(?::([0-5]\d))?\b/i,
      /\b(\d{1,2}):([0-5]\d):([0-5]\d)\b/,
    ],
    range: { min: 1, max: 600 },
    unit: 'min',
  },
  kcal: {
    patterns: [
      /\b(\d{1,4}|\d{1,2}[,.]\d{3})\s*(?:kcal|cal|calories|kilocalories)\b/i,
      /\b(?:calories|kcal|energy|kilocalories)\D{0,20}(\d{1,4}|\d{1,2}[,.]\d{3})\b(?!\s*(?:steps|bpm|min|km|mi)\b)/i,
    ],
    range: { min: 10, max: 5000 },
    unit: 'kcal',
  },
  steps: {
    patterns: [
      /\b(\d{1,3}(?:[,.\s]\d{3})+|\d{3,6})\s*steps\b/i,
      /\bsteps\D{0,20}(\d{1,3}(?:[,.\s]\d{3})+|\d{3,6})\b(?!\s*(?:kcal|cal|bpm|min|km|mi)\b)/i,
    ],
    range: { min: 100, max: 100_000 },
    unit: 'steps',
  },
  heartRate: {
    patterns: [
      /\b(\d{2,3})\s*(?:bpm|beats per minute)\b/i,
      /\b(?:heart rate|avg\.? hr|avg\.? heart rate|hr)\D{0,20}(\d{2,3})\b(?!\s*(?:kcal|cal|steps|min|km|mi)\b)/i,
    ],
    range: { min: 40, max: 220 },
    unit: 'bpm',
  },
} as const satisfies Record<string, { patterns: readonly RegExp[]; range: { min: number; max: number }; unit: string }>;
export type ActivityMetric = keyof typeof ACTIVITY_METRICS;
