import type { Readable } from 'node:stream';

import type { ActivityReading } from './activity-reading';
import { ReadDeadline, unreadable } from './read-limits';
import { haversineMeters, HeartRateSeries, SeriesRecorder, Timeline } from './samples';
import { gpxKind } from './sport-kinds';
import { endsWith, readXml, xmlNumber, xmlText, xmlTime } from './xml-stream';

/** Heart-rate elements in track-point extensions: Garmin's TrackPointExtension `hr`, and older spellings. */
const HEART_RATE_NAMES = new Set(['hr', 'heartrate', 'HeartRate']);

/**
 * A GPX track: its creator, type, and every track point's time, position and heart rate (from the
 * extensions). GPX carries no totals, so the duration is the span of the points and the distance
 * their sum.
 */
export async function readGpx(stream: Readable, deadline: ReadDeadline): Promise<ActivityReading> {
  const timeline = new Timeline();
  const heart = new HeartRateSeries();
  const heartSeries = new SeriesRecorder<[number]>();
  const track = new SeriesRecorder<[number, number]>();
  const state = {
    creator: null as string | null,
    type: null as string | null,
    meters: 0,
    point: null as { lat: number | null; lon: number | null; time: number | null; bpm: number | null } | null,
    previous: null as { lat: number; lon: number } | null,
    firstPosition: null as ActivityReading['identity']['firstPosition'],
  };

  await readXml(
    stream,
    {
      open(path, attributes) {
        if (path.length === 1) state.creator = xmlText(attributes.creator);
        if (endsWith(path, 'trkpt'))
          state.point = { lat: xmlNumber(attributes.lat), lon: xmlNumber(attributes.lon), time: null, bpm: null };
        if (endsWith(path, 'trkseg')) state.previous = null;
      },
      text(path, text, inside) {
        if (endsWith(path, 'trk', 'type')) state.type = xmlText(text);
        else if (state.point && endsWith(path, 'trkpt', 'time')) state.point.time = xmlTime(text);
        else if (state.point && inside('extensions') && HEART_RATE_NAMES.has(path[path.length - 1])) {
          state.point.bpm = xmlNumber(text);
          heart.add(state.point.bpm ?? 0);
        }
      },
      close(path) {
        const point = state.point;
        if (!point || !endsWith(path, 'trkpt')) return;
        state.point = null;
        if (point.time !== null) timeline.add(point.time);
        if (point.time !== null && point.bpm !== null) heartSeries.add(point.time, point.bpm);
        if (point.lat === null || point.lon === null) return;
        if (point.time !== null) track.add(point.time, point.lat, point.lon);
        const here = { lat: point.lat, lon: point.lon };
        if (state.previous) state.meters += haversineMeters(state.previous, here);
        state.previous = here;
        if (point.time !== null) state.firstPosition ??= { time: new Date(point.time), ...here };
      },
    },
    'GPX',
    deadline,
  );

  const samples = timeline.stats();
  if (!samples.first || !samples.last)
    throw unreadable('This GPX file has no track points with a time: export the recorded activity, not a route');
  return {
    format: 'gpx',
    kind: gpxKind(state.type),
    startedAt: samples.first,
    durationSeconds: (samples.last.getTime() - samples.first.getTime()) / 1000,
    distanceMeters: state.previous ? state.meters : null,
    calories: null,
    steps: null,
    device: state.creator,
    timeline: samples,
    heartRate: heart.stats(),
    // A GPX file names its creator as free text and no device of its own: any program writes one.
    identity: { serial: null, times: [], firstPosition: state.firstPosition, source: state.creator, deviceData: null },
    series: { heartRate: heartSeries.values(), track: track.values() },
  };
}
