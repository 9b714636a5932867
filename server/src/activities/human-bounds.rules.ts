import type { ActivityKind } from '../contract';
import { BODY_BOUNDS, SPORT_BOUNDS } from './human-bounds.data';

/** The figures of an activity the bounds judge (null: the file has none). */
export interface ActivityFigures {
  kind: ActivityKind;
  durationSeconds: number;
  distanceMeters: number | null;
  steps: number | null;
  calories: number | null;
  /** Whether `steps` are the activity's own or the whole day's (an Apple Health export counts the day). */
  stepsOf?: 'activity' | 'day';
}

/** The first figure outside what a body does, named with its value and the bound; null when all are within. */
export function outsideHumanBounds(figures: ActivityFigures, minMinutesForRates = 1): string | null {
  const { kind, durationSeconds, distanceMeters, steps, calories } = figures;
  const named: Array<[string, number | null]> = [
    ['duration', durationSeconds],
    ['distance', distanceMeters],
    ['steps', steps],
    ['calories', calories],
  ];
  for (const [name, value] of named) {
    if (value !== null && (!Number.isFinite(value) || value < 0))
      return `The file's ${name} is not a figure a recording has (${String(value)})`;
  }
  const sport = SPORT_BOUNDS[kind];
  const minutes = durationSeconds / 60;
  const format = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits });
  if (durationSeconds > BODY_BOUNDS.maxDurationSeconds)
    return `A duration of ${format(durationSeconds / 3600, 1)} hours is longer than one activity lasts (at most 24)`;
  if (distanceMeters !== null && distanceMeters > BODY_BOUNDS.maxDistanceMeters)
    return `A distance of ${format(distanceMeters / 1000)} km is beyond what a person covers in a day`;
  if (steps !== null && steps > BODY_BOUNDS.maxDaySteps)
    return `${format(steps)} steps are more than a person takes in a day (at most ${format(BODY_BOUNDS.maxDaySteps)})`;
  if (calories !== null && calories > BODY_BOUNDS.maxCalories)
    return `${format(calories)} kcal are more than a body burns in a day (at most ${format(BODY_BOUNDS.maxCalories)})`;
  // Rates mean little over a recording too short to prove anything; the length rule refuses those.
  if (minutes < minMinutesForRates) return null;
  if (distanceMeters !== null) {
    const speed = distanceMeters / durationSeconds;
    if (speed > sport.maxAverageSpeedMps) {
      return `An average speed of ${format(speed * 3.6, 1)} km/h is beyond ${kind} (at most ${format(sport.maxAverageSpeedMps * 3.6)} km/h)`;
    }
  }
  if (steps !== null && figures.stepsOf !== 'day' && steps / minutes > sport.maxStepsPerMinute) {
    return `${format(steps)} steps in ${format(minutes)} minutes (${format(steps / minutes)} a minute) are beyond a human cadence (at most ${sport.maxStepsPerMinute})`;
  }
  if (calories !== null && calories / minutes > sport.maxCaloriesPerMinute) {
    return `${format(calories)} kcal in ${format(minutes)} minutes are beyond what a body burns (at most ${sport.maxCaloriesPerMinute} a minute)`;
  }
  return null;
}

/** A number fit to show: finite, else null (no NaN or infinity reaches a view). */
export const finiteOrNull = (value: number | null | undefined): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : value;
