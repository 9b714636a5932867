import type { ActivityKind } from '../../contract';

/** Each format's names for sports, mapped to the app's activity kinds (anything else is 'other'). */

const FIT_SUB_SPORTS: Record<string, ActivityKind> = {
  strengthTraining: 'strength',
  cardioTraining: 'cardio',
  hiit: 'cardio',
  elliptical: 'cardio',
  stairClimbing: 'cardio',
  indoorRowing: 'rowing',
  yoga: 'yoga',
  pilates: 'yoga',
  flexibilityTraining: 'yoga',
  treadmill: 'running',
  indoorRunning: 'running',
  indoorCycling: 'cycling',
  spin: 'cycling',
  indoorWalking: 'walking',
};

const FIT_SPORTS: Record<string, ActivityKind> = {
  running: 'running',
  cycling: 'cycling',
  eBiking: 'cycling',
  walking: 'walking',
  hiking: 'hiking',
  mountaineering: 'hiking',
  swimming: 'swimming',
  rowing: 'rowing',
  paddling: 'rowing',
  kayaking: 'rowing',
  training: 'strength',
  fitnessEquipment: 'cardio',
  hiit: 'cardio',
  boxing: 'cardio',
};

/** A FIT session's sport and sub-sport (as the SDK names them); the sub-sport is more precise. */
export function fitKind(sport: unknown, subSport: unknown): ActivityKind {
  return FIT_SUB_SPORTS[String(subSport)] ?? FIT_SPORTS[String(sport)] ?? 'other';
}

/** Free-text sport names (TCX Sport, GPX type, Apple's workout types without their prefix), by keyword. */
const KEYWORDS: Array<[RegExp, ActivityKind]> = [
  [/run|jog/i, 'running'],
  [/bik|cycl|ride|spin/i, 'cycling'],
  [/walk/i, 'walking'],
  [/hik/i, 'hiking'],
  [/swim/i, 'swimming'],
  [/row|paddl|kayak/i, 'rowing'],
  [/strength|weight|functional/i, 'strength'],
  [/yoga|pilates|flexib/i, 'yoga'],
  [/hiit|interval|cardio|elliptical|stair|boxing|dance|cross ?train/i, 'cardio'],
];

export function namedKind(name: string | null | undefined): ActivityKind {
  if (!name) return 'other';
  return KEYWORDS.find(([pattern]) => pattern.test(name))?.[1] ?? 'other';
}

/** Strava's numeric GPX types (older exports): 1 ride, 9 run, 10 walk, 4 hike. */
const STRAVA_TYPES: Record<string, ActivityKind> = { '1': 'cycling', '9': 'running', '10': 'walking', '4': 'hiking' };

export function gpxKind(type: string | null): ActivityKind {
  return (type && STRAVA_TYPES[type.trim()]) || namedKind(type);
}

/** Apple Health's workout type, e.g. HKWorkoutActivityTypeTraditionalStrengthTraining. */
export function appleKind(type: string | null | undefined): ActivityKind {
  return namedKind(type?.replace(/^HKWorkoutActivityType/, '').replace(/([a-z])([A-Z])/g, '$1 $2'));
}
