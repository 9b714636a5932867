import type {
  EquipmentKind,
  ErrorCode,
  HealthCondition,
  LimitationKind,
  PregnancyState,
  ProfileUpdateRequest,
  ProfileView,
  TrainingGoal,
  UnitSystem,
} from '@contract';
import { FALLBACK_TIME_ZONE, HEALTH_RANGES, PROFILE_RANGES } from '@contract/values';

import { browserTimeZone } from '../../ui/dates';
import {
  type HeightInput,
  heightInput,
  heightRangeText,
  parseHeight,
  parseWeight,
  readNumber,
  weightInput,
  weightRangeText,
} from './units';

/** What the profile form holds: numbers as typed, in the chosen units. */
export interface ProfileForm {
  age: string;
  height: HeightInput;
  weight: string;
  goal: TrainingGoal | null;
  equipment: EquipmentKind[];
  limitations: LimitationKind[];
  units: UnitSystem;
  timeZone: string;
  health: HealthForm;
}

/** The health screening's answers as the form holds them: weeks as typed. */
export interface HealthForm {
  pregnancy: PregnancyState | null;
  pregnancyWeeks: string;
  weeksSinceBirth: string;
  usedToHighImpact: boolean;
  conditions: HealthCondition[];
}

export type ProfileField =
  'age' | 'height' | 'weight' | 'goal' | 'equipment' | 'limitations' | 'units' | 'timeZone' | 'health';
export type FieldErrors = Partial<Record<ProfileField, string>>;

/** The form's fields in the order they appear: the first refused one takes the focus. */
export const FIELD_ORDER: ProfileField[] = [
  'age',
  'height',
  'weight',
  'goal',
  'equipment',
  'limitations',
  'health',
  'units',
  'timeZone',
];

/** The zone this browser is in, proposed until the user saves a profile of their own. */

export function formOf(profile: ProfileView, browserZone = browserTimeZone()): ProfileForm {
  return {
    age: profile.age == null ? '' : String(profile.age),
    height: heightInput(profile.height, profile.units),
    weight: weightInput(profile.weight, profile.units),
    goal: profile.goal,
    equipment: profile.equipment,
    limitations: profile.limitations,
    units: profile.units,
    timeZone: profile.savedAt === null ? browserZone : profile.timeZone,
    health: {
      pregnancy: profile.health.pregnancy,
      pregnancyWeeks: profile.health.pregnancyWeeks == null ? '' : String(profile.health.pregnancyWeeks),
      weeksSinceBirth: profile.health.weeksSinceBirth == null ? '' : String(profile.health.weeksSinceBirth),
      usedToHighImpact: profile.health.usedToHighImpact,
      conditions: profile.health.conditions,
    },
  };
}

/** Weeks as sent: null when empty or beside another state, NaN when not a whole number in range. */
function readWeeks(text: string, applies: boolean, range: { min: number; max: number }): number | null {
  const weeks = readNumber(text);
  if (!applies || weeks === null) return null;
  return Number.isInteger(weeks) && inRange(weeks, range) ? weeks : Number.NaN;
}

/** The health answers to send, or why the weeks cannot be read. */
function healthOf(form: HealthForm): { health: NonNullable<ProfileUpdateRequest['health']> } | { error: string } {
  const pregnancyWeeks = readWeeks(form.pregnancyWeeks, form.pregnancy === 'pregnant', HEALTH_RANGES.pregnancyWeeks);
  const weeksSinceBirth = readWeeks(
    form.weeksSinceBirth,
    form.pregnancy === 'postpartum',
    HEALTH_RANGES.weeksSinceBirth,
  );
  const { pregnancyWeeks: P, weeksSinceBirth: B } = HEALTH_RANGES;
  if (Number.isNaN(pregnancyWeeks))
    return { error: `Weeks of pregnancy must be a whole number between ${P.min}-${P.max}.` };
  if (Number.isNaN(weeksSinceBirth))
    return { error: `Weeks since the birth must be a whole number between ${B.min}-${B.max}.` };
  const pregnant = form.pregnancy === 'pregnant';
  return {
    health: {
      pregnancy: form.pregnancy,
      pregnancyWeeks,
      weeksSinceBirth,
      usedToHighImpact: pregnant && form.usedToHighImpact,
      conditions: form.conditions,
    },
  };
}

