import { z } from 'zod';

import { BmiCalculateRequest } from '../contract';
import {
  adviseOn,
  bmiCategory,
  bmiOf,
  isRepeatMeasurement,
  readMeasurements,
  reportAgrees,
  reportMeasurements,
} from './bmi.rules';
import { readReportValues } from './bmi-report.reader';

describe('readMeasurements (docs/product.md messages)', () => {
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

describe('the OpenAPI document of POST /api/bmi', () => {
  type Alternative = {
    type: 'number' | 'string';
    minimum?: number;
    maximum?: number;
    exclusiveMaximum?: boolean;
    maxLength?: number;
    pattern?: string;
  };
  const fields = (
    z.toJSONSchema(BmiCalculateRequest, { target: 'openapi-3.0', io: 'input' }) as {
      properties: Record<string, { anyOf: Alternative[] }>;
    }
  ).properties;
  const patterns = new Map<string, RegExp>();
  const pattern = (source: string) => patterns.get(source) ?? patterns.set(source, new RegExp(source)).get(source)!;
  /** What the document's `anyOf` admits: JSON Schema's number bounds (OpenAPI 3.0 spelling) and patterns. */
  const admits = (field: 'height' | 'weight', value: number | string) =>
    fields[field].anyOf.some((s) =>
      s.type === 'number'
        ? typeof value === 'number' &&
          value >= s.minimum! &&
          (s.exclusiveMaximum ? value < s.maximum! : value <= s.maximum!)
        : typeof value === 'string' && value.length <= s.maxLength! && pattern(s.pattern!).test(value),
    );
  const numbers = [...Array.from({ length: 1700 }, (_, i) => i / 4), 99.999, 250.999, 251, 29.999, 300.0001, 1e-9, 1e9];
  const texts = [
    ...numbers.flatMap((n) => [String(n), `${n}.0`, `00${n}`, ` ${n} `, `${n}.`, `+${n}`, `-${n}`, `${n}e0`]),
    ...[
      '300.00',
      '300.01',
      '300.10',
      '.5',
      '1e2',
      '\t180',
      '180\n',
      '\u00a0180',
      '١٨٠',
      '',
      ' ',
      '0x64',
      '180,5',
      `${'0'.repeat(29)}180`,
      `${'0'.repeat(30)}180`,
    ],
  ];

  /** What the server accepts: the request schema, then readMeasurements. */
  const accepts = (height: number | string, weight: number | string) => {
    const body = BmiCalculateRequest.safeParse({ height, weight });
    return body.success && readMeasurements(body.data.height, body.data.weight).ok;
  };

  it('admits exactly the heights and weights the server accepts, as numbers and as text', () => {
    for (const value of [...numbers, ...texts]) {
      expect([value, admits('height', value)]).toEqual([value, accepts(value, 70)]);
      expect([value, admits('weight', value)]).toEqual([value, accepts(180, value)]);
    }
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
    expect(readReportValues(text)).toEqual({ bmiValue: 25, bodyFatPercentage: 21.5, height: 180, weight: 81 });
  });

  it('reads height and weight stated in inches and pounds as cm and kg, never a target or ideal weight', () => {
    const text = 'Body Scan\nTarget Weight 150 lb\nHeight 70 in\nWeight 180 lbs\nIdeal Weight 160 lb\nBMI 25.8';
    expect(readReportValues(text)).toEqual({ bmiValue: 25.8, height: 177.8, weight: 81.6 });
  });

  it('reads the body weight of an InBody sheet, not its weight control amount', () => {
    const text = 'Weight Control -4.2 kg\nWeight 71.8 kg (55.8 ~ 75.4)\nBMI (Body Mass Index) kg/m2 22.7';
    expect(readReportValues(text)).toEqual({ bmiValue: 22.7, weight: 71.8 });
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

  it('finds nothing in a text without values, and ignores implausible numbers', () => {
    expect(readReportValues('Thank you for visiting our gym. See you soon!')).toEqual({});
    expect(readReportValues('BMI test 2024 results pending')).toEqual({});
  });
});

describe('reportMeasurements', () => {
  it('keeps a stated height (as an integer, like the calculator) and weight within the calculator’s ranges', () => {
    expect(reportMeasurements({ height: 177.8, weight: 81.6 })).toEqual({ height: 177, weight: 81.6 });
    expect(reportMeasurements({ height: 100, weight: 300 })).toEqual({ height: 100, weight: 300 });
  });

  it('drops what is out of range or not stated', () => {
    expect(reportMeasurements({ height: 99, weight: 300.1 })).toEqual({});
    expect(reportMeasurements({ height: 251 })).toEqual({});
    expect(reportMeasurements({ weight: 29.9 })).toEqual({});
    expect(reportMeasurements({})).toEqual({});
  });
});

describe('a report whose figures agree', () => {
  it('agrees within 0.2 of weight / height², and not beyond', () => {
    expect(reportAgrees(24.8, 180, 80.5)).toBe(true);
    expect(reportAgrees(24.65, 180, 80.5)).toBe(true);
    expect(reportAgrees(23.4, 180, 80.5)).toBe(false);
    expect(reportAgrees(25.1, 180, 80.5)).toBe(false);
    // 70 in is 177.8 cm, kept as 177: 180 lb at 177.8 cm is BMI 25.8.
    expect(reportAgrees(25.8, 177, 81.6)).toBe(true);
    expect(reportAgrees(25.4, 177, 81.6)).toBe(false);
  });

  it('calls a measurement a repeat only on the same day with the same figures', () => {
    const latest = { height: 180, weight: 82, day: '2026-12-01' };
    expect(isRepeatMeasurement(latest, { heightCm: 180, weightKg: 82, day: '2026-12-01' })).toBe(true);
    expect(isRepeatMeasurement(latest, { heightCm: 180, weightKg: 81.9, day: '2026-12-01' })).toBe(false);
    expect(isRepeatMeasurement(latest, { heightCm: 180, weightKg: 82, day: '2026-12-02' })).toBe(false);
    expect(isRepeatMeasurement(null, { heightCm: 180, weightKg: 82, day: '2026-12-01' })).toBe(false);
  });
});
