import {
  byKeysShared,
  isSameRecording,
  lookupKeys,
  SHAPE_RULES,
  shapeKeys,
  shapeOf,
  shapeSimilarity,
} from '../src/activities/series-shape.rules';
import { DRESSINGS } from './support/activity-dressings';
import { samplesOf } from './support/activity-files';
import { seriesOf } from './support/activity-forgeries';

/**
 * The reuse check on the recording model: every copy of a recording, however dressed, is found by
 * its keys and matched; no two different recordings match. Runs on 40 recordings (kinds, lengths
 * and sample rates as devices write them) and five ways of dressing each.
 */
const START = new Date('2026-11-25T07:30:00Z');
/** Trimmed copies whose original ranks among those compared, out of 40, among 1,000 other claims (measured: docs/evidence.md). */
const FOUND_AMONG_MANY = 24;

const recordings = Array.from({ length: 40 }, (_, i) => {
  const seed = 500 + i;
  const kind = (['running', 'cycling', 'walking'] as const)[i % 3];
  return samplesOf({ start: START, minutes: 20 + (i % 5) * 15, seed, kind, everySeconds: [1, 2, 5, 4][i % 4] });
});

describe('recognising a reused recording', () => {
  const originals = recordings.map((r) => shapeOf(seriesOf(r))!);

  it.each(Object.keys(DRESSINGS))('finds and matches copies %s', (dressing) => {
    let found = 0;
    for (const [i, recording] of recordings.entries()) {
      const copy = shapeOf(seriesOf(DRESSINGS[dressing](recording)))!;
      const stored = new Set(shapeKeys(originals[i]));
      const { pairs, landmarks } = lookupKeys(copy);
      if ([...pairs, ...landmarks].some((key) => stored.has(key)) && isSameRecording(copy, originals[i])) found++;
    }
    // Not every trimmed copy keeps a stored landmark, nor does a short one overlap enough to reach the
    // match score that keeps members' own files from being refused (measured: docs/evidence.md).
    expect(found).toBeGreaterThanOrEqual(dressing.startsWith('trimmed') ? 31 : 38);
  });

  it('matches no two different recordings', () => {
    let highest = 0;
    for (let i = 0; i < originals.length; i++)
      for (let j = 0; j < i; j++) highest = Math.max(highest, shapeSimilarity(originals[i], originals[j]));
    expect(highest).toBeLessThan(SHAPE_RULES.matchScore);
  });

  it('has no shape for a recording too short to compare, and keys for one that is not', () => {
    expect(shapeOf(seriesOf(samplesOf({ start: START, minutes: 5, seed: 3 })))).toBeNull();
    expect(shapeKeys(originals[0]).length).toBeGreaterThan(0);
    expect(shapeKeys(originals[0]).length).toBeLessThanOrEqual(SHAPE_RULES.keysPerShape + SHAPE_RULES.pairKeysPerShape);
  });

  it('ranks claims by the keys they share, most first', () => {
    expect(byKeysShared(['a', 'b', 'c', 'b', 'c', 'c'])).toEqual(['c', 'b', 'a']);
    expect(byKeysShared([])).toEqual([]);
  });

  // Among many claims the original must be among the few compared: ranked by shared landmark pairs,
  // as ActivityClaimsRepository.shapesSharing reads them (without its fill by single landmarks).
  it('ranks the original of a trimmed copy among the 64 compared out of 1,000 other claims', () => {
    const index = new Map<string, number[]>();
    const stored = [
      ...originals,
      ...Array.from({ length: 1000 }, (_, i) =>
        shapeOf(
          seriesOf(
            samplesOf({
              start: START,
              minutes: 20 + (i % 5) * 15,
              seed: 30_000 + i,
              kind: (['running', 'cycling', 'walking'] as const)[i % 3],
            }),
          ),
        )!,
      ),
    ];
    for (const [claim, shape] of stored.entries())
      for (const key of shapeKeys(shape)) {
        if (!index.has(key)) index.set(key, []);
        index.get(key)!.push(claim);
      }
    let found = 0;
    for (const [i, recording] of recordings.entries()) {
      const copy = shapeOf(seriesOf(DRESSINGS['trimmed at both ends'](recording)))!;
      const hits = lookupKeys(copy).pairs.flatMap((key) => (index.get(key) ?? []).map(String));
      if (byKeysShared(hits).slice(0, 64).includes(String(i)) && isSameRecording(copy, originals[i])) found++;
    }
    process.stdout.write(`trimmed copies found among 1,000 claims: ${found} of 40\n`);
    expect(found).toBeGreaterThanOrEqual(FOUND_AMONG_MANY);
  });
});
