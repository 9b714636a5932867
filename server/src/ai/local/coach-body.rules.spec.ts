import type { CoachProfile } from '../../contract/job-shapes';
import { nutritionReply, proteinLine, statedTargetKg, weightLossReply } from './coach-body.rules';

const profile = (over: Partial<CoachProfile> = {}): CoachProfile => ({
  fitnessLevel: 'beginner',
  goal: null,
  equipment: [],
  limitations: [],
  units: 'metric',
  bmi: null,
  bmiCategory: null,
  age: null,
  height: null,
  weight: null,
  ...over,
});

describe('weight loss and nutrition numbers', () => {
  it('reads a target in kg, pounds or stone', () => {
    expect(statedTargetKg('lose 5 kg')).toBe(5);
    expect(statedTargetKg('drop 10 lbs')).toBeCloseTo(4.536, 3);
    expect(statedTargetKg('2 stone')).toBeCloseTo(12.7, 1);
    expect(statedTargetKg('lose 2,5 kilos')).toBe(2.5);
    expect(statedTargetKg('lose weight')).toBeUndefined();
  });

  it('gives protein in grams for a known weight, the rule otherwise', () => {
    expect(proteinLine(profile({ weight: 70 }))).toBe('112–154 g');
    expect(proteinLine(profile())).toBe('1.6–2.2 g per kg of body weight');
  });

  it('turns a target into weeks at 0.5–1 % of body weight, with the safe limits', () => {
    const reply = weightLossReply('how do I lose 10 kg', profile({ weight: 100 }));
    expect(reply).toMatch(/Losing 10 kg .* \(0\.5–1 kg a week at your 100 kg\) takes about 10–20 weeks/);
    expect(reply).toMatch(/1,200 kcal/);
    expect(weightLossReply('how do I lose 4 kg', profile())).toMatch(/about 5–10 weeks/);
  });

  it('speaks the units the profile reads', () => {
    const imperial = weightLossReply('I want to drop 10 pounds', profile({ weight: 100, units: 'imperial' }));
    expect(imperial).toMatch(/Losing 10 lb .* \(1\.1–2\.2 lb a week at your 220 lb\) takes about 5–10 weeks/);
    expect(weightLossReply('how do I lose weight', profile({ units: 'imperial' }))).toMatch(
      /about 0\.9–1\.8 lb a week at 176 lb/,
    );
    expect(weightLossReply('how do I lose weight', profile())).toMatch(/about 0\.4–0\.8 kg a week at 80 kg/);
  });

  it('always adds the safe-limits note to nutrition answers', () => {
    for (const question of ['protein?', 'creatine?', 'water?', 'what to eat', 'bulk'])
      expect(nutritionReply(question, profile())).toMatch(/Safe limits/);
  });
});
