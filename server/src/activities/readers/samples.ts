import { ACTIVITY_RULES } from '../../contract';

/**
 * Running summaries of an activity's samples, kept in constant memory whatever the file's length:
 * the order of its timestamps and the spread of its heart rate. The rules judge these summaries.
 */

export interface TimelineStats {
  count: number;
  first: Date | null;
  last: Date | null;
  /** The first timestamp earlier than the one before it; null when time only moved forward. */
  backwardsAt: Date | null;
}

/** Timestamps in file order. Equal timestamps are allowed (devices write several samples a second). */
export class Timeline {
  private count = 0;
  private first: number | null = null;
  private previous: number | null = null;
  private last: number | null = null;
  private backwardsAt: number | null = null;

  add(ms: number): void {
    this.count++;
    this.first ??= ms;
    if (this.previous !== null && ms < this.previous) this.backwardsAt ??= ms;
    this.previous = ms;
    this.last = this.last === null ? ms : Math.max(this.last, ms);
  }

  stats(): TimelineStats {
    const date = (ms: number | null) => (ms === null ? null : new Date(ms));
    return { count: this.count, first: date(this.first), last: date(this.last), backwardsAt: date(this.backwardsAt) };
  }
}

export interface HeartRateStats {
  /** Samples with a reading (a 0 is a sensor with no contact, not a heart rate). */
  count: number;
  /** Samples outside the plausible range, and the one farthest out. */
  outOfRange: number;
  worst: number | null;
  /** Over the samples in range. */
  min: number | null;
  max: number | null;
  mean: number | null;
  stdDev: number | null;
}

/** Heart-rate samples in bpm: counts, range and spread (Welford's running variance). */
export class HeartRateSeries {
  private count = 0;
  private outOfRange = 0;
  private worst: number | null = null;
  private inRange = 0;
  private min = Infinity;
  private max = -Infinity;
  private mean = 0;
  private squares = 0;

  add(bpm: number): void {
    if (!Number.isFinite(bpm) || bpm <= 0) return;
    this.count++;
    const { minBpm, maxBpm } = ACTIVITY_RULES.heartRate;
    if (bpm < minBpm || bpm > maxBpm) {
      this.outOfRange++;
      const distance = (v: number) => Math.max(minBpm - v, v - maxBpm);
      if (this.worst === null || distance(bpm) > distance(this.worst)) this.worst = bpm;
      return;
    }
    this.inRange++;
    this.min = Math.min(this.min, bpm);
    this.max = Math.max(this.max, bpm);
    const delta = bpm - this.mean;
    this.mean += delta / this.inRange;
    this.squares += delta * (bpm - this.mean);
  }

  stats(): HeartRateStats {
    const any = this.inRange > 0;
    return {
      count: this.count,
      outOfRange: this.outOfRange,
      worst: this.worst,
      min: any ? this.min : null,
      max: any ? this.max : null,
      mean: any ? this.mean : null,
      stdDev: any ? Math.sqrt(this.squares / this.inRange) : null,
    };
  }
}

/** Great-circle distance in metres between two positions in degrees (GPX carries no distance of its own). */
export function haversineMeters(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const radians = (deg: number) => (deg * Math.PI) / 180;
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The most points an activity's series keeps (a day at one every 5 s); beyond, every other is dropped. */
export const MAX_SERIES_POINTS = 20_000;

/** An activity's samples over time, for comparing recordings (reuse) and judging them as a body's. */
export interface ActivitySeries {
  /** [epoch ms, bpm]. */
  heartRate: Array<[number, number]>;
  /** [epoch ms, latitude, longitude] in degrees. */
  track: Array<[number, number, number]>;
}

/**
 * Points in time order, kept in bounded memory: when full, every other point is dropped and the
 * gap between kept points doubles, so a long recording is kept evenly thinned, never cut.
 */
export class SeriesRecorder<T extends number[]> {
  private readonly points: Array<[number, ...T]> = [];
  private gapMs = 0;

  add(ms: number, ...values: T): void {
    if (!Number.isFinite(ms) || values.some((v) => !Number.isFinite(v))) return;
    const last = this.points[this.points.length - 1];
    if (last && ms - last[0] < this.gapMs) return;
    this.points.push([ms, ...values]);
    if (this.points.length > MAX_SERIES_POINTS) {
      let kept = 0;
      for (let i = 0; i < this.points.length; i += 2) this.points[kept++] = this.points[i];
      this.points.length = kept;
      this.gapMs = Math.max(1000, this.gapMs * 2);
    }
  }

  values(): Array<[number, ...T]> {
    return this.points;
  }
}
