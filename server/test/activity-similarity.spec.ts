import type { ActivitySeries } from '../src/activities/readers/samples';
import {
  isSameRecording,
  lookupKeys,
  SHAPE_RULES,
  shapeKeys,
  shapeOf,
  shapeSimilarity,
} from '../src/activities/series-shape.rules';
import { Sample, samplesOf } from './support/activity-files';

/**
 * The reuse check on the recording model: every copy of a recording, however dressed, is found by
 * its keys and matched; no two different recordings match. Runs on 40 recordings (kinds, lengths
 * and sample rates as devices write them) and five ways of dressing each.
 */
const START = new Date('2026-11-25T07:30:00Z');
const DAY_MS = 86_400_000;

const seriesOf = (samples: Sample[]): ActivitySeries => ({
  heartRate: samples.filter((s) => s.bpm !== null).map((s) => [s.time.getTime(), s.bpm!]),
  track: samples.map((s) => [s.time.getTime(), s.lat, s.lon]),
});

const recordings = Array.from({ length: 40 }, (_, i) => {
  const seed = 500 + i;
  const kind = (['running', 'cycling', 'walking'] as const)[i % 3];
  return samplesOf({ start: START, minutes: 20 + (i % 5) * 15, seed, kind, everySeconds: [1, 2, 5, 4][i % 4] });
});

/** Ways to pass a recording off as another: each keeps the body's series, changes what a key or a glance sees. */
const DRESSINGS: Record<string, (s: Sample[]) => Sample[]> = {
  'shifted a day and 0.0001°': (s) =>
    s.map((x) => ({
      ...x,
      time: new Date(x.time.getTime() + DAY_MS + 3000),
      lat: x.lat + 0.0001,
      lon: x.lon - 0.0001,
    })),
  'heart rate and track rescaled': (s) =>
    s.map((x) => ({ ...x, bpm: Math.round(x.bpm! * 1.07 + 3), lat: 52 + (x.lat - 52) * 1.1 })),
  'resampled to a third of the rate': (s) => s.filter((_, i) => i % 3 === 0),
  'trimmed at both ends': (s) => s.slice(Math.floor(s.length * 0.2) + 3, Math.floor(s.length * 0.85)),
  'trimmed, thinned, shifted and rescaled': (s) =>
    s
      .slice(Math.floor(s.length * 0.1) + 1)
      .filter((_, i) => i % 2 === 0)
      .map((x) => ({
        ...x,
        time: new Date(x.time.getTime() + DAY_MS + 7000),
        bpm: Math.round(x.bpm! * 0.95 - 2),
        lat: x.lat + 0.01,
      })),
};

describe('recognising a reused recording', () => {
  const originals = recordings.map((r) => shapeOf(seriesOf(r))!);

  it.each(Object.keys(DRESSINGS))('finds and matches copies %s', (dressing) => {
    let found = 0;
    for (const [i, recording] of recordings.entries()) {
      const copy = shapeOf(seriesOf(DRESSINGS[dressing](recording)))!;
      const stored = new Set(shapeKeys(originals[i]));
      if (lookupKeys(copy).some((key) => stored.has(key)) && isSameRecording(copy, originals[i])) found++;
    }
    // Not every trimmed copy keeps a stored landmark (measured: docs/evidence.md); the rest must.
    expect(found).toBeGreaterThanOrEqual(dressing.startsWith('trimmed') ? 32 : 38);
  });

  it('matches no two different recordings', () => {
    let highest = 0;
    for (let i = 0; i < originals.length; i++)
      for (let j = 0; j < i; j++) highest = Math.max(highest, shapeSimilarity(originals[i], originals[j]));
    expect(highest).toBeLessThan(SHAPE_RULES.matchCorrelation);
  });

  it('has no shape for a recording too short to compare, and keys for one that is not', () => {
    expect(shapeOf(seriesOf(samplesOf({ start: START, minutes: 5, seed: 3 })))).toBeNull();
    expect(shapeKeys(originals[0]).length).toBeGreaterThan(0);
    expect(shapeKeys(originals[0]).length).toBeLessThanOrEqual(SHAPE_RULES.keysPerShape);
  });
});
