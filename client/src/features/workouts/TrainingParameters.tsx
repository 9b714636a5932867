import type { UserView, WorkoutView } from '@contract';

import { Panel } from '../../ui/Panel';

const NOT_SET = 'NOT_SET';

/** docs/product.md: fitness level, session type and difficulty; each reads NOT_SET when there is no workout. */
export function TrainingParameters({
  user,
  workout,
}: {
  user: UserView | undefined;
  workout: WorkoutView | null | undefined;
}) {
  const rows: Array<[string, string]> = [
    ['FITNESS_LEVEL', workout && user ? user.fitnessLevel.toUpperCase() : NOT_SET],
    ['SESSION_TYPE', workout ? workout.type.toUpperCase() : NOT_SET],
    ['DIFFICULTY', workout ? workout.difficulty.toUpperCase() : NOT_SET],
  ];
  return (
    <Panel title="TRAINING_PARAMETERS">
      <dl className="training-params">
        {rows.map(([label, value]) => (
          <div key={label} className="training-params__row">
            <dt>{label}</dt>
            <dd className={value === NOT_SET ? 'muted' : 'accent'} data-testid={label}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
