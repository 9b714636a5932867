import { MATCH_SCORE } from '../src/activities/series-shape.data';
import { SHAPE_RULES, shapeOf, shapeSimilarity } from '../src/activities/series-shape.rules';
import { DRESSINGS } from './support/activity-dressings';
import { samplesOf } from './support/activity-files';
import { seriesOf } from './support/activity-forgeries';

/**
 * Fits the score at which two shapes are one recording on the tuning half of labelled pairs (even
 * seeds) and measures it on the held-out half (odd seeds), which the fit never sees. Same pairs: a
 * recording and a dressed copy of it (shifted, rescaled, resampled, trimmed, all at once); different
 * pairs: a new recording against claimed ones. The data file must hold what the fit finds; the
 * held-out errors are the figures docs/evidence.md reports.
 */
const START = new Date('2026-11-25T07:30:00Z');
const KINDS = ['running', 'cycling', 'walking'] as const;

const recording = (seed: number, everySeconds = 5) =>
  samplesOf({ start: START, minutes: 20 + (seed % 5) * 15, seed, kind: KINDS[seed % 3], everySeconds });

interface Pair {
  seed: number;
  same: boolean;
  score: number;
}

const CLAIMED = Array.from({ length: 60 }, (_, i) => shapeOf(seriesOf(recording(1_000_000 + i)))!);
const pairs: Pair[] = [];
for (let i = 0; i < 80; i++) {
  const seed = 600 + i;
  const original = recording(seed, [1, 2, 5, 4][i % 4]);
  const shape = shapeOf(seriesOf(original))!;
  for (const dress of Object.values(DRESSINGS))
    pairs.push({ seed, same: true, score: shapeSimilarity(shapeOf(seriesOf(dress(original)))!, shape) });
  const fresh = shapeOf(seriesOf(recording(900_000 + i)))!;
  for (const claimed of CLAIMED) pairs.push({ seed, same: false, score: shapeSimilarity(fresh, claimed) });
}
const tuning = pairs.filter((p) => p.seed % 2 === 0);
const heldOut = pairs.filter((p) => p.seed % 2 === 1);

const errors = (set: Pair[], threshold: number) => ({
  copiesMissed: set.filter((p) => p.same && p.score < threshold).length,
  falseMatches: set.filter((p) => !p.same && p.score >= threshold).length,
  copies: set.filter((p) => p.same).length,
  different: set.filter((p) => !p.same).length,
});

/** Checks per false refusal allowed: a genuine member's file refused as reused once in this many checks at most. */
const CHECKS_PER_FALSE_MATCH = 10_000;

/**
 * The score a different recording exceeds once in CHECKS_PER_FALSE_MATCH checks (each comparing up
 * to SHAPE_RULES.candidatesCompared claims): far beyond the largest of a few thousand labelled
 * pairs, so the tail is modelled, not read. Peaks over the 95th percentile of the tuning half's
 * different pairs fall off exponentially (their mean excess is the scale); solved for the rate.
 */
function fit(): number {
  const different = tuning
    .filter((p) => !p.same)
    .map((p) => p.score)
    .sort((a, b) => a - b);
  const u = different[Math.floor(different.length * 0.95)];
  const excess = different.filter((v) => v > u).map((v) => v - u);
  const scale = excess.reduce((a, b) => a + b, 0) / excess.length;
  const perPair = 1 / (CHECKS_PER_FALSE_MATCH * SHAPE_RULES.candidatesCompared);
  return Math.round((u + scale * Math.log(excess.length / different.length / perPair)) * 100) / 100;
}

describe('the score at which two shapes are one recording', () => {
  it('holds the threshold fitted on the tuning half', () => {
    expect(fit()).toBe(MATCH_SCORE);
  });

  // Copies missed are nearly all 20-minute recordings trimmed to 13 minutes: too little to compare.
  it('on the held-out half: no different recordings matched, at most 1 in 15 copies missed', () => {
    const result = errors(heldOut, MATCH_SCORE);
    process.stdout.write(
      `held-out: ${JSON.stringify(result)}, tuning: ${JSON.stringify(errors(tuning, MATCH_SCORE))}\n`,
    );
    expect(result).toMatchObject({ copies: 200, different: 2400, falseMatches: 0 });
    expect(result.copiesMissed).toBeLessThanOrEqual(result.copies / 15);
  });
});
