import { useState } from 'react';

import { Dialog } from '../../ui/Dialog';
import { Panel } from '../../ui/Panel';
import { useGetPoolQuery } from './creditsApi';

/** docs/product.md: the community pool's balance (a ledger account) and, behind INFO, its rules. */
export function PoolSection() {
  const { data: pool } = useGetPoolQuery();
  const [showInfo, setShowInfo] = useState(false);
  return (
    <Panel
      title="COMMUNITY_POOL"
      aside={
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setShowInfo(true)}>
          INFO
        </button>
      }
    >
      <p className="pool__balance">
        <span className="accent" data-testid="pool-balance">
          {pool ? pool.balance.toLocaleString('en-US') : '—'}
        </span>{' '}
        CREDITS
      </p>
      <p className="muted">Funded by missed goals, paying bonuses to members who reach theirs.</p>
      {showInfo && (
        <Dialog title="COMMUNITY_POOL_RULES" onClose={() => setShowInfo(false)}>
          <ul className="pool__rules">
            {(pool?.rules ?? []).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </Dialog>
      )}
    </Panel>
  );
}
