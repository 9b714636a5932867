export const BMI_CATEGORIES = ['Underweight', 'Normal', 'Overweight', 'Obese'] as const;
/** Where a BMI record came from: the calculator or an analysed report. */
export const BMI_SOURCES = ['calculator', 'report'] as const;

export const roundTo1 = (value: number) => Math.round(value * 10) / 10;

/** kg / m², to one decimal. */
export function bmiOf(heightCm: number, weightKg: number): number {
  const metres = heightCm / 100;
  return roundTo1(weightKg / (metres * metres));
}
