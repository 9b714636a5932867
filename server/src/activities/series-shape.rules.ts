import type { SeriesShape } from '../contract/job-shapes';
import type { ActivitySeries } from './readers/samples';
import { MATCH_SCORE } from './series-shape.data';

/**
 * Pure rules that recognise one recording however it is dressed: shifted in time or place, its
 * heart rate offset or rescaled, resampled, trimmed or renamed. A recording becomes a shape (its
 * heart rate and its movement on a fixed time grid); a shape is known by a few keys (landmarks of
 * its ups and downs, chosen MinHash-style so a trimmed copy shares some) stored with the claim,
 * and two shapes that share keys are compared sample by sample at the offsets the keys point to.
 * See docs/evidence.md, "Activity files".
 */

export const SHAPE_RULES = {
  /** Seconds between grid points: every series is resampled to this. */
  gridSeconds: 10,
  /** Points kept per series (6 hours): a longer recording is compared by its first 6 hours. */
  maxPoints: 2160,
  /** Recordings shorter than this on the grid (10 minutes) have no shape worth comparing. */
  minPoints: 60,
  /** A copy must overlap the original by at least this many grid points (10 minutes). */
  minOverlapPoints: 60,
  /** Landmark keys stored per recording (the smallest hashes of its landmarks). */
  keysPerShape: 12,
  /** Keys of two landmarks in a row stored per recording: far rarer among other recordings than one. */
  pairKeysPerShape: 24,
  /** Claims whose shapes are read and compared per check, whatever the collection holds. */
  candidatesCompared: 64,
  /** Keys of each kind a new recording looks up (those with the smallest hashes), bounding the query. */
  lookupKeys: 96,
  /** Two shapes match when their detail scores at least this at some offset (fitted: test/activity-match.spec.ts). */
  matchScore: MATCH_SCORE,
} as const;

const STEP_MS = SHAPE_RULES.gridSeconds * 1000;
const LANDMARK_KEY = 'shape:';
const PAIR_KEY = 'shape2:';

/** Linear interpolation of a time series onto the grid from its first instant. */
function onGrid<T extends number[]>(points: Array<[number, ...T]>, pick: (p: [number, ...T]) => number): number[] {
  if (points.length < 2) return [];
  const start = points[0][0];
  const out: number[] = [];
  let j = 0;
  for (let t = start; t <= points[points.length - 1][0] && out.length < SHAPE_RULES.maxPoints; t += STEP_MS) {
    while (j < points.length - 2 && points[j + 1][0] < t) j++;
    const [a, b] = [points[j], points[j + 1]];
    const span = b[0] - a[0];
    const f = span > 0 ? Math.min(1, Math.max(0, (t - a[0]) / span)) : 0;
    out.push(pick(a) + (pick(b) - pick(a)) * f);
  }
  return out;
}

/** The shape of a recording, or null when neither series is long enough to be compared. */
export function shapeOf(series: ActivitySeries): SeriesShape | null {
  const heartRate = onGrid(series.heartRate, (p) => p[1]).map((bpm) => Math.round(bpm * 10));
  const track = series.track;
  let east: number[] = [];
  let north: number[] = [];
  if (track.length >= 2) {
    const [, lat0, lon0] = track[0];
    const metresPerDegree = 111_195;
    const x = onGrid(track, (p) => (p[2] - lon0) * metresPerDegree * Math.cos((lat0 * Math.PI) / 180));
    const y = onGrid(track, (p) => (p[1] - lat0) * metresPerDegree);
    east = x.slice(1).map((v, i) => Math.round((v - x[i]) * 10));
    north = y.slice(1).map((v, i) => Math.round((v - y[i]) * 10));
  }
  const long = (values: number[]) => values.length >= SHAPE_RULES.minPoints;
  if (!long(heartRate) && !long(east)) return null;
  return { heartRate: long(heartRate) ? heartRate : [], east: long(east) ? east : [], north: long(east) ? north : [] };
}

/** Centred moving average over `width` points (shorter at the ends). */
export function smooth(values: number[], width: number): number[] {
  const half = Math.floor(width / 2);
  const sums = [0];
  for (const v of values) sums.push(sums[sums.length - 1] + v);
  return values.map((_, i) => {
    const from = Math.max(0, i - half);
    const to = Math.min(values.length, i + half + 1);
    return (sums[to] - sums[from]) / (to - from);
  });
}

