// Body plausibility by recording length: how many genuine recordings of the recording model the
// rule refuses (judges "supporting only") per kind, sample rate and length, on seeds 0–59 (the
// labelled set's are 7000+, so none of these tuned the thresholds). `node bench/body-plausibility.mjs`.
import { typescript } from './lib.mjs';

const { samplesOf } = typescript('server/test/support/activity-files.ts');
const { seriesOf } = typescript('server/test/support/activity-forgeries.ts');
const { shapeOf } = typescript('server/src/activities/series-shape.rules.ts');
const { bodyFeatures, implausibleForBody } = typescript('server/src/activities/body-plausibility.rules.ts');

const SEEDS = 60;
const start = new Date('2026-11-25T07:30:00Z');
console.log('| kind | sample every | 20 min | 30 min | 60 min | 90 min |\n|---|---|---|---|---|---|');
for (const kind of ['running', 'cycling', 'walking'])
  for (const everySeconds of [1, 5]) {
    const cells = [20, 30, 60, 90].map((minutes) => {
      let refused = 0;
      for (let seed = 0; seed < SEEDS; seed++) {
        const series = seriesOf(samplesOf({ start, minutes, seed, kind, everySeconds }));
        if (implausibleForBody(bodyFeatures(shapeOf(series)))) refused++;
      }
      return `${refused}/${SEEDS}`;
    });
    console.log(`| ${kind} | ${everySeconds} s | ${cells.join(' | ')} |`);
  }
