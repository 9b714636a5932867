import { describeFigures, readActivityFigures } from './activity-text.rules';

describe('reading an activity summary', () => {
  it('reads an Apple Watch style workout summary', () => {
    const text = 'Outdoor Run\nWorkout Time 0:42:17\nActive Kilocalories 412 KCAL\nAvg. Heart Rate 138 BPM\n';
    expect(readActivityFigures(text)).toEqual({ minutes: 42, kcal: 412, heartRate: 138 });
  });

  it('reads steps with thousands separators, and minutes written out', () => {
    expect(readActivityFigures('Steps\n12,504\nDistance 9.1 km')).toEqual({ steps: 12504 });
    expect(readActivityFigures('8 532 steps today')).toEqual({ steps: 8532 });
    expect(readActivityFigures('Exercise 35 min · 1.250 kcal')).toEqual({ minutes: 35, kcal: 1250 });
    expect(readActivityFigures('Duration 25:30')).toEqual({ minutes: 26 });
  });

  it('ignores implausible values and text without figures', () => {
    expect(readActivityFigures('Heart rate 7 bpm, 999 min, 3 kcal, 12 steps')).toEqual({});
    expect(readActivityFigures('Meeting notes\nBuy milk at 5')).toEqual({});
    expect(readActivityFigures('')).toEqual({});
  });

  it('describes what was read in a fixed order', () => {
    expect(describeFigures({ heartRate: 138, steps: 12504, minutes: 42 })).toBe('42 min, 12,504 steps, 138 bpm');
    expect(describeFigures({})).toBe('');
  });
});
