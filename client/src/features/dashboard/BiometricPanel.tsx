import type { UserView } from '@contract';
import { bmiOf } from '@contract/values';
import { Panel } from '../../ui/Panel';
import { formatHeight, formatWeight } from '../profile/units';

const DASH = '—';

/** Height and weight in the user's units (issue 18; SPEC §2's cm and kg are the metric reading). */
export function BiometricPanel({ user }: { user: UserView | undefined }) {
  const units = user?.units ?? 'metric';
  const rows = [
    { label: 'HEIGHT', value: formatHeight(user?.height, units) },
    { label: 'WEIGHT', value: formatWeight(user?.weight, units) },
    // The BMI of the height and weight shown beside it (a report's own value is on the progress page, with its date).
    { label: 'BMI', value: user?.height && user.weight ? bmiOf(user.height, user.weight).toFixed(1) : DASH },
  ];
  return (
    <Panel title="BIOMETRIC_DATA">
      <dl className="readout">
        {rows.map((row) => (
          <div key={row.label} className="readout__row">
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
