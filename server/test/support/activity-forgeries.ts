import type { ActivitySeries } from '../../src/activities/readers/samples';
import { Sample, samplesOf } from './activity-files';

/**
 * Labelled recordings for the body-plausibility rule: genuine ones from the recording model (kinds,
 * lengths, sample rates as devices write them) and the forgeries a person makes without a device,
 * each changing what a body or a receiver would have written. Split once, by seed: even seeds tune,
 * odd seeds are held out.
 */
export interface LabelledSeries {
  label: string;
  genuine: boolean;
  seed: number;
  minutes: number;
  series: ActivitySeries;
}

/** The lengths labelled: from the shortest the rule judges to a long session. */
export const LABELLED_MINUTES = [20, 25, 30, 45, 60, 90] as const;

const START = new Date('2026-11-25T07:30:00Z');

export const seriesOf = (samples: Sample[]): ActivitySeries => ({
  heartRate: samples.filter((s) => s.bpm !== null).map((s) => [s.time.getTime(), s.bpm!]),
  track: samples.map((s) => [s.time.getTime(), s.lat, s.lon]),
});

/** Forgeries of one recording: each keeps what it does not name. */
const FORGERIES: Record<string, (s: Sample[], other: Sample[]) => Sample[]> = {
  'a sine-wave heart rate': (s) =>
    s.map((x, i) => ({
      ...x,
      bpm: Math.round(135 + 15 * Math.sin((2 * Math.PI * (x.time.getTime() - s[0].time.getTime())) / 600_000) + 0 * i),
    })),
  'a sine-wave heart rate with noise added': (s) =>
    s.map((x, i) => ({
      ...x,
      bpm: Math.round(
        135 + 15 * Math.sin((2 * Math.PI * (x.time.getTime() - s[0].time.getTime())) / 600_000) + ((i * 7919) % 7) - 3,
      ),
    })),
  'a straight line at constant speed': (s) => {
    const [first, last] = [s[0], s[s.length - 1]];
    return s.map((x, i) => ({
      ...x,
      lat: first.lat + ((last.lat - first.lat) * i) / (s.length - 1),
      lon: first.lon + ((last.lon - first.lon) * i) / (s.length - 1),
    }));
  },
  'a track smoothed over a minute': (s) => {
    const every = Math.max(1, (s[1].time.getTime() - s[0].time.getTime()) / 1000);
    const half = Math.max(1, Math.round(30 / every));
    return s.map((x, i) => {
      const window = s.slice(Math.max(0, i - half), i + half + 1);
      return {
        ...x,
        lat: window.reduce((a, w) => a + w.lat, 0) / window.length,
        lon: window.reduce((a, w) => a + w.lon, 0) / window.length,
      };
    });
  },
  'a heart rate from another recording (not following this speed)': (s, other) =>
    s.map((x, i) => ({ ...x, bpm: other[Math.min(other.length - 1, i)].bpm })),
};

export function labelledSeries(count = 576): LabelledSeries[] {
  const out: LabelledSeries[] = [];
  for (let i = 0; i < count; i++) {
    const seed = 7_000 + i;
    // Neighbouring seeds share a length, kind and rate, so both halves hold every combination.
    const combination = Math.floor(i / 2);
    const spec = {
      start: START,
      minutes: LABELLED_MINUTES[combination % LABELLED_MINUTES.length],
      seed,
      kind: (['running', 'cycling', 'walking'] as const)[Math.floor(combination / 6) % 3],
      everySeconds: [1, 2, 4, 5][Math.floor(combination / 18) % 4],
    };
    const samples = samplesOf(spec);
    const other = samplesOf({ ...spec, seed: seed + 50_000 });
    out.push({ label: 'genuine', genuine: true, seed, minutes: spec.minutes, series: seriesOf(samples) });
    for (const [label, forge] of Object.entries(FORGERIES))
      out.push({ label, genuine: false, seed, minutes: spec.minutes, series: seriesOf(forge(samples, other)) });
  }
  return out;
}
