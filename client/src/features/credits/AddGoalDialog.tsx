import type { GoalMetric, UnitSystem, UserView } from '@contract';
import {
  earliestGoalDeadline,
  GOAL_BONUS_RATE,
  GOAL_MINIMUMS,
  GOAL_STAKE_MIN,
  GOAL_TITLE_MAX,
  MAX_KG_PER_WEEK,
  maxGoalStake,
  MIN_HEALTHY_BMI,
  needsWholeTarget,
} from '@contract/values';
import { cloneElement, type FormEvent, type ReactElement, useId, useState } from 'react';

import { describeError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { Dialog } from '../../ui/Dialog';
import { weightIn, weightUnit } from '../profile/units';
import { goalHints, goalTarget, newRequestId } from './credits.logic';
import { useCreateGoalMutation } from './creditsApi';

interface Draft {
  title: string;
  metric: GoalMetric;
  target: string;
  deadline: string;
  stake: string;
}

const metricLabels = (units: UnitSystem): Record<GoalMetric, string> => ({
  workouts: 'Workouts (days with a session that counts)',
  streak: 'Streak (validated proof days)',
  weight: `Weight (${weightUnit(units)} from a report, reach or go below)`,
});

/**
 * What is wrong with the form, field by field, by the server's own rules where the form knows
 * enough (least effort, earliest deadline, stake cap for workouts and streaks); the server re-checks
 * everything, weight goals against the last analysed report and BMI 18.5.
 */
export function draftProblems(
  draft: Draft,
  user: Pick<UserView, 'sweatCredits' | 'currentStreak' | 'units'>,
  now = new Date(),
): Partial<Record<keyof Draft, string>> {
  const problems: Partial<Record<keyof Draft, string>> = {};
  const target = goalTarget(draft.metric, draft.target, user.units) ?? NaN;
  const stake = Number(draft.stake);
  const counted = needsWholeTarget(draft.metric);
  // The effort asked for: workouts from now, streak days beyond today's streak.
  const step = draft.metric === 'streak' ? target - user.currentStreak : target;
  if (!draft.title.trim()) problems.title = 'Give the goal a title';
  if (!(target > 0)) problems.target = 'Enter a target above 0';
  else if (counted && !Number.isInteger(target)) problems.target = 'Enter a whole number';
  else if (counted && step < GOAL_MINIMUMS[draft.metric].step)
    problems.target = `Ask for at least ${target - step + GOAL_MINIMUMS[draft.metric].step}`;
  const earliest = earliestGoalDeadline(draft.metric, counted && !problems.target ? step : 0, now);
  if (!draft.deadline || draft.deadline < earliest) problems.deadline = `Pick a deadline on or after ${earliest}`;
  if (!Number.isInteger(stake) || stake < GOAL_STAKE_MIN)
    problems.stake = `Stake at least ${GOAL_STAKE_MIN} whole credit`;
  else if (stake > user.sweatCredits) problems.stake = `You have ${user.sweatCredits} credits`;
  else if (counted && !problems.target && stake > maxGoalStake(draft.metric, step))
    problems.stake = `At most ${maxGoalStake(draft.metric, step)} credits for this target`;
  return problems;
}

export function AddGoalDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const { toast } = useToast();
  const [createGoal, { isLoading }] = useCreateGoalMutation();
  const [draft, setDraft] = useState<Draft>({ title: '', metric: 'workouts', target: '', deadline: '', stake: '' });
  const [showProblems, setShowProblems] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problems = draftProblems(draft, user);
  // One request id per form content: sending the same form again (its answer was lost) sets one
  // goal and stakes once; any edit makes it a new submission.
  const [requestId, setRequestId] = useState(newRequestId);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft({ ...draft, [field]: event.target.value });
    setRequestId(newRequestId());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    setServerError(null);
    if (Object.keys(problems).length > 0) return;
    try {
      await createGoal({
        userId: user.id,
        title: draft.title.trim(),
        metric: draft.metric,
        targetValue: goalTarget(draft.metric, draft.target, user.units)!,
        deadline: draft.deadline,
        creditsStaked: Number(draft.stake),
        requestId,
      }).unwrap();
      toast({ title: 'Goal Set!', description: `${draft.stake} credits staked on "${draft.title.trim()}"` });
      onClose();
    } catch (error) {
      setServerError(describeError(error, 'Goal Refused').description);
    }
  };

  const hints = goalHints(draft.metric, user.currentStreak, user.units);
  const labels = metricLabels(user.units);
  const formId = useId();
  // A hint stays out of the label (the field's name) and describes its control instead.
  const field = (
    name: keyof Draft,
    label: string,
    input: ReactElement<{ 'aria-describedby'?: string }>,
    hint?: string,
  ) => (
    <div className="field">
      <label className="field">
        <span className="field-label">{label}</span>
        {hint ? cloneElement(input, { 'aria-describedby': `${formId}-${name}-hint` }) : input}
      </label>
      {hint && (
        <span id={`${formId}-${name}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {showProblems && problems[name] && <span className="field-error">{problems[name]}</span>}
    </div>
  );

  return (
    <Dialog title="ADD_GOAL" onClose={onClose}>
      <form className="goal-form" onSubmit={(event) => void submit(event)} noValidate>
        {field(
          'title',
          'TITLE',
          <input className="input" value={draft.title} maxLength={GOAL_TITLE_MAX} onChange={set('title')} />,
        )}
        {field(
          'metric',
          'METRIC',
          <select className="input" value={draft.metric} onChange={set('metric')}>
            {(Object.keys(labels) as GoalMetric[]).map((metric) => (
              <option key={metric} value={metric}>
                {labels[metric]}
              </option>
            ))}
          </select>,
        )}
        {field(
          'target',
          draft.metric === 'weight' ? `TARGET (${weightUnit(user.units).toUpperCase()})` : 'TARGET',
          // Text, not a number field: a decimal comma ("78,5") is read as a point, as in the BMI calculator.
          <input
            className="input"
            inputMode={draft.metric === 'weight' ? 'decimal' : 'numeric'}
            value={draft.target}
            onChange={set('target')}
          />,
          hints.target,
        )}
        {field(
          'deadline',
          'DEADLINE',
          <input
            className="input"
            type="date"
            min={earliestGoalDeadline(draft.metric, 0, new Date())}
            value={draft.deadline}
            onChange={set('deadline')}
          />,
          hints.deadline,
        )}
        {field(
          'stake',
          `STAKE (balance ${user.sweatCredits} FC)`,
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={GOAL_STAKE_MIN}
            step="1"
            value={draft.stake}
            onChange={set('stake')}
          />,
          hints.stake,
        )}
        <p className="muted goal-form__rules">
          Reach it by the deadline: stake back + {GOAL_BONUS_RATE * 100}% bonus from the community pool. Miss it: the
          stake goes to the pool. One open goal per metric, judged only on evidence: sessions that count, validated
          proof days, analysed reports. Weight goals must keep your BMI at {MIN_HEALTHY_BMI} or above and ask no more
          than {weightIn(MAX_KG_PER_WEEK, user.units)} {weightUnit(user.units)} per week.
        </p>
        {serverError && (
          <p className="field-error" role="alert">
            {serverError}
          </p>
        )}
        <div className="goal-form__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            CANCEL
          </button>
          <button type="submit" className="btn btn--primary" disabled={isLoading}>
            {isLoading ? 'PROCESSING...' : 'STAKE_AND_SET_GOAL'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
