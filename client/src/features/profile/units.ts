import type { UnitSystem } from '@contract';
import { CM_PER_INCH, INCHES_PER_FOOT, KG_PER_POUND, METRES_PER_MILE } from '@contract/values';

/**
 * Heights, weights and distances in the user's unit system. The server stores cm, kg and metres only;
 * everything the client shows goes through `formatHeight` / `formatWeight` / `formatDistance` (a
 * workout's doses through the contract's `prescriptionIn`), and what it sends through `parse*`.
 */

/** Up to one decimal, none when whole: 74.84 → "74.8", 165.0 → "165". */
const oneDecimal = (value: number) => String(Math.round(value * 10) / 10);

/** A number as typed ("75,5" with a decimal comma too); NaN for anything else, null when empty. */
export function readNumber(typed: string): number | null {
  const text = typed.trim().replace(/^(\d+),(\d+)$/, '$1.$2');
  if (text === '') return null;
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : NaN;
}

export interface FeetInches {
  feet: number;
  inches: number;
}

/** To the nearest whole inch: what a person says their height is. */
export function toFeetInches(cm: number): FeetInches {
  const totalInches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(totalInches / INCHES_PER_FOOT), inches: totalInches % INCHES_PER_FOOT };
}

/** Whole centimetres (the server reads height as an integer), so a height in feet and inches reads back as typed. */
export function fromFeetInches({ feet, inches }: FeetInches): number {
  return Math.round((feet * INCHES_PER_FOOT + inches) * CM_PER_INCH);
}

export const toPounds = (kg: number) => kg / KG_PER_POUND;
/** Kept to 0.01 kg, as the server stores it: a weight in pounds reads back as typed. */
export const fromPounds = (lb: number) => Math.round(lb * KG_PER_POUND * 100) / 100;

/** "180 CM" or "5 FT 11 IN"; "—" when not known. */
export function formatHeight(cm: number | null | undefined, units: UnitSystem): string {
  if (cm == null) return '—';
  if (units === 'metric') return `${oneDecimal(cm)} CM`;
  const { feet, inches } = toFeetInches(cm);
  return `${feet} FT ${inches} IN`;
}

/** The unit a weight is shown in, for labels and chart axes. */
export const weightUnit = (units: UnitSystem) => (units === 'metric' ? 'kg' : 'lb');

/** A weight as a number in the user's unit (chart values). */
export const weightIn = (kg: number, units: UnitSystem) =>
  Math.round((units === 'metric' ? kg : toPounds(kg)) * 10) / 10;

/** "77.5 KG" or "170.9 LB"; "—" when not known. */
export function formatWeight(kg: number | null | undefined, units: UnitSystem): string {
  if (kg == null) return '—';
  return `${oneDecimal(weightIn(kg, units))} ${weightUnit(units).toUpperCase()}`;
}

/** "6.01 KM" or "3.74 MI": a distance covered (stored in metres), to the hundredth. */
export function formatDistance(meters: number, units: UnitSystem): string {
  return units === 'metric' ? `${(meters / 1000).toFixed(2)} KM` : `${(meters / METRES_PER_MILE).toFixed(2)} MI`;
}

/** A height as the form's fields hold it: cm, or feet and inches. */
export interface HeightInput {
  cm: string;
  feet: string;
  inches: string;
}

export function heightInput(cm: number | null, units: UnitSystem): HeightInput {
  if (cm == null) return { cm: '', feet: '', inches: '' };
  if (units === 'metric') return { cm: oneDecimal(cm), feet: '', inches: '' };
  const { feet, inches } = toFeetInches(cm);
  return { cm: '', feet: String(feet), inches: String(inches) };
}

/** cm from the form's fields; null when left empty, NaN when not a number. */
export function parseHeight(input: HeightInput, units: UnitSystem): number | null {
  if (units === 'metric') return readNumber(input.cm);
  const feet = readNumber(input.feet);
  const inches = readNumber(input.inches);
  if (feet === null && inches === null) return null;
  if (Number.isNaN(feet) || Number.isNaN(inches)) return NaN;
  return fromFeetInches({ feet: feet ?? 0, inches: inches ?? 0 });
}

export const weightInput = (kg: number | null, units: UnitSystem) =>
  kg == null ? '' : oneDecimal(weightIn(kg, units));

/** kg from the form's field; null when left empty, NaN when not a number. */
export function parseWeight(typed: string, units: UnitSystem): number | null {
  const value = readNumber(typed);
  if (value === null || Number.isNaN(value) || units === 'metric') return value;
  return fromPounds(value);
}

/** "100-250 cm" or "3 ft 3 in-8 ft 2 in": a metric range as the user reads it. */
export function heightRangeText(range: { min: number; max: number }, units: UnitSystem): string {
  if (units === 'metric') return `${range.min}-${range.max} cm`;
  const show = (cm: number, round: (x: number) => number) => {
    const total = round(cm / CM_PER_INCH);
    return `${Math.floor(total / INCHES_PER_FOOT)} ft ${total % INCHES_PER_FOOT} in`;
  };
  return `${show(range.min, Math.ceil)}-${show(range.max, Math.floor)}`;
}

/** "30-300 kg" or "66.2-661.3 lb". */
export function weightRangeText(range: { min: number; max: number }, units: UnitSystem): string {
  if (units === 'metric') return `${range.min}-${range.max} kg`;
  const lb = (kg: number, round: (x: number) => number) => round(toPounds(kg) * 10) / 10;
  return `${lb(range.min, Math.ceil)}-${lb(range.max, Math.floor)} lb`;
}
