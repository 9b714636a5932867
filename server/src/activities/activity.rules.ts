import { ACTIVITY_RULES, type ActivityCheck, type ActivitySummary } from '../contract';
import { dayIn } from '../users/users.rules';
import { finiteOrNull, outsideHumanBounds } from './human-bounds.rules';
import type { ActivityReading } from './readers/activity-reading';

/**
 * Pure rules of imported activities: whether a reading proves the day (each check with its
 * reason), what is shown of it, and the keys it is claimed under.
 */

export interface ProofDayContext {
  /** The proof day, YYYY-MM-DD in `timeZone`. */
  day: string;
  timeZone: string;
  now: Date;
}

const MINUTE_MS = 60_000;

function clock(date: Date, timeZone: string, seconds = false): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  }).format(date);
}

/**
 * How long the activity lasted: what the file declares, but never more than its samples span (a
 * summary can be edited; a track of samples is more work to forge).
 */
export function activeSeconds(reading: ActivityReading): number {
  const { first, last, count } = reading.timeline;
  if (count < 2 || !first || !last) return reading.durationSeconds;
  return Math.max(0, Math.min(reading.durationSeconds, (last.getTime() - first.getTime()) / 1000));
}

/** Every check the reading goes through, in ACTIVITY_CHECKS order; accepted when all pass. */
export function judgeActivity(reading: ActivityReading, { day, timeZone, now }: ProofDayContext): ActivityCheck[] {
  const rules = ACTIVITY_RULES;
  const latest = now.getTime() + rules.futureToleranceMinutes * MINUTE_MS;
  const checks: ActivityCheck[] = [];
  const check = (name: ActivityCheck['name'], passed: boolean, reason: string) => checks.push({ name, passed, reason });

  const startDay = dayIn(reading.startedAt, timeZone);
  if (reading.startedAt.getTime() > latest)
    check('started_today', false, `Activity starts in the future (${startDay} ${clock(reading.startedAt, timeZone)})`);
  else if (startDay !== day) check('started_today', false, `Activity started on ${startDay}, not today (${day})`);
  else check('started_today', true, `Started today at ${clock(reading.startedAt, timeZone)}`);

  const { backwardsAt, last } = reading.timeline;
  if (backwardsAt)
    check('time_moves_forward', false, `Timestamps go backwards at ${clock(backwardsAt, timeZone, true)}`);
  else if (last && last.getTime() > latest)
    check('time_moves_forward', false, `Timestamps run into the future (${clock(last, timeZone, true)})`);
  else check('time_moves_forward', true, 'Timestamps only move forward');

  const minutes = Math.floor(activeSeconds(reading) / 60);
  if (minutes < rules.minMinutes)
    check('long_enough', false, `Activity lasted ${minutes} minutes: at least ${rules.minMinutes} are needed`);
  else check('long_enough', true, `Lasted ${minutes} minutes`);

  const stepsOf = reading.format === 'apple_health' ? 'day' : 'activity';
  const outside = outsideHumanBounds(
    { ...reading, durationSeconds: activeSeconds(reading), stepsOf },
    rules.minMinutes,
  );
  check('within_human_bounds', !outside, outside ?? 'Distance, speed, steps and calories are within what a body does');

  const hr = reading.heartRate;
  const needed = Math.max(rules.heartRate.minSamples, Math.ceil(minutes * rules.heartRate.minSamplesPerMinute));
  if (hr.count === 0) {
    check('heart_rate_recorded', false, 'No heart rate in this file: record the activity with a heart-rate sensor');
    return checks;
  }
  if (hr.count < needed)
    check('heart_rate_recorded', false, `Too few heart-rate samples (${hr.count} in ${minutes} minutes)`);
  else check('heart_rate_recorded', true, `${hr.count} heart-rate samples`);

  const { minBpm, maxBpm } = rules.heartRate;
  if (hr.outOfRange / hr.count > rules.heartRate.maxOutOfRangeShare || hr.min === null || hr.max === null) {
    check('heart_rate_in_range', false, `Heart rate of ${hr.worst} bpm is not plausible (${minBpm}–${maxBpm} bpm)`);
    return checks;
  }
  check('heart_rate_in_range', true, `Heart rate ${hr.min}–${hr.max} bpm`);

  const spread = hr.max - hr.min;
  if (spread < rules.heartRate.minSpreadBpm || (hr.stdDev ?? 0) < rules.heartRate.minStdDevBpm) {
    check('heart_rate_varies', false, `Heart rate is a flat line (${Math.round(hr.mean ?? 0)} bpm throughout)`);
  } else check('heart_rate_varies', true, `Heart rate varies by ${spread} bpm`);
  return checks;
}

export const isAccepted = (checks: ActivityCheck[]) => checks.every((c) => c.passed);

/** What the user is shown of a reading. */
export function summarize(reading: ActivityReading): ActivitySummary {
  const round = (value: number | null) => {
    const finite = finiteOrNull(value);
    return finite === null ? null : Math.round(Math.max(0, finite));
  };
  const distance = finiteOrNull(reading.distanceMeters);
  return {
    format: reading.format,
    kind: reading.kind,
    startedAt: reading.startedAt.toISOString(),
    durationSeconds: round(activeSeconds(reading)) ?? 0,
    distanceMeters: distance === null ? null : Math.round(Math.max(0, distance) * 10) / 10,
    heartRateAvg: round(reading.heartRate.mean),
    heartRateMax: round(reading.heartRate.max),
    calories: round(reading.calories),
    steps: round(reading.steps),
    device: reading.device,
  };
}

/** An instant to the second, as keys store it (formats keep seconds, some also milliseconds). */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000).toISOString();

/**
 * The keys an activity is claimed under, each at most once ever: the device's serial with each
 * instant it stamped (the same recording exported as FIT or TCX), the first position and its time
 * (the same track in any format), the naming source and start for formats without serials. A
 * file with none of these is claimed by its start and duration.
 */
export function activityKeys(reading: ActivityReading): string[] {
  const { serial, times, firstPosition, source } = reading.identity;
  const keys = new Set<string>();
  if (serial) for (const time of times) keys.add(`device:${serial}:${toSecond(time)}`);
  if (firstPosition)
    keys.add(`track:${toSecond(firstPosition.time)}:${firstPosition.lat.toFixed(4)},${firstPosition.lon.toFixed(4)}`);
  // A source name is chosen by its owner ("Apple Watch" for many): the duration to the second sets two people's apart.
  if (source && !serial)
    keys.add(`source:${source}:${toSecond(reading.startedAt)}:${Math.round(reading.durationSeconds)}`);
  if (!keys.size) keys.add(`start:${toSecond(reading.startedAt)}:${Math.round(reading.durationSeconds)}`);
  return [...keys];
}
