import type { UserView } from '@contract';
import { useState } from 'react';

import { formatDay } from '../../ui/dates';
import { Panel } from '../../ui/Panel';
import { ProgressBar } from '../../ui/ProgressBar';
import { AddGoalDialog } from './AddGoalDialog';
import { goalAmounts, goalProgressPercent } from './credits.logic';
import { useGetGoalsQuery } from './creditsApi';

/** docs/product.md: the user's prediction goals with their stakes; + ADD_GOAL opens the dialog. */
export function GoalsSection({ user }: { user: UserView }) {
  const { data: goals = [] } = useGetGoalsQuery(user.id);
  const [adding, setAdding] = useState(false);

  return (
    <Panel
      title="PREDICTION_GOALS"
      aside={
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setAdding(true)}>
          + ADD_GOAL
        </button>
      }
    >
      {goals.length === 0 ? (
        <p className="muted">NO_ACTIVE_GOALS — stake credits on a goal and win a pool bonus when you reach it.</p>
      ) : (
        <ul className="goal-list">
          {goals.map((goal) => (
            <li key={goal.id} className="goal">
              <div className="goal__head">
                <span className="goal__title">{goal.title}</span>
                <span
                  className={`tag${goal.status === 'won' ? ' tag--ok' : goal.status === 'lost' ? ' tag--danger' : ''}`}
                >
                  {goal.status.toUpperCase()}
                </span>
              </div>
              <ProgressBar label={`${goal.title} progress`} value={goalProgressPercent(goal)} />
              <div className="goal__meta muted">
                <span>{goalAmounts(goal, user.units)}</span>
                <span>STAKE {goal.creditsStaked} FC</span>
                <span>DUE {formatDay(goal.deadline)}</span>
                {goal.payout !== null && <span className="accent">PAID {goal.payout} FC</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddGoalDialog user={user} onClose={() => setAdding(false)} />}
    </Panel>
  );
}
