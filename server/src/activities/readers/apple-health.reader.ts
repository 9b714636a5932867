import { ACTIVITY_READ_LIMITS } from '../../contract';
import { dayIn, instantsOfDayAnywhere } from '../../users/users.rules';
import type { ActivityReading } from './activity-reading';
import { ActivitySource, ReadDeadline, unreadable } from './read-limits';
import { HeartRateSeries, SeriesRecorder, Timeline } from './samples';
import { appleKind } from './sport-kinds';
import { readXml, xmlNumber, xmlText } from './xml-stream';
import { openZipEntry } from './zip-entry';

/** The export's XML inside the zip: `apple_health_export/export.xml` (the CDA copy beside it is not read). */
const isExportXml = (name: string) => /^(?:[^/]+\/)?export\.xml$/.test(name);

interface Workout {
  type: string | null;
  source: string | null;
  device: string | null;
  /** The device's hardware as HealthKit records it ("Watch6,2"), null for a workout typed in an app. */
  hardware: string | null;
  start: number;
  end: number;
  seconds: number | null;
  meters: number | null;
  calories: number | null;
}

/** "2026-11-25 08:30:00 +0100", Apple's date format, as epoch ms (NaN when it is not one). */
export function appleTime(text: string | undefined): number {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([+-]\d\d)(\d\d)$/.exec(text ?? '');
  return m ? Date.parse(`${m[1]}T${m[2]}${m[3]}:${m[4]}`) : NaN;
}

const SECONDS: Record<string, number> = { s: 1, sec: 1, min: 60, hr: 3600, h: 3600 };
const METERS: Record<string, number> = { m: 1, km: 1000, mi: 1609.344, ft: 0.3048, yd: 0.9144 };
const KCAL: Record<string, number> = { kcal: 1, Cal: 1, cal: 0.001, kJ: 1 / 4.184, J: 1 / 4184 };

function inUnit(value: string | undefined, unit: string | undefined, table: Record<string, number>): number | null {
  const number = xmlNumber(value);
  const factor = unit === undefined ? undefined : table[unit];
  return number === null || factor === undefined ? null : number * factor;
}

/**
 * An Apple Health export (export.zip): export.xml streamed from the zip through saxes, years of
 * records in constant memory. Kept: the proof day's heart-rate samples and step counts (per
 * source: the phone and the watch count the same steps), and its workouts; read: the day's longest
 * workout (or, with none that day, the latest one, which the rules then refuse by its date), its
 * heart rate from the day's samples inside it, and the day's steps from the source that counted most.
 */
