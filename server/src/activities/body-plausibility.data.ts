/**
 * Where a recording's series stop looking like a body's (fitted on the tuning half of the labelled
 * recordings by `server/test/activity-plausibility.spec.ts`, which fails when these differ from
 * its fit; results on the held-out half: docs/evidence.md, "Activity files").
 */
export const BODY_SERIES_THRESHOLDS = {
  /** Median beat-to-beat roughness of the heart rate on the 10 s grid, bpm: a drawn curve is smooth. */
  minHeartRateRoughness: 2.25,
  /** Correlation of heart rate with speed half a minute to a minute and a half before: a heart follows effort. */
  minHeartRateFollowsSpeed: 0.44,
  /** Median change between consecutive 10 s steps of the track, metres: a receiver's positions wander. */
  minGpsJitterMeters: 2.23,
} as const;
