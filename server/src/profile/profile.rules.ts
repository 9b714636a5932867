import type { ErrorCode, HealthAnswers, ProfileFields, ProfileUpdateRequest } from '../contract';
import {
  EQUIPMENT,
  HEALTH_CONDITIONS,
  HEALTH_RANGES,
  LIMITATIONS,
  PREGNANCY_STATES,
  PROFILE_RANGES,
  TRAINING_GOALS,
  UNIT_SYSTEMS,
} from '../contract';
import { ianaTimeZone } from '../users/users.rules';

/**
 * Pure rules of the profile: reading a PUT body field by field, in the style of docs/product.md BMI
 * checks (a title and a sentence that names the field and its range), the first refusal wins.
 */

/** `health` undefined: the request left the health answers out, so the saved ones stay. */
export type ProfileCheck =
  | { ok: true; profile: ProfileFields; health?: HealthAnswers }
  | { ok: false; code: ErrorCode; title: string; message: string };

class Refusal {
  constructor(
    readonly code: ErrorCode,
    readonly title: string,
    readonly message: string,
  ) {}
}

const { age: AGE, heightCm: HEIGHT, weightKg: WEIGHT } = PROFILE_RANGES;

const within = (value: number, range: { min: number; max: number }) =>
  Number.isFinite(value) && value >= range.min && value <= range.max;

function readAge(age: number | null): number | null {
  if (age === null) return null;
  if (!Number.isInteger(age) || !within(age, AGE)) {
    throw new Refusal(
      'PROFILE_INVALID_AGE',
      'Invalid Age',
      `Age must be a whole number between ${AGE.min}-${AGE.max} years.`,
    );
  }
  return age;
}

/** docs/product.md: height is read as an integer. */
function readHeight(height: number | null): number | null {
  if (height === null) return null;
  const heightCm = Math.trunc(height);
  if (!within(heightCm, HEIGHT))
    throw new Refusal(
      'PROFILE_INVALID_HEIGHT',
      'Invalid Height',
      `Height must be between ${HEIGHT.min}-${HEIGHT.max} cm.`,
    );
  return heightCm;
}

/** Kept to 0.01 kg: enough for a weight typed in pounds to read back as typed. */
function readWeight(weight: number | null): number | null {
  if (weight === null) return null;
  if (!within(weight, WEIGHT))
    throw new Refusal(
      'PROFILE_INVALID_WEIGHT',
      'Invalid Weight',
      `Weight must be between ${WEIGHT.min}-${WEIGHT.max} kg.`,
    );
  return Math.round(weight * 100) / 100;
}

function readWord<T extends string>(
  value: string,
  words: readonly T[],
  refuse: (message: string) => Refusal,
  field: string,
): T {
  if (!(words as readonly string[]).includes(value))
    throw refuse(`Unknown ${field} "${value}": choose from ${words.join(', ')}.`);
  return value as T;
}

/** Known words, each once, in the vocabulary's order (so equal choices store equal lists). */
function readList<T extends string>(
  values: string[],
  words: readonly T[],
  refuse: (message: string) => Refusal,
  noun: string,
  field: string,
): T[] {
  const seen = new Set<string>();
  for (const value of values) {
    readWord(value, words, refuse, noun);
    if (seen.has(value)) throw refuse(`"${value}" is listed twice in ${field}.`);
    seen.add(value);
  }
  return words.filter((word) => seen.has(word));
}

function readTimeZone(name: string): string {
  const zone = ianaTimeZone(name);
  if (!zone)
    throw new Refusal(
      'PROFILE_INVALID_TIME_ZONE',
      'Invalid Time Zone',
      `Unknown time zone "${name}": choose an IANA name such as Europe/Berlin.`,
    );
  return zone;
}

const refuseHealth = (message: string) => new Refusal('PROFILE_INVALID_HEALTH', 'Invalid Health Answers', message);

/** Weeks in whole numbers within their range, and only beside the state they describe. */
function readWeeks(
  weeks: number | null,
  applies: boolean,
  range: { min: number; max: number },
  what: string,
): number | null {
  if (weeks === null) return null;
  if (!applies) throw refuseHealth(`${what} is only answered with its state.`);
  if (!Number.isInteger(weeks) || !within(weeks, range))
    throw refuseHealth(`${what} must be a whole number between ${range.min}-${range.max}.`);
  return weeks;
}

function readHealth(input: NonNullable<ProfileUpdateRequest['health']>): HealthAnswers {
  const pregnancy =
    input.pregnancy === null ? null : readWord(input.pregnancy, PREGNANCY_STATES, refuseHealth, 'pregnancy answer');
  return {
    pregnancy,
    pregnancyWeeks: readWeeks(
      input.pregnancyWeeks,
      pregnancy === 'pregnant',
      HEALTH_RANGES.pregnancyWeeks,
      'Weeks of pregnancy',
    ),
    weeksSinceBirth: readWeeks(
      input.weeksSinceBirth,
      pregnancy === 'postpartum',
      HEALTH_RANGES.weeksSinceBirth,
      'Weeks since the birth',
    ),
    usedToHighImpact: input.usedToHighImpact,
    conditions: readList(input.conditions, HEALTH_CONDITIONS, refuseHealth, 'health condition', 'health conditions'),
  };
}

const refusing = (code: ErrorCode, title: string) => (message: string) => new Refusal(code, title, message);

/** The profile to store from a PUT body, or the refusal of its first invalid field. */
export function readProfile(input: ProfileUpdateRequest): ProfileCheck {
  try {
    return {
      ok: true,
      profile: {
        age: readAge(input.age),
        height: readHeight(input.height),
        weight: readWeight(input.weight),
        goal:
          input.goal === null
            ? null
            : readWord(input.goal, TRAINING_GOALS, refusing('PROFILE_INVALID_GOAL', 'Invalid Goal'), 'goal'),
        equipment: readList(
          input.equipment,
          EQUIPMENT,
          refusing('PROFILE_INVALID_EQUIPMENT', 'Invalid Equipment'),
          'equipment',
          'equipment',
        ),
        limitations: readList(
          input.limitations,
          LIMITATIONS,
          refusing('PROFILE_INVALID_LIMITATIONS', 'Invalid Limitations'),
          'limitation',
          'limitations',
        ),
        units: readWord(input.units, UNIT_SYSTEMS, refusing('PROFILE_INVALID_UNITS', 'Invalid Units'), 'unit system'),
        timeZone: readTimeZone(input.timeZone),
      },
      ...(input.health ? { health: readHealth(input.health) } : {}),
    };
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    return { ok: false, code: err.code, title: err.title, message: err.message };
  }
}
