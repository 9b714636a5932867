import { CM_PER_INCH, KG_PER_POUND } from '../contract';
import type { BodyValues } from './bmi.rules';

/**
 * Finds BMI, body fat % (PBF), skeletal muscle mass, height and weight in a report's text, in the layouts of a
 * BMI test sheet, an InBody result sheet and a DEXA summary. Values outside plausible human ranges
 * are ignored: nothing is ever guessed.
 */

// Units that contain digits would read as values: "kg/m2" in "BMI kg/m2 24.6".
const DIGIT_UNITS = /kg\s*\/\s*m\s*(?:\^?2|²)/gi;
const LABEL_GAP = '[^0-9\\n]{0,40}?';
const NUMBER = '(\\d{1,3}(?:[.,]\\d{1,2})?)';

const BMI_LABELS = [/\bBMI\b|Body Mass Index/i];
const BODY_FAT_LABELS = [
  /\bPBF\b|Percent(?:age)? (?:of )?Body Fat|Body Fat Percent(?:age)?|(?:Total )?Body Fat\s*%|%\s*(?:Body )?Fat|\bBody Fat\b(?!\s*Mass)/i,
];
// Skeletal muscle first; DEXA summaries only state lean mass.
const MUSCLE_LABELS = [/Skeletal Muscle Mass|\bSMM\b/i, /Muscle Mass|Lean (?:Body |Tissue )?Mass/i];

// The body weight, not a target, an ideal or a control amount of an InBody sheet.
const WEIGHT_LABELS = [/(?<!(?:Target|Ideal|Standard|Lean Body|Fat-Free)\s)\b(?:Body )?Weight\b(?!\s*Control)/i];
const HEIGHT_LABELS = [/\b(?:Body )?Height\b/i];

const RANGES = {
  bmi: [10, 80],
  bodyFat: [2, 75],
  muscleKg: [5, 150],
  heightCm: [50, 250],
  weightKg: [20, 350],
} as const;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A stated value in the metric unit: pounds become kg and inches cm, where the value allows them. */
type Metric = (value: number, unit: string) => number;
const KG: Metric = (value, unit) => (unit.startsWith('lb') ? round1(value * KG_PER_POUND) : value);
const CM: Metric = (value, unit) => (unit === 'in' ? round1(value * CM_PER_INCH) : value);
const AS_STATED: Metric = (value) => value;

function findValue(
  text: string,
  labels: RegExp[],
  [min, max]: readonly [number, number],
  metric = AS_STATED,
): number | undefined {
  for (const label of labels) {
    const pattern = new RegExp(`(?:${label.source})${LABEL_GAP}${NUMBER}\\s*(lbs?|kg|cm|in(?![a-z]))?`, 'gi');
    for (const match of text.matchAll(pattern)) {
      const value = metric(Number(match[1].replace(',', '.')), match[2]?.toLowerCase() ?? '');
      if (value >= min && value <= max) return value;
    }
  }
  return undefined;
}

export function readReportValues(text: string): Partial<BodyValues> {
  const clean = text.replace(DIGIT_UNITS, ' ');
  const values: Partial<BodyValues> = {
    bmiValue: findValue(clean, BMI_LABELS, RANGES.bmi),
    bodyFatPercentage: findValue(clean, BODY_FAT_LABELS, RANGES.bodyFat),
    muscleMass: findValue(clean, MUSCLE_LABELS, RANGES.muscleKg, KG),
    height: findValue(clean, HEIGHT_LABELS, RANGES.heightCm, CM),
    weight: findValue(clean, WEIGHT_LABELS, RANGES.weightKg, KG),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
