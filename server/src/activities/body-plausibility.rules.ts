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
  heartRateFollowsSpeed: number | null;
  gpsJitterMeters: number | null;
}

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
  if (hasHr && hasTrack) {
    const heart = detailOf(hr.slice(1));
    const speed = detailOf(speedOf(shape));
    const n = Math.min(heart.length, speed.length);
    heartRateFollowsSpeed = -1;
    // The heart answers 30–90 s after the legs (3–9 grid steps).
    for (let lag = 3; lag <= 9 && n - lag > 30; lag++) {
      heartRateFollowsSpeed = Math.max(
        heartRateFollowsSpeed,
        correlation(heart.slice(lag, n), speed.slice(0, n - lag)),
      );
    }
  }

  // How much each 10 s step differs from the one before: a receiver's error and a stride's unevenness
  // make it metres; a drawn line or a smoothed track leaves almost nothing.
  const gpsJitterMeters = hasTrack
    ? median(shape.east.slice(1).map((e, i) => Math.hypot(e - shape.east[i], shape.north[i + 1] - shape.north[i]) / 10))
    : null;
  return { heartRateRoughness, heartRateFollowsSpeed, gpsJitterMeters };
}

export type BodyThresholds = { -readonly [K in keyof typeof BODY_SERIES_THRESHOLDS]: number };

/** The first feature that falls short, named for the member; null when the series look like a body's. */
export function implausibleForBody(
  features: BodyFeatures,
  thresholds: BodyThresholds = BODY_SERIES_THRESHOLDS,
): string | null {
  const { heartRateRoughness, heartRateFollowsSpeed, gpsJitterMeters } = features;
  if (heartRateRoughness === null && gpsJitterMeters === null)
    return 'it has neither a heart rate nor a track to judge';
  if (heartRateRoughness !== null && heartRateRoughness < thresholds.minHeartRateRoughness)
    return 'its heart rate is as smooth as a drawn curve';
  if (heartRateFollowsSpeed !== null && heartRateFollowsSpeed < thresholds.minHeartRateFollowsSpeed)
    return 'its heart rate does not follow its speed';
  if (gpsJitterMeters !== null && gpsJitterMeters < thresholds.minGpsJitterMeters)
    return 'its track has none of a GPS receiver’s noise';
  return null;
}
