/**
 * what a user tells the app about themselves on the profile screen. The generator and the
 * coach read these; the exercise catalogue is described with the same words (equipment, limitation).
 */
export const TRAINING_GOALS = ['lose_fat', 'build_muscle', 'endurance', 'mobility', 'general_fitness'] as const;

/** Equipment at hand. Bodyweight exercises need none of these; a mat is assumed everywhere. */
export const EQUIPMENT = [
  'dumbbells',
  'kettlebell',
  'barbell_rack',
  'bench',
  'machines',
  'bands',
  'pullup_bar',
  'cardio_machine',
] as const;

/** Body parts a user may ask to spare: an exercise that loads one is never given to them. */
export const LIMITATIONS = ['knee', 'lower_back', 'shoulder', 'wrist', 'ankle', 'hip', 'neck', 'elbow'] as const;

/** Shown everywhere in the chosen system; the server stores metric (cm, kg) only. */
export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;

/**
 * What the profile accepts (docs/product.md BMI ranges for height and weight; age from 13, the youngest a
 * training app serves without a guardian, to 100).
 */
export const PROFILE_RANGES = {
  age: { min: 13, max: 100 },
  heightCm: { min: 100, max: 250 },
  weightKg: { min: 30, max: 300 },
} as const;

/** Exact by definition (international yard and pound, 1959): imperial values convert through these. */
export const KG_PER_POUND = 0.45359237;
export const CM_PER_INCH = 2.54;
export const METRES_PER_YARD = 0.9144;
export const METRES_PER_MILE = 1609.344;
export const INCHES_PER_FOOT = 12;

/** A mass in the reader's units (stored and computed in kg): "4.5 kg" or "10 lb", to a tenth; a body weight whole. */
export function massText(kg: number, units: (typeof UNIT_SYSTEMS)[number], whole = false): string {
  const [amount, unit] = units === 'imperial' ? [kg / KG_PER_POUND, 'lb'] : [kg, 'kg'];
  return `${whole ? Math.round(amount) : Math.round(amount * 10) / 10} ${unit}`;
}

/**
 * The health questions a trainer asks before advising anyone (in the spirit of the PAR-Q+; rules in
 * docs/product.md, Health screening). Optional and private: only the member reads them back.
 */
export const PREGNANCY_STATES = ['not_pregnant', 'pregnant', 'postpartum'] as const;
export const HEALTH_CONDITIONS = [
  'heart_condition',
  'chest_pain',
  'dizziness',
  'high_blood_pressure',
  'recent_surgery_or_injury',
  'doctor_limit',
] as const;
/** Weeks of a pregnancy (a term is 37–42), and weeks since a birth that still count as postpartum (six months). */
export const HEALTH_RANGES = {
  pregnancyWeeks: { min: 1, max: 42 },
  weeksSinceBirth: { min: 0, max: 26 },
} as const;
