import type { UserView } from '@contract';
import { Panel } from '../../ui/Panel';

const DASH = '—';

function withUnit(value: number | null | undefined, unit: string): string {
  return value == null ? DASH : `${value} ${unit}`;
}

export function BiometricPanel({ user }: { user: UserView | undefined }) {
  const rows = [
    { label: 'HEIGHT', value: withUnit(user?.height, 'CM') },
    { label: 'WEIGHT', value: withUnit(user?.weight, 'KG') },
    { label: 'BMI', value: user?.latestBmi == null ? DASH : user.latestBmi.toFixed(1) },
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