export async function readAppleHealth(
  source: ActivitySource,
  day: string,
  timeZone: string,
  deadline: ReadDeadline,
): Promise<ActivityReading> {
  const missing = 'This zip is not an Apple Health export: apple_health_export/export.xml is missing';
  const xml = await openZipEntry(source, isExportXml, missing, deadline);
  const anywhere = instantsOfDayAnywhere(day);
  const onDay = (ms: number) =>
    ms >= anywhere.from.getTime() && ms < anywhere.to.getTime() && dayIn(new Date(ms), timeZone) === day;
  // Bounded whatever the file holds: the samples by maxDaySamples, the sources by maxStepSources,
  // and of the workouts only the day's longest and the latest are kept.
  const heartSamples: Array<[number, number]> = [];
  const stepsBySource = new Map<string, number>();
  const state = {
    root: null as string | null,
    current: null as Workout | null,
    latest: null as Workout | null,
    longest: null as Workout | null,
  };

  await readXml(
    xml,
    {
      open(path, a) {
        if (path.length === 1) state.root = path[0];
        if (path.length === 2 && path[1] === 'Record') {
          const start = appleTime(a.startDate);
          if (!onDay(start)) return;
          if (
            a.type === 'HKQuantityTypeIdentifierHeartRate' &&
            heartSamples.length < ACTIVITY_READ_LIMITS.maxDaySamples
          ) {
            heartSamples.push([start, xmlNumber(a.value) ?? 0]);
          } else if (a.type === 'HKQuantityTypeIdentifierStepCount') {
            const key = xmlText(a.sourceName) ?? '';
            if (!stepsBySource.has(key) && stepsBySource.size >= ACTIVITY_READ_LIMITS.maxStepSources) {
              throw unreadable(
                `This Apple Health export counts the day's steps from more than ${ACTIVITY_READ_LIMITS.maxStepSources} sources: it is not one person's export`,
              );
            }
            stepsBySource.set(key, (stepsBySource.get(key) ?? 0) + (xmlNumber(a.value) ?? 0));
          }
        } else if (path.length === 2 && path[1] === 'Workout') {
          state.current = {
            type: xmlText(a.workoutActivityType),
            source: xmlText(a.sourceName),
            device: xmlText(/name:([^,>]+)/.exec(a.device ?? '')?.[1]?.trim() ?? a.sourceName),
            hardware: xmlText(/hardware:([^,>]+)/.exec(a.device ?? '')?.[1]?.trim()),
            start: appleTime(a.startDate),
            end: appleTime(a.endDate),
            seconds: inUnit(a.duration, a.durationUnit, SECONDS),
            meters: inUnit(a.totalDistance, a.totalDistanceUnit, METERS),
            calories: inUnit(a.totalEnergyBurned, a.totalEnergyBurnedUnit, KCAL),
          };
        } else if (state.current && path.length === 3 && path[2] === 'WorkoutStatistics') {
          // Since iOS 16 the totals are statistics inside the workout.
          if (/Distance/.test(a.type ?? '')) state.current.meters ??= inUnit(a.sum, a.unit, METERS);
          if (a.type === 'HKQuantityTypeIdentifierActiveEnergyBurned')
            state.current.calories ??= inUnit(a.sum, a.unit, KCAL);
        }
      },
      close(path) {
        const workout = state.current;
        if (!workout || path.length !== 2) return;
        state.current = null;
        if (!Number.isFinite(workout.start)) return;
        const longest = state.longest;
        if (onDay(workout.start) && (!longest || workout.end - workout.start > longest.end - longest.start))
          state.longest = workout;
        if (!state.latest || workout.start > state.latest.start) state.latest = workout;
      },
    },
    'Apple Health export.xml',
    deadline,
  );

  if (state.root !== 'HealthData')
    throw unreadable('This zip is not an Apple Health export: its export.xml holds no HealthData');
  const longest = state.longest;
  const workout = longest ?? state.latest;
  if (!workout)
    throw unreadable('This Apple Health export holds no workout: record one with your watch, then export again');

  // Records are grouped by type, not in time order: the samples inside the workout, in order, between its start and end.
  const timeline = new Timeline();
  const heart = new HeartRateSeries();
  const heartSeries = new SeriesRecorder<[number]>();
  timeline.add(workout.start);
  for (const [time, bpm] of heartSamples
    .filter(([t]) => t >= workout.start && t <= workout.end)
    .sort((a, b) => a[0] - b[0])) {
    timeline.add(time);
    heart.add(bpm);
    if (bpm > 0) heartSeries.add(time, bpm);
  }
  if (Number.isFinite(workout.end)) timeline.add(workout.end);
  const steps = stepsBySource.size ? Math.max(...stepsBySource.values()) : null;
  return {
    format: 'apple_health',
    kind: appleKind(workout.type),
    startedAt: new Date(workout.start),
    durationSeconds: workout.seconds ?? Math.max(0, (workout.end - workout.start) / 1000),
    distanceMeters: workout.meters,
    calories: workout.calories,
    steps: workout === longest ? steps : null,
    device: workout.device,
    timeline: timeline.stats(),
    heartRate: heart.stats(),
    identity: {
      serial: null,
      times: [],
      firstPosition: null,
      source: workout.source,
      deviceData: workout.hardware ? [workout.device ?? workout.source ?? '?', workout.hardware].join('/') : null,
    },
    // The route is a separate GPX inside the zip, not read: the heart rate is the series compared.
    series: { heartRate: heartSeries.values(), track: [] },
  };
}