export const speedOf = (shape: SeriesShape) => shape.east.map((e, i) => Math.hypot(e, shape.north[i]));

/** A landmark token and the grid index it starts at. */
interface Landmark {
  token: string;
  at: number;
}

/**
 * Landmarks of a series: its turning points after removing the slow trend (so an offset or a
 * warm-up does not matter), each three in a row named by the gaps between them and the ratio of
 * their swings (so a rescaled copy names them alike).
 */
function landmarks(name: string, values: number[]): Landmark[] {
  if (values.length < SHAPE_RULES.minPoints) return [];
  const fine = smooth(values, 9);
  const slow = smooth(values, 61);
  const detail = fine.map((v, i) => v - slow[i]);
  // The median swing, not the standard deviation: a warm-up's curve at one end must not set the scale.
  const sorted = detail.map(Math.abs).sort((a, b) => a - b);
  const spread = sorted[Math.floor(sorted.length / 2)];
  if (spread === 0) return [];
  const threshold = spread;
  const turns: number[] = [];
  let extreme = 0;
  let rising: boolean | null = null;
  for (let i = 1; i < detail.length; i++) {
    if (rising === null) {
      if (Math.abs(detail[i] - detail[extreme]) > threshold) rising = detail[i] > detail[extreme];
      else if (Math.abs(detail[i]) > Math.abs(detail[extreme])) extreme = i;
      continue;
    }
    if (rising ? detail[i] > detail[extreme] : detail[i] < detail[extreme]) extreme = i;
    else if (Math.abs(detail[i] - detail[extreme]) > threshold) {
      turns.push(extreme);
      extreme = i;
      rising = !rising;
    }
  }
  const out: Landmark[] = [];
  for (let k = 0; k + 2 < turns.length; k++) {
    const [a, b, c] = [turns[k], turns[k + 1], turns[k + 2]];
    const ratio = Math.abs(detail[c] - detail[b]) / Math.max(1e-9, Math.abs(detail[b] - detail[a]));
    const bin = (gap: number) => Math.round(gap / 4);
    out.push({
      token: `${name}${detail[b] > detail[a] ? 'u' : 'd'}:${bin(b - a)}:${bin(c - b)}:${Math.round(Math.log2(ratio) * 1.5)}`,
      at: a,
    });
  }
  return out;
}

/** Each series' landmarks, in order: the heart rate's, then the speed's. */
const seriesLandmarks = (shape: SeriesShape): Landmark[][] => [
  landmarks('h', shape.heartRate),
  landmarks('s', speedOf(shape)),
];

const allLandmarks = (shape: SeriesShape): Landmark[] => seriesLandmarks(shape).flat();

/** FNV-1a, 32 bits: a token's rank for the MinHash choice (any fixed hash would do). */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** The `count` tokens with the smallest hashes (a bottom-k MinHash sketch), each as a key. */
function bottomK(tokens: string[], count: number, prefix: string): string[] {
  return [...new Set(tokens)]
    .map((token) => ({ token, rank: hash32(token) }))
    .sort((a, b) => a.rank - b.rank || a.token.localeCompare(b.token))
    .slice(0, count)
    .map((t) => `${prefix}${t.token}`);
}

/** A shape's landmark tokens, and the tokens of each two landmarks in a row of one series. */
function tokensOf(shape: SeriesShape): { singles: string[]; pairs: string[] } {
  const series = seriesLandmarks(shape);
  return {
    singles: series.flat().map((l) => l.token),
    pairs: series.flatMap((list) => list.slice(1).map((l, i) => `${list[i].token}|${l.token}`)),
  };
}

/**
 * The keys a shape is stored under: its landmarks' and its landmark pairs' with the smallest hashes
 * (bottom-k MinHash sketches). A trimmed or resampled copy keeps most tokens, so its smallest are
 * mostly the original's; an unrelated recording shares few, and a pair far more rarely than one.
 */
export function shapeKeys(shape: SeriesShape): string[] {
  const { singles, pairs } = tokensOf(shape);
  return [
    ...bottomK(singles, SHAPE_RULES.keysPerShape, LANDMARK_KEY),
    ...bottomK(pairs, SHAPE_RULES.pairKeysPerShape, PAIR_KEY),
  ];
}

