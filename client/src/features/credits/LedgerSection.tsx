import type { UserView } from '@contract';

import { LineChart } from '../../ui/charts';
import { formatDate } from '../../ui/dates';
import { Panel } from '../../ui/Panel';
import { balancePoints, formatDelta } from './credits.logic';
import { useGetTransactionsInfiniteQuery } from './creditsApi';

/** docs/product.md: the latest 10 ledger rows (BALANCE exact per row), older pages on demand, and a balance chart. */
export function LedgerSection({ user }: { user: UserView }) {
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetTransactionsInfiniteQuery(user.id);
  const rows = data?.pages.flat() ?? [];

  return (
    <Panel title="TRANSACTION_LEDGER">
      {rows.length === 0 ? (
        <p className="muted">NO_TRANSACTION_HISTORY</p>
      ) : (
        <>
          {rows.length > 1 && (
            <div className="ledger-chart">
              <LineChart points={balancePoints(rows)} ariaLabel="Balance over time" unit="FC" height={160} />
            </div>
          )}
          <div className="ledger-scroll">
            <table className="ledger">
              <thead>
                <tr>
                  <th scope="col">DATE</th>
                  <th scope="col">REASON</th>
                  <th scope="col">DELTA</th>
                  <th scope="col">BALANCE</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDate(row.createdAt)}</td>
                    <td>{row.reason}</td>
                    <td className={row.amount >= 0 ? 'ledger__delta--plus' : 'ledger__delta--minus'}>
                      {formatDelta(row.amount)}
                    </td>
                    <td>{row.balance}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {hasNextPage && (
            <button
              type="button"
              className="btn btn--secondary btn--small ledger__more"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? 'LOADING...' : 'LOAD_OLDER'}
            </button>
          )}
        </>
      )}
    </Panel>
  );
}
