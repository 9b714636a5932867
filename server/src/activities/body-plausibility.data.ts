/**
 * Where a recording's series stop looking like a body's (fitted on the tuning half of the labelled
 * recordings by `server/test/activity-plausibility.spec.ts`, which fails when these differ from
 * its fit; results on the held-out half: docs/evidence.md, "Activity files").
 */
export const BODY_SERIES_THRESHOLDS = {
  /** Median beat-to-beat roughness of the heart rate on the 10 s grid, bpm: a drawn curve is smooth. */
  minHeartRateRoughness: 1.5,
  /**
   * Correlation of heart rate with speed half a minute to a minute and a half before, times the root
   * of the points it spans (past the warm-up): a heart follows effort, a borrowed one only by chance.
   */
  minHeartRateFollowsSpeed: 7.07,
  /** Median second difference of the track's 10 s steps, metres: a receiver's positions wander. */
  minGpsJitterMeters: 2.87,
} as const;
