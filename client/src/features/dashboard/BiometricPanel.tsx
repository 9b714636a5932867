import type { BmiRecordView, UserView } from '@contract';
import { bmiOf } from '@contract/values';

import { formatDate } from '../../ui/dates';
import { Panel } from '../../ui/Panel';
import { formatHeight, formatWeight } from '../profile/units';

const DASH = '—';

/** Height and weight in the user's units (; docs/product.md cm and kg are the metric reading). */
export function BiometricPanel({ user, latestRecord }: { user: UserView | undefined; latestRecord?: BmiRecordView }) {
  const units = user?.units ?? 'metric';
  // The BMI of the height and weight shown beside it; without both, the latest record's own value, said as such with its date.
  const computed = user?.height && user.weight ? bmiOf(user.height, user.weight).toFixed(1) : null;
  const recorded = !computed && latestRecord ? latestRecord : null;
  const rows = [
    { label: 'HEIGHT', value: formatHeight(user?.height, units) },
    { label: 'WEIGHT', value: formatWeight(user?.weight, units) },
    { label: 'BMI', value: computed ?? (recorded ? recorded.bmi.toFixed(1) : DASH) },
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
      {recorded && (
        <p className="muted" data-testid="dashboard-bmi-source">
          {recorded.source === 'report' ? "The report's own BMI" : 'Recorded BMI'}, {formatDate(recorded.createdAt)}
        </p>
      )}
    </Panel>
  );
}
