/** The coach on weight loss and nutrition: numbers from the profile, always with safe limits. */
import { KG_PER_POUND, massText } from '../../contract';
import type { CoachProfile } from '../../contract/job-shapes';
import { NUTRITION_ANSWERS, NUTRITION_SAFETY } from './coach-advice';

const KG_PER_STONE = 6.35;

/** The weight a message says it wants to lose, in kg ("5 kg", "10 pounds", "2 stone"). */
export function statedTargetKg(message: string): number | undefined {
  const match = /\b(\d{1,4}(?:[.,]\d{1,2})?) ?(kg|kilos?|kilograms?|lbs?|pounds|stone)\b/.exec(message.toLowerCase());
  if (!match) return undefined;
  const amount = Number(match[1].replace(',', '.'));
  const unit = match[2];
  if (unit.startsWith('lb') || unit === 'pounds') return amount * KG_PER_POUND;
  return unit === 'stone' ? amount * KG_PER_STONE : amount;
}

/** Protein a day for the profile's weight (1.6–2.2 g per kg), or the rule when the weight is unknown. */
export function proteinLine(profile: CoachProfile): string {
  return profile.weight
    ? `${Math.round(profile.weight * 1.6)}–${Math.round(profile.weight * 2.2)} g`
    : '1.6–2.2 g per kg of body weight';
}

/** A safe rate is 0.5–1 % of body weight a week; a target becomes weeks at that rate. */
function rateLine(profile: CoachProfile, targetKg: number | undefined): string {
  const { weight, units } = profile;
  const perWeek = (low: number, high: number, at: number, yours: string) =>
    `${massText(low, units).split(' ')[0]}–${massText(high, units)} a week at ${yours}${massText(at, units, true)}`;
  const rate = weight ? perWeek(weight * 0.005, weight * 0.01, weight, 'your ') : `about ${perWeek(0.4, 0.8, 80, '')}`;
  if (!targetKg) return `A safe rate is 0.5–1 % of your body weight a week (${rate}).`;
  const weeks = weight
    ? [Math.ceil(targetKg / (weight * 0.01)), Math.ceil(targetKg / (weight * 0.005))]
    : [Math.ceil(targetKg / 0.8), Math.ceil(targetKg / 0.4)];
  return `Losing ${massText(targetKg, units)} at a safe 0.5–1 % of your body weight a week (${rate}) takes about ${weeks[0]}–${weeks[1]} weeks.`;
}

export function weightLossReply(message: string, profile: CoachProfile): string {
  const category = profile.bmiCategory;
  if (category === 'Underweight') {
    return 'With a BMI in the underweight range, losing weight is not what I would recommend: it costs muscle and health. Train strength 3 times a week, eat enough (with about 1.6 g of protein per kg) and talk to a doctor if your weight keeps dropping.';
  }
  const opening = category ? `With a BMI in the ${category.toLowerCase()} range: ` : '';
  const start =
    category === 'Obese'
      ? 'Start with low-impact cardio (brisk walking, cycling) and 2–3 beginner strength sessions to protect your joints.'
      : 'Train strength 2–3 times a week so the weight you lose is fat, not muscle, and add 1–2 cardio or HIIT sessions.';
  const spot = /\b(belly|stomach|love handles|arms?|thighs?)\b/.test(message.toLowerCase())
    ? ' You cannot burn fat from one spot: it comes off everywhere as the overall deficit works.'
    : '';
  return `${opening}${rateLine(profile, statedTargetKg(message))} Eat in a moderate calorie deficit, about 300–500 kcal a day below maintenance, keep protein high (${proteinLine(profile)} a day) to hold on to muscle, walk 8–10k steps daily and sleep 7–9 hours. ${start}${spot} Never crash diet: stay above about 1,200 kcal (women) or 1,500 kcal (men) a day unless a doctor supervises it, and skip detox teas and fat burners.`;
}

export function nutritionReply(message: string, profile: CoachProfile): string {
  const text = message.toLowerCase();
  const answer = NUTRITION_ANSWERS.find((a) => a.words.test(text)) ?? NUTRITION_ANSWERS[NUTRITION_ANSWERS.length - 1];
  const goal =
    profile.goal === 'build_muscle' && answer.topic === 'general'
      ? ' For your goal of building muscle, add a small surplus of 200–300 kcal a day.'
      : '';
  return `${answer.text.replace('{protein}', proteinLine(profile))}${goal} ${NUTRITION_SAFETY}`;
}
