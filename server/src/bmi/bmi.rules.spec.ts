import { adviseOn, bmiCategory, bmiOf, readMeasurements } from './bmi.rules';
import { readReportValues } from './bmi-report.reader';

describe('readMeasurements (SPEC §5 messages)', () => {
  const invalidInput = { ok: false, title: 'Invalid Input', message: 'Please enter valid height and weight values.' };
  const invalidHeight = { ok: false, title: 'Invalid Height', message: 'Height must be between 100-250 cm.' };
  const invalidWeight = { ok: false, title: 'Invalid Weight', message: 'Weight must be between 30-300 kg.' };

  it.each([
    ['', '70'],
    ['180', ''],
    ['abc', '70'],
    [0, 70],
    [180, -5],
    [Number.NaN, 70],
    [180, Number.POSITIVE_INFINITY],
    ['1e3', '70'],
  ])('answers Invalid Input for height %p, weight %p', (height, weight) => {
    expect(readMeasurements(height, weight)).toEqual(invalidInput);
  });

  it('checks height at 99/100 and 250/251 cm, reading it as an integer', () => {
    expect(readMeasurements(99, 70)).toEqual(invalidHeight);
    expect(readMeasurements(99.9, 70)).toEqual(invalidHeight);
    expect(readMeasurements(100, 70)).toMatchObject({ ok: true, heightCm: 100 });
    expect(readMeasurements('180.7', 70)).toMatchObject({ ok: true, heightCm: 180 });
    expect(readMeasurements(250, 70)).toMatchObject({ ok: true, heightCm: 250 });
    expect(readMeasurements(251, 70)).toEqual(invalidHeight);
  });

  it('checks weight at 29.9/30 and 300/300.1 kg, reading it as a decimal', () => {
    expect(readMeasurements(180, 29.9)).toEqual(invalidWeight);
    expect(readMeasurements(180, 30)).toMatchObject({ ok: true, weightKg: 30 });
    expect(readMeasurements(180, '72.5')).toMatchObject({ ok: true, weightKg: 72.5 });
    expect(readMeasurements(180, 300)).toMatchObject({ ok: true, weightKg: 300 });
    expect(readMeasurements(180, 300.1)).toEqual(invalidWeight);
  });

  it('checks height before weight', () => {
    expect(readMeasurements(90, 10)).toEqual(invalidHeight);
  });
});

describe('bmiOf and bmiCategory', () => {
  it('computes kg/m² to one decimal', () => {
    expect(bmiOf(180, 77.5)).toBe(23.9);
    expect(bmiOf(170, 65)).toBe(22.5);
    expect(bmiOf(100, 300)).toBe(300);
  });

  it.each([
    [18.4, 'Underweight'],
    [18.5, 'Normal'],
    [24.9, 'Normal'],
    [25, 'Overweight'],
    [29.9, 'Overweight'],
    [30, 'Obese'],
  ])('puts %p in %p', (bmi, category) => {
    expect(bmiCategory(bmi)).toBe(category);
  });

  it('categorises the rounded value the user sees', () => {
    // 57.8 / 1.76² = 18.659… → 18.7; 77.4 / 1.76² = 24.987… → 25.0
    expect(bmiCategory(bmiOf(176, 77.4))).toBe('Overweight');
    expect(bmiOf(176, 77.4)).toBe(25);
  });
});

describe('adviseOn', () => {
  it('writes the analysis from the values it was given', () => {
    const { analysis, recommendations } = adviseOn({ bmiValue: 27.3, bodyFatPercentage: 29.1, muscleMass: 30.2 });
    expect(analysis).toContain('BMI of 27.3');
    expect(analysis).toContain('(Overweight)');
    expect(analysis).toContain('29.1% is above');
    expect(analysis).toContain('30.2 kg');
    expect(recommendations.some((r) => /body fat/i.test(r))).toBe(true);
  });

  it('does not mention values a report does not state', () => {
    const { analysis } = adviseOn({ bmiValue: 22 });
    expect(analysis).not.toMatch(/body fat|muscle/i);
  });
});

describe('readReportValues', () => {
  it('reads a BMI test sheet', () => {
    const text = 'BMI TEST REPORT\nName: Kai\nHeight: 180 cm\nWeight: 81.0 kg\nBMI: 25.0 kg/m2\nBody Fat: 21.5 %';
    expect(readReportValues(text)).toEqual({ bmiValue: 25, bodyFatPercentage: 21.5, weightKg: 81 });
  });

  it('reads an InBody sheet, not mistaking Body Fat Mass for the percentage', () => {
    const text = [
      'InBody570 Body Composition Analysis',
      'Body Fat Mass 15.8 kg (8.0~15.9)',
      'Skeletal Muscle Mass (SMM) 33.4 kg',
      'BMI Body Mass Index kg/m² 23.4 (18.5~25.0)',
      'PBF Percent Body Fat % 19.6 (10.0~20.0)',
    ].join('\n');
    expect(readReportValues(text)).toEqual({ bmiValue: 23.4, bodyFatPercentage: 19.6, muscleMass: 33.4 });
  });

  it('reads a DEXA summary with lean mass in pounds', () => {
    const text = 'DXA Body Composition\nTotal Body Fat % 31.2\nLean Mass 110.0 lbs\nBMI 26.8';
    expect(readReportValues(text)).toEqual({ bmiValue: 26.8, bodyFatPercentage: 31.2, muscleMass: 49.9 });
  });

  it("reads the measured weight, not InBody's target weight or weight control, in kg or lb", () => {
    const inBody = ['Target Weight 72.4 kg', 'Weight Control -6.6 kg', 'Lean Body Weight 60.1 kg', 'Weight 79.0 kg (55.8 ~ 75.4)', 'BMI 24.4'].join('\n');
    expect(readReportValues(inBody)).toEqual({ bmiValue: 24.4, weightKg: 79 });
    expect(readReportValues('Body Weight 176.4 lbs\nBMI 26.1')).toEqual({ bmiValue: 26.1, weightKg: 80 });
  });

  it('finds nothing in a text without values, and ignores implausible numbers', () => {
    expect(readReportValues('Thank you for visiting our gym. See you soon!')).toEqual({});
    expect(readReportValues('BMI test 2024 results pending')).toEqual({});
  });
});
