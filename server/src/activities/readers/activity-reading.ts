import type { ActivityFormat, ActivityKind } from '../../contract';
import type { ActivitySeries, HeartRateStats, TimelineStats } from './samples';

/** Where an activity is from, for the claims that stop it proving a day twice, whoever uploads it. */
export interface ActivityIdentity {
  /** The recording device's serial number (FIT file_id, TCX Creator UnitId). */
  serial: string | null;
  /** Instants the device stamped the activity with (FIT time_created and session start, TCX Id). */
  times: Date[];
  /** The first sample with a position: the same track re-encoded in any format starts there. */
  firstPosition: { time: Date; lat: number; lon: number } | null;
  /** The app or device as named by a format without serials (GPX creator, Apple Health source). */
  source: string | null;
  /**
   * What the recording device says of itself where the format carries it (FIT file_id
   * manufacturer/product/serial, TCX Creator device and UnitId, Apple Health's device hardware);
   * null for a file any program could have written (GPX, a TCX without a device).
   */
  deviceData: string | null;
}

/** What a reader found in an activity file, whatever its format: the rules judge this. */
export interface ActivityReading {
  format: ActivityFormat;
  kind: ActivityKind;
  startedAt: Date;
  /** As the file declares it (timer or elapsed time), else the span of its samples. */
  durationSeconds: number;
  distanceMeters: number | null;
  calories: number | null;
  steps: number | null;
  device: string | null;
  timeline: TimelineStats;
  heartRate: HeartRateStats;
  identity: ActivityIdentity;
  /** The heart rate and track over time (bounded), to compare recordings and judge them as a body's. */
  series: ActivitySeries;
}
