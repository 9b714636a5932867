import type { BmiRecordView } from '@contract';
import { describe, expect, it } from 'vitest';

import { bmiResultText, bmiSeries, decimalInput, formatTrend, summarizeBmi } from './bmi.logic';

const record = (bmi: number, weight: number | null, createdAt: string): BmiRecordView => ({
  id: createdAt,
  bmi,
  category: 'Normal',
  height: weight === null ? null : 180,
  weight,
  createdAt,
  source: weight === null ? 'report' : 'calculator',
});

const NEWEST_FIRST = [
  record(24.1, null, '2026-11-20T10:00:00Z'),
  record(23.7, 76.8, '2026-11-10T10:00:00Z'),
  record(23.9, 77.5, '2026-11-01T10:00:00Z'),
];

describe('summarizeBmi', () => {
  it('answers null without records (the page shows NO_BMI_DATA)', () => {
    expect(summarizeBmi([])).toBeNull();
  });

  it('takes the latest record, the trend against the previous one and the count', () => {
    expect(summarizeBmi(NEWEST_FIRST)).toEqual({ current: NEWEST_FIRST[0], trend: 0.4, count: 3 });
  });

  it('has no trend with a single record', () => {
    expect(summarizeBmi(NEWEST_FIRST.slice(2))?.trend).toBeNull();
  });
});

describe('formatTrend', () => {
  it('signs the change', () => {
    expect(formatTrend(0.4)).toBe('+0.4');
    expect(formatTrend(-1.25)).toBe('-1.3');
    expect(formatTrend(0)).toBe('0.0');
  });
});

describe('bmiSeries', () => {
  it('orders oldest first and leaves records without a weight out of the weight series', () => {
    const { bmi, weight } = bmiSeries(NEWEST_FIRST);
    expect(bmi.map((p) => p.value)).toEqual([23.9, 23.7, 24.1]);
    expect(weight.map((p) => p.value)).toEqual([77.5, 76.8]);
  });
});

describe('decimalInput', () => {
  it('reads a decimal comma as a point and leaves everything else to the server', () => {
    expect(['75,5', ' 75.5 ', '180', '1,2,3', 'abc', ''].map(decimalInput)).toEqual([
      '75.5',
      '75.5',
      '180',
      '1,2,3',
      'abc',
      '',
    ]);
  });
});

describe('bmiResultText', () => {
  it('shows the BMI to one decimal', () => {
    expect(bmiResultText(30, 'Obese')).toBe('Your BMI is 30.0 (Obese)');
    expect(bmiResultText(23.94, 'Normal')).toBe('Your BMI is 23.9 (Normal)');
  });
});