/** The same measurements shown in the other unit system (the toggle converts what was typed). */
export function withUnits(form: ProfileForm, units: UnitSystem): ProfileForm {
  if (units === form.units) return form;
  const height = parseHeight(form.height, form.units);
  const weight = parseWeight(form.weight, form.units);
  return {
    ...form,
    units,
    // Something that is not a number yet stays as typed in the field it was typed in.
    height: height === null || Number.isNaN(height) ? form.height : heightInput(height, units),
    weight: weight === null || Number.isNaN(weight) ? form.weight : weightInput(weight, units),
  };
}

/** docs/product.md range sentences, in the units the user reads. */
export function rangeMessage(field: 'age' | 'height' | 'weight', units: UnitSystem): string {
  if (field === 'age')
    return `Age must be a whole number between ${PROFILE_RANGES.age.min}-${PROFILE_RANGES.age.max} years.`;
  if (field === 'height') return `Height must be between ${heightRangeText(PROFILE_RANGES.heightCm, units)}.`;
  return `Weight must be between ${weightRangeText(PROFILE_RANGES.weightKg, units)}.`;
}

const inRange = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;

/** The request to send, or what is wrong with the numbers (the server checks everything again). */
export function requestOf(
  form: ProfileForm,
): { request: ProfileUpdateRequest; errors: null } | { request: null; errors: FieldErrors } {
  const age = readNumber(form.age);
  const height = parseHeight(form.height, form.units);
  const weight = parseWeight(form.weight, form.units);
  const errors: FieldErrors = {};
  if (age !== null && !(Number.isInteger(age) && inRange(age, PROFILE_RANGES.age)))
    errors.age = rangeMessage('age', form.units);
  if (height !== null && !inRange(Math.trunc(height), PROFILE_RANGES.heightCm))
    errors.height = rangeMessage('height', form.units);
  if (weight !== null && !inRange(weight, PROFILE_RANGES.weightKg)) errors.weight = rangeMessage('weight', form.units);
  const health = healthOf(form.health);
  if ('error' in health) errors.health = health.error;
  if (Object.keys(errors).length > 0 || 'error' in health) return { request: null, errors };
  const { equipment, limitations, goal, units, timeZone } = form;
  return {
    request: { age, height, weight, goal, equipment, limitations, units, timeZone, health: health.health },
    errors: null,
  };
}

const FIELD_OF_CODE: Partial<Record<ErrorCode, ProfileField>> = {
  PROFILE_INVALID_AGE: 'age',
  PROFILE_INVALID_HEIGHT: 'height',
  PROFILE_INVALID_WEIGHT: 'weight',
  PROFILE_INVALID_GOAL: 'goal',
  PROFILE_INVALID_EQUIPMENT: 'equipment',
  PROFILE_INVALID_LIMITATIONS: 'limitations',
  PROFILE_INVALID_UNITS: 'units',
  PROFILE_INVALID_TIME_ZONE: 'timeZone',
  PROFILE_INVALID_HEALTH: 'health',
};

/** A server refusal beside the field it names (ranges restated in the user's units); null for other failures. */
export function fieldErrorOf(
  code: ErrorCode | undefined,
  serverMessage: string,
  units: UnitSystem,
): FieldErrors | null {
  const field = code && FIELD_OF_CODE[code];
  if (!field) return null;
  const message =
    field === 'age' || field === 'height' || field === 'weight' ? rangeMessage(field, units) : serverMessage;
  return { [field]: message };
}

/** Every zone this browser knows, with UTC and the saved one even if it does not list them, sorted. */
export function timeZoneOptions(
  saved: string,
  supported: () => string[] = () => Intl.supportedValuesOf('timeZone'),
): string[] {
  return [...new Set([...supported(), FALLBACK_TIME_ZONE, saved])].sort();
}

/** "LOSE_FAT", "PULLUP_BAR": the app's label style for the contract's words. */
export const labelOf = (word: string) => word.toUpperCase();
