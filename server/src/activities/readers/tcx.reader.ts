import type { Readable } from 'node:stream';

import type { ActivityReading } from './activity-reading';
import { ReadDeadline, unreadable } from './read-limits';
import { HeartRateSeries, SeriesRecorder, Timeline } from './samples';
import { namedKind } from './sport-kinds';
import { endsWith, type Inside, readXml, xmlNumber, xmlText, xmlTime } from './xml-stream';

interface Point {
  time: number | null;
  lat: number | null;
  lon: number | null;
  bpm: number | null;
}

/**
 * A Garmin Training Center file (TCX): the first Activity's sport, its Id (the start), its laps'
 * totals (time, distance, calories, steps in the LX extension), its creator device (name, serial
 * UnitId) and every trackpoint's time, position and heart rate.
 */
export async function readTcx(stream: Readable, deadline: ReadDeadline): Promise<ActivityReading> {
  const timeline = new Timeline();
  const heart = new HeartRateSeries();
  const heartSeries = new SeriesRecorder<[number]>();
  const track = new SeriesRecorder<[number, number]>();
  // Only the first Activity counts; a file with several is read as its first.
  const state = {
    activities: 0,
    sport: null as string | null,
    id: null as number | null,
    firstLapStart: null as number | null,
    seconds: 0,
    meters: null as number | null,
    calories: null as number | null,
    steps: null as number | null,
    creatorName: null as string | null,
    productId: null as string | null,
    unitId: null as string | null,
    point: null as Point | null,
    firstPosition: null as ActivityReading['identity']['firstPosition'],
  };
  const add = (current: number | null, value: number | null) => (value === null ? current : (current ?? 0) + value);
  const inFirstActivity = (inside: Inside) => state.activities === 1 && inside('Activity');

  await readXml(
    stream,
    {
      open(path, attributes, inside) {
        if (endsWith(path, 'Activities', 'Activity')) {
          state.activities++;
          if (state.activities === 1) state.sport = xmlText(attributes.Sport);
        }
        if (!inFirstActivity(inside)) return;
        if (endsWith(path, 'Lap') && attributes.StartTime) state.firstLapStart ??= xmlTime(attributes.StartTime);
        if (endsWith(path, 'Trackpoint')) state.point = { time: null, lat: null, lon: null, bpm: null };
      },
      text(path, text, inside) {
        if (!inFirstActivity(inside)) return;
        const point = state.point;
        if (endsWith(path, 'Activity', 'Id')) state.id = xmlTime(text);
        else if (endsWith(path, 'Creator', 'Name')) state.creatorName = xmlText(text);
        else if (endsWith(path, 'Creator', 'UnitId')) state.unitId = xmlText(text);
        else if (endsWith(path, 'Creator', 'ProductID')) state.productId = xmlText(text);
        else if (endsWith(path, 'Lap', 'TotalTimeSeconds')) state.seconds += xmlNumber(text) ?? 0;
        else if (endsWith(path, 'Lap', 'DistanceMeters')) state.meters = add(state.meters, xmlNumber(text));
        else if (endsWith(path, 'Lap', 'Calories')) state.calories = add(state.calories, xmlNumber(text));
        else if (endsWith(path, 'LX', 'Steps')) state.steps = add(state.steps, xmlNumber(text));
        else if (point && endsWith(path, 'Trackpoint', 'Time')) point.time = xmlTime(text);
        else if (point && endsWith(path, 'Position', 'LatitudeDegrees')) point.lat = xmlNumber(text);
        else if (point && endsWith(path, 'Position', 'LongitudeDegrees')) point.lon = xmlNumber(text);
        else if (point && endsWith(path, 'Trackpoint', 'HeartRateBpm', 'Value')) {
          point.bpm = xmlNumber(text);
          heart.add(point.bpm ?? 0);
        }
      },
      close(path) {
        const point = state.point;
        if (!point || !endsWith(path, 'Trackpoint')) return;
        state.point = null;
        const { time, lat, lon, bpm } = point;
        if (time !== null) timeline.add(time);
        if (time !== null && bpm !== null) heartSeries.add(time, bpm);
        if (time !== null && lat !== null && lon !== null) track.add(time, lat, lon);
        if (time !== null && lat !== null && lon !== null) state.firstPosition ??= { time: new Date(time), lat, lon };
      },
    },
    'TCX',
    deadline,
  );

  const samples = timeline.stats();
  const start = state.id ?? state.firstLapStart ?? samples.first?.getTime() ?? null;
  if (!state.activities || start === null)
    throw unreadable('This TCX file holds no activity (no Activity with a start time)');
  const span = samples.first && samples.last ? (samples.last.getTime() - samples.first.getTime()) / 1000 : 0;
  return {
    format: 'tcx',
    kind: namedKind(state.sport),
    startedAt: new Date(start),
    durationSeconds: state.seconds || span,
    distanceMeters: state.meters,
    calories: state.calories,
    steps: state.steps,
    device: state.creatorName,
    timeline: samples,
    heartRate: heart.stats(),
    identity: {
      serial: state.unitId,
      times: state.id === null ? [] : [new Date(state.id)],
      firstPosition: state.firstPosition,
      source: state.unitId ? null : state.creatorName,
      // A creator device with its unit id; a creator name alone is free text any program writes.
      deviceData: state.unitId ? [state.creatorName ?? '?', state.productId ?? '?', state.unitId].join('/') : null,
    },
    series: { heartRate: heartSeries.values(), track: track.values() },
  };
}
