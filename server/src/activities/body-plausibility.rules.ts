import { SeriesShape } from '../contract/job-shapes';
import { BODY_SERIES_THRESHOLDS } from './body-plausibility.data';
import { correlation, smooth, speedOf } from './series-shape.rules';

/**
 * Whether a recording's series look like a body's, for files without device data (a GPX, a TCX
 * with no creator device): a heart rate that is not a drawn curve and follows the effort (speed),
 * and a track with a receiver's noise. Pure: features of a shape, then thresholds.
 */
export interface BodyFeatures {
  heartRateRoughness: number | null;
  /**
   * How far the heart follows the speed beyond chance: the best lagged correlation times the root of
   * the points it spans, so a short recording, whose correlations wander more by chance, must show
   * a closer one (a borrowed heart rate correlates about 1/√n by chance).
   */
  heartRateFollowsSpeed: number | null;
  /** Both series are there but too little is left past the warm-up to compare them. */
  tooShortToCompare: boolean;
  gpsJitterMeters: number | null;
}

/** The first five minutes (10 s grid steps) a heart climbs from rest whatever the pace: judged after them. */
const WARM_UP_STEPS = 30;
/** Fewer points than five minutes' worth say nothing about whether two series move together. */
const MIN_COMPARED_STEPS = 30;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
};

/** Slow changes of a series (a minute's average less the 10-minute trend). */
const detailOf = (values: number[]) => {
  const fine = smooth(values, 7);
  const slow = smooth(values, 61);
  return fine.map((v, i) => v - slow[i]);
};

export function bodyFeatures(shape: SeriesShape): BodyFeatures {
  const hr = shape.heartRate.map((v) => v / 10);
  const hasHr = hr.length > 2;
  const hasTrack = shape.east.length > 2;
  const heartRateRoughness = hasHr ? median(hr.slice(2).map((v, i) => Math.abs(v - 2 * hr[i + 1] + hr[i]))) : null;

  let heartRateFollowsSpeed: number | null = null;
  let tooShortToCompare = false;
  if (hasHr && hasTrack) {
    const heart = detailOf(hr.slice(1)).slice(WARM_UP_STEPS);
    const speed = detailOf(speedOf(shape)).slice(WARM_UP_STEPS);
    const n = Math.min(heart.length, speed.length);
    tooShortToCompare = n - 3 <= MIN_COMPARED_STEPS;
    let best = 0;
    // The heart answers 30–90 s after the legs (3–9 grid steps).
    for (let lag = 3; lag <= 9 && n - lag > MIN_COMPARED_STEPS; lag++)
      best = Math.max(best, correlation(heart.slice(lag, n), speed.slice(0, n - lag)));
    heartRateFollowsSpeed = Math.round(best * Math.sqrt(Math.max(0, n)) * 100) / 100;
  }

  // How unevenly the track's 10 s steps change (their second difference): a receiver's error and a
  // stride's unevenness make it metres; a drawn line or a track smoothed over a minute changes smoothly.
  const { east, north } = shape;
  const gpsJitterMeters = hasTrack
    ? median(
        east
          .slice(2)
          .map((e, i) => Math.hypot(e - 2 * east[i + 1] + east[i], north[i + 2] - 2 * north[i + 1] + north[i]) / 10),
      )
    : null;
  return { heartRateRoughness, heartRateFollowsSpeed, tooShortToCompare, gpsJitterMeters };
}

export type BodyThresholds = { -readonly [K in keyof typeof BODY_SERIES_THRESHOLDS]: number };

/** The first feature that falls short, named for the member; null when the series look like a body's. */
export function implausibleForBody(
  features: BodyFeatures,
  thresholds: BodyThresholds = BODY_SERIES_THRESHOLDS,
): string | null {
  const { heartRateRoughness, heartRateFollowsSpeed, tooShortToCompare, gpsJitterMeters } = features;
  if (heartRateRoughness === null && gpsJitterMeters === null)
    return 'it has neither a heart rate nor a track to judge';
  if (heartRateRoughness !== null && heartRateRoughness < thresholds.minHeartRateRoughness)
    return 'its heart rate is as smooth as a drawn curve';
  if (tooShortToCompare) return 'it is too short to tell whether its heart rate follows its speed';
  if (heartRateFollowsSpeed !== null && heartRateFollowsSpeed < thresholds.minHeartRateFollowsSpeed)
    return 'its heart rate does not follow its speed';
  if (gpsJitterMeters !== null && gpsJitterMeters < thresholds.minGpsJitterMeters)
    return 'its track has none of a GPS receiver’s noise';
  return null;
}