/**
 * The keys a new recording looks for: more of its tokens than it is stored under, so a trimmed copy
 * (whose smallest hashes shifted) still meets the original's stored ones. Pairs are few per claim,
 * so the claims sharing most of them are the likeliest originals; single landmarks are common to
 * many claims and only fill what the pairs leave.
 */
export function lookupKeys(shape: SeriesShape): { pairs: string[]; landmarks: string[] } {
  const { singles, pairs } = tokensOf(shape);
  return {
    pairs: bottomK(pairs, SHAPE_RULES.lookupKeys, PAIR_KEY),
    landmarks: bottomK(singles, SHAPE_RULES.lookupKeys, LANDMARK_KEY),
  };
}

/** The claims (one id per key they share) ordered by how many keys each shares, most first. */
export function byKeysShared(ids: string[]): string[] {
  const shared = new Map<string, number>();
  for (const id of ids) shared.set(id, (shared.get(id) ?? 0) + 1);
  return [...shared.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** Pearson correlation of two equal-length lists (0 when either does not vary). */
export function correlation(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : 0;
}

/** `b` shifted by `lag` grid points against `a`: the overlapping parts, or null when too short. */
function overlap(a: number[], b: number[], lag: number): [number[], number[]] | null {
  const from = Math.max(0, lag);
  const to = Math.min(a.length, b.length + lag);
  if (to - from < SHAPE_RULES.minOverlapPoints) return null;
  return [a.slice(from, to), b.slice(from - lag, to - lag)];
}

/** The detail of a series: its step-to-step changes less their slow trend (a warm-up every recording shares). */
function differences(values: number[]): number[] {
  const smoothed = smooth(values, 3);
  const changes = smoothed.slice(1).map((v, i) => v - smoothed[i]);
  const trend = smooth(changes, 31);
  return changes.map((v, i) => v - trend[i]);
}

interface Differences {
  a: number[];
  b: number[];
  eastA: number[];
  eastB: number[];
  northA: number[];
  northB: number[];
}

/**
 * How alike two shapes' detail is at an offset: each series' correlation (heart-rate differences,
 * movement vectors) times the root of the points it spans, so that a short overlap must agree more
 * closely, combined (Stouffer) so that one series agreeing by chance is not enough where both are.
 */
function similarityAt(lag: number, diffs: Differences): number {
  const scores: number[] = [];
  const hr = overlap(diffs.a, diffs.b, lag);
  if (hr) scores.push(correlation(...hr) * Math.sqrt(hr[0].length));
  // Changes of movement, not movement: two runs in the same direction at the same pace are not one.
  const east = overlap(diffs.eastA, diffs.eastB, lag);
  const north = overlap(diffs.northA, diffs.northB, lag);
  if (east && north)
    scores.push(correlation([...east[0], ...north[0]], [...east[1], ...north[1]]) * Math.sqrt(east[0].length));
  return scores.length ? scores.reduce((a, b) => a + b, 0) / Math.sqrt(scores.length) : 0;
}

/**
 * How alike two shapes are: the best score of their detail at the offsets their shared landmarks
 * point to (and one grid point either side). Unrelated recordings score a few units, a copy tens.
 */
export function shapeSimilarity(a: SeriesShape, b: SeriesShape): number {
  const at = new Map<string, number[]>();
  for (const l of allLandmarks(b)) at.set(l.token, [...(at.get(l.token) ?? []), l.at]);
  const votes = new Map<number, number>();
  for (const l of allLandmarks(a))
    for (const i of at.get(l.token) ?? []) votes.set(l.at - i, (votes.get(l.at - i) ?? 0) + 1);
  const diffs: Differences = {
    a: differences(a.heartRate),
    b: differences(b.heartRate),
    eastA: differences(a.east),
    eastB: differences(b.east),
    northA: differences(a.north),
    northB: differences(b.north),
  };
  // No landmark in common: nothing points to an offset, and no key would have found the pair.
  const lags = [...votes.entries()]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 3)
    .flatMap(([lag]) => [lag - 1, lag, lag + 1]);
  return lags.reduce((best, lag) => Math.max(best, similarityAt(lag, diffs)), 0);
}

/** Whether two shapes are one recording. */
export const isSameRecording = (a: SeriesShape, b: SeriesShape) => shapeSimilarity(a, b) >= SHAPE_RULES.matchScore;
