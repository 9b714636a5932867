import { METRES_PER_MILE, METRES_PER_YARD, type UNIT_SYSTEMS } from './profile';

/** docs/product.md: generator options and their defaults. A user's fitness level is one of the difficulties. */
export const WORKOUT_TYPES = ['strength', 'cardio', 'hiit', 'yoga', 'mixed'] as const;
export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export const DURATIONS = [15, 30, 45, 60] as const;
export const GENERATOR_DEFAULTS = { type: 'strength', difficulty: 'intermediate', duration: 45 } as const satisfies {
  type: (typeof WORKOUT_TYPES)[number];
  difficulty: (typeof DIFFICULTIES)[number];
  duration: (typeof DURATIONS)[number];
};

export const MUSCLE_GROUPS = [
  'chest',
  'back',
  'shoulders',
  'arms',
  'core',
  'glutes',
  'legs',
  'full_body',
  'cardio',
  'mobility',
] as const;

/** Muscles finer than the muscle groups; the catalogue's MUSCLE_GROUP_OF maps each to the group recovery tracks. */
export const MUSCLES = [
  'chest',
  'lats',
  'upper_back',
  'lower_back',
  'front_delts',
  'side_delts',
  'rear_delts',
  'biceps',
  'triceps',
  'forearms',
  'abs',
  'obliques',
  'hip_flexors',
  'glutes',
  'quads',
  'hamstrings',
  'adductors',
  'calves',
  'neck',
] as const;

/** The shortest and longest session a plan is asked for, in minutes (the chat reads any time in between). */
export const PLAN_MINUTES = { min: 10, max: 90 } as const;

export const INTENSITIES = ['light', 'moderate', 'intense'] as const;

/**
 * docs/product.md: how much of a session was done, in exercises: each exercise is one share, done
 * whole when ticked, else by its logged work sets out of its prescribed sets (a dose's `sets`, one
 * without a dose). Extra sets add nothing: the share is capped at the prescription.
 */
export function sessionDone(
  exercises: ReadonlyArray<{ id: string; dose?: { sets: number } }>,
  ticked: readonly string[],
  workSets: Readonly<Record<string, number>>,
): number {
  const shares = exercises.map((e) => {
    if (ticked.includes(e.id)) return 1;
    const prescribed = e.dose?.sets ?? 1;
    return Math.min(workSets[e.id] ?? 0, prescribed) / prescribed;
  });
  return shares.reduce((sum, share) => sum + share, 0);
}

/** docs/product.md: round(creditsReward × the share of the session done: sessionDone of its exercises). */
export function sessionCredits(reward: number, ticked: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((reward * Math.min(ticked, total)) / total);
}

/** docs/product.md: intense at 80 % or more done, moderate at 50 % or more, otherwise light. */
export function sessionIntensity(ticked: number, total: number): (typeof INTENSITIES)[number] {
  const share = total > 0 ? ticked / total : 0;
  if (share >= 0.8) return 'intense';
  if (share >= 0.5) return 'moderate';
  return 'light';
}

/** The longest coach message the server takes. */
export const CHAT_MESSAGE_MAX = 1000;
/** GENERATE_WORKOUT_FROM_CHAT appears once the chat holds more messages than this; the coach names it only then. */
export const CHAT_MESSAGES_BEFORE_GENERATE = 2;
/** Only the latest messages reach the coach; longer histories are cut, not refused. */
export const CHAT_HISTORY_KEPT = 20;
/** The stored conversation shown again after a reload: the last 100 turns (a message and its reply each). */
export const CHAT_MESSAGES_SHOWN = 200;

/** Planned minutes a day that earn pending credits: more can be trained, not paid. */
export const DAILY_PAID_MINUTES = 120;

/** A session may be completed for credits once this share of its planned minutes has passed since it started. */
export const COMPLETE_AFTER_SHARE = 0.5;

/** The earliest time (ms) a session started at `startedAtMs` and planned for `minutes` may be completed. */
export function sessionCompletableAt(startedAtMs: number, minutes: number): number {
  return startedAtMs + minutes * 60_000 * COMPLETE_AFTER_SHARE;
}

/** "45 s", "8 min", "2 min 30 s". */
export function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

type UnitSystemName = (typeof UNIT_SYSTEMS)[number];

/** A dose's distance (stored in metres): "400 m", "2 km"; to an imperial reader "437 yd", "1.2 mi". From 1,000 m a distance is long: km or miles. */
export function formatMetres(metres: number, units: UnitSystemName): string {
  if (units === 'metric') return metres >= 1000 ? `${Number((metres / 1000).toFixed(1))} km` : `${metres} m`;
  return metres >= 1000
    ? `${Number((metres / METRES_PER_MILE).toFixed(1))} mi`
    : `${Math.round(metres / METRES_PER_YARD)} yd`;
}

/** What prescriptionIn reads of a dose (ExerciseDose, without the schema). */
type DoseForReading =
  { kind: 'distance'; sets: number; meters: number; restSeconds: number } | { kind: 'reps' | 'time' };

/** A distance dose as a trainer writes it: "2 km steady", "3 × 40 m · rest 90 s". */
export function distancePrescription(
  dose: Extract<DoseForReading, { kind: 'distance' }>,
  units: UnitSystemName,
): string {
  if (dose.sets === 1) return `${formatMetres(dose.meters, units)}${dose.meters >= 1000 ? ' steady' : ''}`;
  return `${dose.sets} × ${formatMetres(dose.meters, units)} · rest ${formatSeconds(dose.restSeconds)}`;
}

/**
 * An exercise's dose as a reader of `units` reads it: a distance in their units; any other dose in
 * the words stored with it (they hold no distance). Exercises stored before doses keep their words.
 */
export function prescriptionIn(
  exercise: { prescription: string; dose?: DoseForReading },
  units: UnitSystemName,
): string {
  return exercise.dose?.kind === 'distance' ? distancePrescription(exercise.dose, units) : exercise.prescription;
}

/** The code of a completion refused because it already landed: a replayed offline completion is no news. */
export const WORKOUT_ALREADY_COMPLETED = 'WORKOUT_ALREADY_COMPLETED';
