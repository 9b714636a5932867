import type { BodyValues } from './bmi.rules';

/**
 * Finds BMI, body fat % (PBF), skeletal muscle mass and body weight in a report's text, in the layouts of a
 * BMI test sheet, an InBody result sheet and a DEXA summary. Values outside plausible human ranges
 * are ignored: nothing is ever guessed.
 */

// Units that contain digits would read as values: "kg/m2" in "BMI kg/m2 24.6".
const DIGIT_UNITS = /kg\s*\/\s*m\s*(?:\^?2|²)/gi;
const LABEL_GAP = '[^0-9\\n]{0,40}?';
const NUMBER = '(\\d{1,3}(?:[.,]\\d{1,2})?)';

const BMI_LABELS = [/\bBMI\b|Body Mass Index/i];
const BODY_FAT_LABELS = [/\bPBF\b|Percent(?:age)? (?:of )?Body Fat|Body Fat Percent(?:age)?|(?:Total )?Body Fat\s*%|%\s*(?:Body )?Fat|\bBody Fat\b(?!\s*Mass)/i];
// Skeletal muscle first; DEXA summaries only state lean mass.
const MUSCLE_LABELS = [/Skeletal Muscle Mass|\bSMM\b/i, /Muscle Mass|Lean (?:Body |Tissue )?Mass/i];

// The measured weight, not InBody's "Target Weight", "Weight Control" or "Ideal/Standard Weight".
const WEIGHT_LABELS = [/(?<!(?:Target|Ideal|Standard|Lean Body|Lean)\s*)\b(?:Body )?Weight\b(?!\s*Control)/i];

const RANGES = { bmi: [10, 80], bodyFat: [2, 75], muscleKg: [5, 150], weightKg: [30, 300] } as const;

function findValue(text: string, labels: RegExp[], [min, max]: readonly [number, number], poundsAllowed = false): number | undefined {
  for (const label of labels) {
    const pattern = new RegExp(`(?:${label.source})${LABEL_GAP}${NUMBER}\\s*(lbs?|kg)?`, 'gi');
    for (const match of text.matchAll(pattern)) {
      let value = Number(match[1].replace(',', '.'));
      if (poundsAllowed && match[2]?.toLowerCase().startsWith('lb')) value = Math.round(value * 0.45359237 * 10) / 10;
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
    muscleMass: findValue(clean, MUSCLE_LABELS, RANGES.muscleKg, true),
    weightKg: findValue(clean, WEIGHT_LABELS, RANGES.weightKg, true),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
