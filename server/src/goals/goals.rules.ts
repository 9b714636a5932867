/** Pure rules of prediction goals: what a safe, real-effort goal is, how progress is read, when it is reached, how it settles. */
import { createHash } from 'node:crypto';
import {
  GOAL_EFFORT_UNITS,
  GOAL_MINIMUMS,
  GOAL_STAKE_PER_EFFORT,
  MAX_GOAL_DAYS,
  MAX_KG_PER_WEEK,
  MIN_HEALTHY_BMI,
  goalDays,
  goalStakeCap,
  needsWholeTarget,
  type GoalMetric,
  type GoalStatus,
} from '../contract';
import { dayIn, previousDay } from '../users/users.rules';

const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;

/** A goal runs until the end of its deadline day (UTC). */
export function deadlineEnd(day: string): Date {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + DAY_MS - 1);
}

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

export interface BodyNow {
  heightCm: number | null;
  /** The weight the last analysed report states: a typed weight is no baseline. */
  reportedWeightKg: number | null;
}

/** What a goal asks for: sessions, streak days, or kg to lose below the last report (to 0.1 kg). */
export function goalEffort(draft: Pick<GoalDraft, 'metric' | 'targetValue'>, reportedWeightKg: number | null): number {
  if (draft.metric !== 'weight') return draft.targetValue;
  return reportedWeightKg === null ? 0 : Math.round((reportedWeightKg - draft.targetValue) * 10) / 10;
}

/** Why a goal cannot be set, in words for the user; null when it is fine. */
export function goalRefusal(draft: GoalDraft, body: BodyNow, now: Date): string | null {
  if (!isRealDay(draft.deadline)) return 'The deadline is not a real date';
  const end = deadlineEnd(draft.deadline);
  if (end.getTime() <= now.getTime()) return 'The deadline must be in the future';
  if (end.getTime() - now.getTime() > MAX_GOAL_DAYS * DAY_MS) return `The deadline must be within ${MAX_GOAL_DAYS} days`;
  if (needsWholeTarget(draft.metric) && !Number.isInteger(draft.targetValue)) return `A ${draft.metric} target must be a whole number`;
  const refusal = draft.metric === 'weight' ? weightRefusal(draft, body, now) : countRefusal(draft, now);
  if (refusal) return refusal;
  const cap = goalStakeCap(draft.metric, goalEffort(draft, body.reportedWeightKg));
  if (draft.creditsStaked > cap) {
    return `A stake of at most ${cap} credits fits this goal (${GOAL_STAKE_PER_EFFORT[draft.metric]} per ${GOAL_EFFORT_UNITS[draft.metric]}): ask for more or stake less`;
  }
  return null;
}

/** Sessions or streak days: enough of them, over enough days, and no more than one a day. */
function countRefusal(draft: GoalDraft, now: Date): string | null {
  const minimum = GOAL_MINIMUMS[draft.metric];
  const noun = draft.metric === 'workouts' ? 'sessions' : 'days of streak';
  if (draft.targetValue < minimum.effort) return `A ${draft.metric} goal must ask for at least ${minimum.effort} ${noun}`;
  const days = goalDays(draft.deadline, now);
  if (days < minimum.days) return `A ${draft.metric} goal must run at least ${minimum.days} days: choose a deadline on or after ${dayAfter(now, minimum.days)}`;
  // Progress counts days (one session a day, one proof a day), so the target cannot outnumber them.
  if (draft.targetValue > days) {
    return `Only one ${GOAL_EFFORT_UNITS[draft.metric]} a day counts: ${draft.targetValue} need a deadline on or after ${dayAfter(now, draft.targetValue)}`;
  }
  return null;
}

/** A safe loss below the last analysed report: at least the minimum, no faster than 1 kg a week, BMI kept healthy. */
function weightRefusal(draft: GoalDraft, body: BodyNow, now: Date): string | null {
  if (!body.heightCm) return 'Set your height (BMI calculator) before setting a weight goal';
  const reported = body.reportedWeightKg;
  if (reported === null) {
    return 'Upload a BMI or body-scan report that states your weight before setting a weight goal: weight goals are judged on analysed reports only';
  }
  if (draft.targetValue >= reported) return `A weight goal must be below the weight of your last report, ${reported} kg`;
  const minimum = GOAL_MINIMUMS.weight;
  if (goalEffort(draft, reported) < minimum.effort) return `A weight goal must ask for at least ${minimum.effort} kg below your last report (${reported} kg)`;
  if (goalDays(draft.deadline, now) < minimum.days) {
    return `A weight goal must run at least ${minimum.days} days: choose a deadline on or after ${dayAfter(now, minimum.days)}`;
  }
  const healthy = healthyMinimumKg(body.heightCm);
  if (draft.targetValue < healthy) {
    return `That target would take your BMI below ${MIN_HEALTHY_BMI}; the lowest healthy weight for your height is ${healthy} kg`;
  }
  const weeks = (deadlineEnd(draft.deadline).getTime() - now.getTime()) / WEEK_MS;
  if (reported - draft.targetValue > MAX_KG_PER_WEEK * weeks) {
    const earliest = new Date(now.getTime() + Math.ceil((reported - draft.targetValue) / MAX_KG_PER_WEEK) * WEEK_MS);
    return `That is more than ${MAX_KG_PER_WEEK} kg per week; choose a deadline on or after ${dayOf(earliest)}`;
  }
  return null;
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const dayAfter = (now: Date, days: number) => dayOf(new Date(now.getTime() + days * DAY_MS));

/** The lowest weight (kg, rounded up to 0.1) that keeps BMI at or above 18.5 for a height. */
export function healthyMinimumKg(heightCm: number): number {
  return Math.ceil(MIN_HEALTHY_BMI * (heightCm / 100) ** 2 * 10) / 10;
}

export function isReached(metric: GoalMetric, current: number, target: number): boolean {
  return metric === 'weight' ? current > 0 && current <= target : current >= target;
}

/** What settlement does now: pay out a reached goal, forfeit an expired one, or wait. */
export function settlementOutcome(goal: { metric: GoalMetric; targetValue: number; deadline: string }, current: number, now: Date): GoalStatus {
  if (isReached(goal.metric, current, goal.targetValue)) return 'won';
  return now.getTime() > deadlineEnd(goal.deadline).getTime() ? 'lost' : 'active';
}

/** Distinct days (YYYY-MM-DD in the time zone) among these instants: one session a day counts. */
export function distinctDays(instants: Date[], timeZone: string): number {
  return new Set(instants.map((instant) => dayIn(instant, timeZone))).size;
}

/** The longest run of consecutive days (YYYY-MM-DD) in a list, in any order: a streak reached. */
export function longestRun(days: string[]): number {
  const sorted = [...new Set(days)].sort();
  let longest = 0;
  let run = 0;
  sorted.forEach((day, index) => {
    run = index > 0 && previousDay(day) === sorted[index - 1] ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}

/** The slot an active goal holds: one open goal per metric per user. */
export function openSlotOf(userId: string, metric: GoalMetric): string {
  return `${userId}:${metric}`;
}

/**
 * The id (24 hex digits) of the goal one form submission creates: derived from the user and the
 * submission's request id, so every retry of it names the same goal and the same stake key.
 */
export function goalIdFor(userId: string, requestId: string): string {
  return createHash('sha256').update(`${userId}:${requestId}`).digest('hex').slice(0, 24);
}
