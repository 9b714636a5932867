import { PROFILE_RANGES } from '@contract/values';
import { describe, expect, it } from 'vitest';

import {
  formatDistance,
  formatHeight,
  formatWeight,
  fromFeetInches,
  heightInput,
  heightRangeText,
  parseHeight,
  parseWeight,
  readNumber,
  toFeetInches,
  weightIn,
  weightInput,
  weightRangeText,
  weightUnit,
} from './units';

describe('units', () => {
  it('shows heights in cm or feet and inches', () => {
    expect(formatHeight(180, 'metric')).toBe('180 CM');
    expect(formatHeight(180, 'imperial')).toBe('5 FT 11 IN');
    expect(formatHeight(152, 'imperial')).toBe('5 FT 0 IN');
    expect(formatHeight(null, 'imperial')).toBe('—');
  });

  it('shows weights in kg or lb, to one decimal at most', () => {
    expect(formatWeight(77.5, 'metric')).toBe('77.5 KG');
    expect(formatWeight(74.84, 'metric')).toBe('74.8 KG');
    expect(formatWeight(74.84, 'imperial')).toBe('165 LB');
    expect(formatWeight(undefined, 'metric')).toBe('—');
    expect(weightUnit('imperial')).toBe('lb');
    expect(weightIn(100, 'imperial')).toBe(220.5);
  });

  it('shows distances in km or miles, to the hundredth', () => {
    expect(formatDistance(6012.3, 'metric')).toBe('6.01 KM');
    expect(formatDistance(6012.3, 'imperial')).toBe('3.74 MI');
    expect(formatDistance(1609.344, 'imperial')).toBe('1.00 MI');
  });

  it('reads every whole height from 3 ft 4 in to 8 ft 2 in back as typed', () => {
    for (let inches = 40; inches <= 98; inches++) {
      const typed = { feet: Math.floor(inches / 12), inches: inches % 12 };
      const cm = fromFeetInches(typed);
      expect(Number.isInteger(cm)).toBe(true);
      expect(toFeetInches(Math.trunc(cm))).toEqual(typed);
    }
  });

  it('reads every weight in pounds to one decimal back as typed', () => {
    for (let tenths = 662; tenths <= 6613; tenths += 7) {
      const lb = tenths / 10;
      expect(weightInput(parseWeight(String(lb), 'imperial'), 'imperial')).toBe(String(lb));
    }
  });

  it('parses the form’s fields: empty is null, anything not a number is NaN', () => {
    expect(parseHeight({ cm: '180', feet: '', inches: '' }, 'metric')).toBe(180);
    expect(parseHeight({ cm: '', feet: '5', inches: '11' }, 'imperial')).toBe(180);
    expect(parseHeight({ cm: '', feet: '6', inches: '' }, 'imperial')).toBe(183);
    expect(parseHeight({ cm: '', feet: '', inches: '' }, 'imperial')).toBeNull();
    expect(parseHeight({ cm: 'tall', feet: '', inches: '' }, 'metric')).toBeNaN();
    expect(parseHeight({ cm: '', feet: '5', inches: 'x' }, 'imperial')).toBeNaN();
    expect(parseWeight('75,5', 'metric')).toBe(75.5);
    expect(parseWeight('165', 'imperial')).toBe(74.84);
    expect(parseWeight(' ', 'imperial')).toBeNull();
    expect(readNumber('-3')).toBeNaN();
  });

  it('fills the form from stored values in either system', () => {
    expect(heightInput(180, 'metric')).toEqual({ cm: '180', feet: '', inches: '' });
    expect(heightInput(180, 'imperial')).toEqual({ cm: '', feet: '5', inches: '11' });
    expect(heightInput(null, 'imperial')).toEqual({ cm: '', feet: '', inches: '' });
    expect(weightInput(81.65, 'imperial')).toBe('180');
    expect(weightInput(null, 'metric')).toBe('');
  });

  it('states the allowed ranges in the user’s units, inside the metric ones', () => {
    expect(heightRangeText(PROFILE_RANGES.heightCm, 'metric')).toBe('100-250 cm');
    expect(heightRangeText(PROFILE_RANGES.heightCm, 'imperial')).toBe('3 ft 4 in-8 ft 2 in');
    expect(weightRangeText(PROFILE_RANGES.weightKg, 'metric')).toBe('30-300 kg');
    expect(weightRangeText(PROFILE_RANGES.weightKg, 'imperial')).toBe('66.2-661.3 lb');
    expect(parseWeight('66.2', 'imperial')).toBeGreaterThanOrEqual(PROFILE_RANGES.weightKg.min);
    expect(parseWeight('661.3', 'imperial')).toBeLessThanOrEqual(PROFILE_RANGES.weightKg.max);
  });
});
