import { Panel } from '../../ui/Panel';
import { explorerTxUrl, type PurchaseStep, shortAddress } from './purchase.logic';
import { type PurchaseState, usePurchaseFlow } from './usePurchaseFlow';
import { useGetCreditPackagesQuery } from './walletApi';

import './purchase.css';

const PAYMENT_STEPS: PurchaseStep[] = ['BUILDING', 'SIGNING', 'SENDING', 'CONFIRMING', 'RECORDING'];

function ExplorerLink({ signature, cluster }: { signature: string; cluster: string }) {
  return (
    <a
      className="purchase-status__link"
      href={explorerTxUrl(signature, cluster)}
      target="_blank"
      rel="noopener noreferrer"
    >
      VIEW_TRANSACTION ↗
    </a>
  );
}

/** Where the purchase stands: the steps of a running one, or how the last one ended. */
function PurchaseStatus({ state, cluster }: { state: PurchaseState; cluster: string }) {
  if (state.phase === 'processing') {
    const steps: PurchaseStep[] = state.withLink ? ['LINK_WALLET', ...PAYMENT_STEPS] : PAYMENT_STEPS;
    const current = steps.indexOf(state.step);
    return (
      <div className="purchase-status" role="status">
        <p>
          <span className="muted">PROCESSING:</span> {state.credits.toLocaleString('en-US')} CREDITS
        </p>
        <ol className="purchase-steps">
          {steps.map((step, i) => (
            <li
              key={step}
              className={i < current ? 'is-done' : i === current ? 'is-current' : undefined}
              aria-current={i === current ? 'step' : undefined}
            >
              {step}
            </li>
          ))}
        </ol>
      </div>
    );
  }
  if (state.phase === 'success') {
    const { credits, newBalance, signature } = state.result;
    return (
      <div className="purchase-status purchase-status--ok" role="status">
        <p>
          <span className="accent">PURCHASE_COMPLETE:</span> +{credits.toLocaleString('en-US')} CREDITS · BALANCE{' '}
          {newBalance.toLocaleString('en-US')} FC
        </p>
        <ExplorerLink signature={signature} cluster={cluster} />
      </div>
    );
  }
  if (state.phase === 'failure') {
    return (
      <div className="purchase-status purchase-status--failed" role="status">
        <p>
          <span className="purchase-status__failed">PURCHASE_FAILED:</span> {state.reason}
        </p>
        {state.signature && <ExplorerLink signature={state.signature} cluster={cluster} />}
      </div>
    );
  }
  return null;
}

/**
 * docs/product.md PURCHASE_CREDITS: wallet status, connect button and the four packages. Picking a
 * package pays the treasury in SOL through Phantom; the server verifies the payment and credits it.
 */
export function PurchasePanel() {
  const { wallet, state, busy, connect, buy, cluster, needsLink } = usePurchaseFlow();
  const { data: packages = [] } = useGetCreditPackagesQuery();
  return (
    <Panel
      title="PURCHASE_CREDITS"
      className="purchase-panel"
      aside={<span className={`tag${wallet ? ' tag--ok' : ''}`}>{wallet ? 'CONNECTED' : 'DISCONNECTED'}</span>}
    >
      <div className="purchase-wallet">
        {wallet ? (
          <p>
            <span className="muted">WALLET:</span> <span data-testid="purchase-wallet">{shortAddress(wallet)}</span>
            {needsLink && <span className="muted"> · your first purchase links it to this account</span>}
          </p>
        ) : (
          <button type="button" className="btn btn--secondary" onClick={() => void connect()} disabled={busy}>
            {state.phase === 'connecting' ? 'CONNECTING...' : 'CONNECT_WALLET'}
          </button>
        )}
        <p className="muted">
          Pay with SOL on Solana {cluster}. Credits are added once the payment is verified on chain.
        </p>
      </div>
      <ul className="package-grid">
        {packages.map((pack) => (
          <li key={pack.credits}>
            <button type="button" className="package-card" onClick={() => void buy(pack)} disabled={busy}>
              {/* The name is what the card shows (WCAG 2.5.3: say what you see), after a "Buy" for screen readers. */}
              <span className="visually-hidden">Buy</span>{' '}
              <span className="package-card__credits">{pack.credits.toLocaleString('en-US')}</span>{' '}
              <span className="muted">CREDITS</span> <span>{pack.sol} SOL</span>{' '}
              <span className="muted">≈ ${pack.usd.toFixed(2)} USD</span>
            </button>
          </li>
        ))}
      </ul>
      <PurchaseStatus state={state} cluster={cluster} />
    </Panel>
  );
}
