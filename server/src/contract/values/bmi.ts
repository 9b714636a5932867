export const BMI_CATEGORIES = ['Underweight', 'Normal', 'Overweight', 'Obese'] as const;
/** Where a BMI record came from: the calculator or an analysed report. */
export const BMI_SOURCES = ['calculator', 'report'] as const;
