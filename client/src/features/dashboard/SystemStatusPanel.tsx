import { Panel } from '../../ui/Panel';

/** docs/product.md: static statements, not live checks; the sync time is the time of rendering. */
export function SystemStatusPanel({ aiEngine }: { aiEngine: string | undefined }) {
  const rows = [
    { label: 'AI_ENGINE', value: 'ONLINE', detail: aiEngine },
    { label: 'DATABASE', value: 'CONNECTED' },
    { label: 'LAST_SYNC', value: new Date().toLocaleTimeString('en-GB') },
  ];
  return (
    <Panel title="SYSTEM_STATUS" aside={<span className="tag tag--ok">NOMINAL</span>}>
      <dl className="readout">
        {rows.map((row) => (
          <div key={row.label} className="readout__row">
            <dt>{row.label}</dt>
            <dd>
              {row.label !== 'LAST_SYNC' && <span className="status-dot" aria-hidden="true" />}
              {row.value}
              {row.detail && <span className="readout__detail">{row.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
