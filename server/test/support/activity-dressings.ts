import type { Sample } from './activity-files';

const DAY_MS = 86_400_000;

/** Ways to pass a recording off as another: each keeps the body's series, changes what a key or a glance sees. */
export const DRESSINGS: Record<string, (s: Sample[]) => Sample[]> = {
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
