/** Pure rules of prediction goals: what a safe goal is, when it is reached, how it settles. */
import { createHash } from 'node:crypto';

import {
  DAY_MS,
  GOAL_MINIMUMS,
  goalDays,
  goalDeadlineEnd,
  type GoalMetric,
  type GoalStatus,
  massText,
  MAX_GOAL_DAYS,
  MAX_KG_PER_WEEK,
  maxGoalStake,
  MIN_HEALTHY_BMI,
  needsWholeTarget,
  type UnitSystem,
} from '../contract';

const WEEK_MS = 7 * DAY_MS;

/** False for 2025-02-30 and the like, which Date would silently roll over. */
function isRealDay(day: string): boolean {
  const start = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(start.getTime()) && start.toISOString().slice(0, 10) === day;
}

export interface GoalDraft {
  metric: GoalMetric;
  targetValue: number;
  deadline: string;
  creditsStaked: number;
}

/** What the user's own records say now; a weight goal starts from the latest analysed report. */
export interface BodyNow {
  heightCm: number | null;
  reportWeightKg: number | null;
  currentStreak: number;
  /** The units the refusals speak (weights are stored and judged in kg). */
  units: UnitSystem;
}

/** Why a goal cannot be set, in words for the user; null when it is fine. */
export function goalRefusal(draft: GoalDraft, body: BodyNow, now: Date): string | null {
  if (!isRealDay(draft.deadline)) return 'The deadline is not a real date';
  const end = goalDeadlineEnd(draft.deadline);
  if (end.getTime() <= now.getTime()) return 'The deadline must be in the future';
  if (end.getTime() - now.getTime() > MAX_GOAL_DAYS * DAY_MS)
    return `The deadline must be within ${MAX_GOAL_DAYS} days`;
  const days = goalDays(draft.deadline, now);
  const least = GOAL_MINIMUMS[draft.metric];
  if (days < least.days) return `A ${draft.metric} goal must run at least ${least.days} days: choose a later deadline`;

  if (needsWholeTarget(draft.metric)) {
    if (!Number.isInteger(draft.targetValue)) return `A ${draft.metric} target must be a whole number`;
    // The effort asked for: workouts from now, streak days beyond today's streak.
    const step = draft.metric === 'streak' ? draft.targetValue - body.currentStreak : draft.targetValue;
    if (step < least.step) {
      return draft.metric === 'streak'
        ? `Your streak is ${body.currentStreak} day${body.currentStreak === 1 ? '' : 's'}: a streak goal must ask for at least ${body.currentStreak + least.step}`
        : `A workouts goal must ask for at least ${least.step} workouts`;
    }
    // One counted session, or one streak day, a day at the most.
    if (step > days)
      return `That is more than one ${draft.metric === 'streak' ? 'streak day' : 'workout'} a day: choose a later deadline or a lower target`;
    return stakeRefusal(draft, step);
  }
  if (body.reportWeightKg === null)
    return 'Upload a body-scan report before setting a weight goal: weight goals are judged on analysed reports';
  if (!body.heightCm) return 'Set your height (profile or BMI calculator) before setting a weight goal';
  const weightKg = body.reportWeightKg;
  const mass = (kg: number) => massText(kg, body.units);
  if (draft.targetValue >= weightKg)
    return `A weight goal must be below your last report's weight of ${mass(weightKg)}`;
  if (weightKg - draft.targetValue < least.step)
    return `A weight goal must ask for at least ${mass(least.step)} below your last report's ${mass(weightKg)}`;
  const minimum = healthyMinimumKg(body.heightCm);
  if (draft.targetValue < minimum) {
    return `That target would take your BMI below ${MIN_HEALTHY_BMI}; the lowest healthy weight for your height is ${mass(minimum)}`;
  }
  const weeks = (end.getTime() - now.getTime()) / WEEK_MS;
  if (weightKg - draft.targetValue > MAX_KG_PER_WEEK * weeks) {
    const earliest = new Date(now.getTime() + Math.ceil((weightKg - draft.targetValue) / MAX_KG_PER_WEEK) * WEEK_MS);
    return `That is more than ${mass(MAX_KG_PER_WEEK)} per week; choose a deadline on or after ${earliest.toISOString().slice(0, 10)}`;
  }
  return stakeRefusal(draft, weightKg - draft.targetValue);
}

/** A stake in proportion to the effort asked for (`units`: workouts, streak days or kg). */
function stakeRefusal(draft: GoalDraft, units: number): string | null {
  const most = maxGoalStake(draft.metric, units);
  return draft.creditsStaked > most ? `A goal asking for this much may stake at most ${most} credits` : null;
}
/** The lowest weight (kg, rounded up to 0.1) that keeps BMI at or above 18.5 for a height. */
export function healthyMinimumKg(heightCm: number): number {
  return Math.ceil(MIN_HEALTHY_BMI * (heightCm / 100) ** 2 * 10) / 10;
}

export function isReached(metric: GoalMetric, current: number, target: number): boolean {
  return metric === 'weight' ? current > 0 && current <= target : current >= target;
}

/** What settlement does now: pay out a reached goal, forfeit an expired one, or wait. */
export function settlementOutcome(
  goal: { metric: GoalMetric; targetValue: number; deadline: string },
  current: number,
  now: Date,
): GoalStatus {
  if (isReached(goal.metric, current, goal.targetValue)) return 'won';
  return now.getTime() > goalDeadlineEnd(goal.deadline).getTime() ? 'lost' : 'active';
}

/**
 * The id (24 hex digits) of the goal one form submission creates: derived from the user and the
 * submission's request id, so every retry of it names the same goal and the same stake key.
 */
export function goalIdFor(userId: string, requestId: string): string {
  return createHash('sha256').update(`${userId}:${requestId}`).digest('hex').slice(0, 24);
}

/** The instant a goal counts from (goals stored before `startsAt` existed: their creation). */
export function goalStart(goal: { startsAt?: Date; createdAt: Date }): Date {
  return goal.startsAt ?? goal.createdAt;
}
