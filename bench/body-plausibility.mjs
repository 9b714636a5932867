// Body plausibility by recording length: how many genuine recordings of the recording model the
// rule refuses (judges "supporting only"), and how many with a heart rate borrowed from another
// recording it lets through, per kind, sample rate and length, on seeds 0–59 (the labelled set's
// are 7000+, so none of these tuned the thresholds). `node bench/body-plausibility.mjs`.
import { typescript } from './lib.mjs';

const { samplesOf } = typescript('server/test/support/activity-files.ts');
const { seriesOf } = typescript('server/test/support/activity-forgeries.ts');
const { shapeOf } = typescript('server/src/activities/series-shape.rules.ts');
const { bodyFeatures, implausibleForBody } = typescript('server/src/activities/body-plausibility.rules.ts');

const SEEDS = 60;
const MINUTES = [10, 15, 20, 30, 60, 90];
const start = new Date('2026-11-25T07:30:00Z');
const judged = (samples) => implausibleForBody(bodyFeatures(shapeOf(seriesOf(samples))));

const header = `| kind | sample every | ${MINUTES.map((m) => `${m} min`).join(' | ')} |`;
const rule = `|---|---|${MINUTES.map(() => '---|').join('')}`;
for (const [title, count] of [
  ['Genuine recordings refused', (samples) => judged(samples) !== null],
  [
    'Borrowed heart rates let through',
    (samples, other) =>
      judged(samples.map((s, i) => ({ ...s, bpm: other[Math.min(other.length - 1, i)].bpm }))) === null,
  ],
]) {
  console.log(`\n${title}\n\n${header}\n${rule}`);
  for (const kind of ['running', 'cycling', 'walking'])
    for (const everySeconds of [1, 5]) {
      const cells = MINUTES.map((minutes) => {
        let hits = 0;
        for (let seed = 0; seed < SEEDS; seed++) {
          const spec = { start, minutes, seed, kind, everySeconds };
          if (count(samplesOf(spec), samplesOf({ ...spec, seed: seed + 50_000 }))) hits++;
        }
        return `${hits}/${SEEDS}`;
      });
      console.log(`| ${kind} | ${everySeconds} s | ${cells.join(' | ')} |`);
    }
}
