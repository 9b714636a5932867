import { type BmiCategory, PROFILE_RANGES } from '../contract';

/** Pure BMI rules: reading the calculator's input (docs/product.md), the value, the WHO category, the advice. */

// docs/product.md ranges, shared with the profile (which stores the same measurements).
export const HEIGHT_CM = PROFILE_RANGES.heightCm;
export const WEIGHT_KG = PROFILE_RANGES.weightKg;

export type MeasurementsCheck =
  { ok: true; heightCm: number; weightKg: number } | { ok: false; title: string; message: string };

/** A number from a JSON number or the form's text ("72.5", spaces around allowed); NaN for anything else. */
function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return /^ *[0-9]+(\.[0-9]+)? *$/.test(value) ? Number(value) : NaN;
}

/** docs/product.md: height read as an integer, weight as a decimal; positive, then within range, in that order. */
export function readMeasurements(height: number | string, weight: number | string): MeasurementsCheck {
  const heightValue = toNumber(height);
  const weightKg = toNumber(weight);
  if (!(heightValue > 0) || !(weightKg > 0) || !Number.isFinite(heightValue) || !Number.isFinite(weightKg)) {
    return { ok: false, title: 'Invalid Input', message: 'Please enter valid height and weight values.' };
  }
  const heightCm = Math.trunc(heightValue);
  if (heightCm < HEIGHT_CM.min || heightCm > HEIGHT_CM.max) {
    return { ok: false, title: 'Invalid Height', message: 'Height must be between 100-250 cm.' };
  }
  if (weightKg < WEIGHT_KG.min || weightKg > WEIGHT_KG.max) {
    return { ok: false, title: 'Invalid Weight', message: 'Weight must be between 30-300 kg.' };
  }
  return { ok: true, heightCm, weightKg };
}

const inRange = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;

/**
 * The height and weight a report states, kept only within the calculator's ranges (height read as
 * an integer like the calculator's): what a report may write to the user's profile.
 */
export function reportMeasurements(stated: { height?: number; weight?: number }): { height?: number; weight?: number } {
  const height = stated.height === undefined ? undefined : Math.trunc(stated.height);
  return {
    ...(height !== undefined && inRange(height, HEIGHT_CM) ? { height } : {}),
    ...(stated.weight !== undefined && inRange(stated.weight, WEIGHT_KG) ? { weight: stated.weight } : {}),
  };
}

// The BMI formula is shared with the client, which shows the BMI of the height and weight it shows.
export { bmiOf, roundTo1 } from '../contract';

/** How far a report's printed BMI may be from the one its own height and weight make. */
export const REPORT_BMI_TOLERANCE = 0.2;

/**
 * Whether a report's BMI agrees with a height and weight (within REPORT_BMI_TOLERANCE of
 * weight / height²): only then may its figures replace the profile's without the member confirming
 * them. Heights are kept as whole cm cut down (70 in, 177.8 cm, is 177), so the height may be up to 1 cm more.
 */
export function reportAgrees(bmi: number, heightCm: number, weightKg: number): boolean {
  const bmiAt = (cm: number) => weightKg / (cm / 100) ** 2;
  return (
    bmi >= bmiAt(heightCm + 1) - REPORT_BMI_TOLERANCE - 1e-9 && bmi <= bmiAt(heightCm) + REPORT_BMI_TOLERANCE + 1e-9
  );
}

/** The calculator stores a new record unless its latest one is from the same day with the same figures. */
export function isRepeatMeasurement(
  latest: { height: number | null; weight: number | null; day: string } | null,
  measured: { heightCm: number; weightKg: number; day: string },
): boolean {
  return (
    latest !== null &&
    latest.day === measured.day &&
    latest.height === measured.heightCm &&
    latest.weight === measured.weightKg
  );
}

/** WHO adult categories, applied to the one-decimal value the user sees (so 24.96 → 25.0 → Overweight). */
export function bmiCategory(bmi: number): BmiCategory {
  if (bmi < 18.5) return 'Underweight';
  if (bmi < 25) return 'Normal';
  if (bmi < 30) return 'Overweight';
  return 'Obese';
}

export interface BodyValues {
  bmiValue: number;
  bodyFatPercentage?: number;
  muscleMass?: number;
  /** cm, as the report states it. */
  height?: number;
  /** kg, as the report states it. */
  weight?: number;
}

/** A general adult range; reports rarely state sex, so the advice stays general. */
const HEALTHY_BODY_FAT = { min: 10, max: 25 } as const;

const CATEGORY_ADVICE: Record<BmiCategory, { summary: string; recommendations: string[] }> = {
  Underweight: {
    summary: 'below the healthy range (18.5–24.9)',
    recommendations: [
      'Eat in a small calorie surplus with protein at every meal (about 1.6 g per kg of body weight).',
      'Prioritise strength training 3 times a week to build lean mass rather than fat.',
      'Keep cardio light to moderate while you regain weight.',
    ],
  },
  Normal: {
    summary: 'within the healthy range (18.5–24.9)',
    recommendations: [
      'Keep a balanced routine: 2–3 strength sessions and 150 minutes of moderate cardio a week.',
      'Track your measurements monthly to catch changes early.',
    ],
  },
  Overweight: {
    summary: 'above the healthy range (18.5–24.9)',
    recommendations: [
      'Aim for a moderate calorie deficit (about 300–500 kcal a day) with high-protein meals.',
      'Combine 2–3 strength sessions with 150–300 minutes of moderate cardio a week.',
      'Add daily steps: 8,000–10,000 is a good target.',
    ],
  },
  Obese: {
    summary: 'in the obese range (30 or more)',
    recommendations: [
      'Talk to a doctor before starting an intense programme.',
      'Start with low-impact cardio (walking, cycling, swimming) most days of the week.',
      'Use a steady calorie deficit and strength training to keep muscle while losing fat.',
    ],
  },
};

/** Analysis text and recommendations from the values a report states, never from invented ones. */
export function adviseOn(values: BodyValues): { analysis: string; recommendations: string[] } {
  const category = bmiCategory(values.bmiValue);
  const advice = CATEGORY_ADVICE[category];
  const sentences = [`Your BMI of ${values.bmiValue.toFixed(1)} is ${advice.summary} (${category}).`];
  const recommendations = [...advice.recommendations];
  if (values.bodyFatPercentage !== undefined) {
    const fat = values.bodyFatPercentage;
    const where = fat < HEALTHY_BODY_FAT.min ? 'below' : fat > HEALTHY_BODY_FAT.max ? 'above' : 'within';
    sentences.push(
      `Body fat of ${fat.toFixed(1)}% is ${where} a typical healthy range (${HEALTHY_BODY_FAT.min}–${HEALTHY_BODY_FAT.max}%).`,
    );
    if (where === 'above')
      recommendations.push(
        'Focus on lowering body fat: strength training plus a moderate deficit works better than cardio alone.',
      );
    if (category !== 'Normal' && where === 'within')
      sentences.push('Body fat being in range suggests much of your weight is lean mass.');
  }
  if (values.muscleMass !== undefined) {
    sentences.push(
      `Skeletal muscle mass is ${values.muscleMass.toFixed(1)} kg; keep it up with progressive strength training.`,
    );
  }
  recommendations.push('Upload a new report every month to track your progress and raise your profile rank.');
  return { analysis: sentences.join(' '), recommendations };
}
