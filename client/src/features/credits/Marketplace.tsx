import type { MarketplaceItem, UserView } from '@contract';
import { useState } from 'react';

import { useToast } from '../../app/toast/useToast';
import { Panel } from '../../ui/Panel';
import { newRequestId, redeemBlockedReason } from './credits.logic';
import { useGetMarketplaceQuery, useGetRedemptionsQuery, useRedeemMutation } from './creditsApi';

const ICONS: Record<string, string> = { percent: '%', ticket: '⌁', package: '▣', clipboard: '≡' };

/** docs/product.md: the catalogue; a redeem spends the catalogue cost once per click and answers a voucher. */
export function Marketplace({ user }: { user: UserView }) {
  const { toast } = useToast();
  const { data: items = [] } = useGetMarketplaceQuery();
  const { data: redemptions = [] } = useGetRedemptionsQuery();
  const [redeem] = useRedeemMutation();
  const [pending, setPending] = useState<string | null>(null);

  const buy = async (item: MarketplaceItem) => {
    setPending(item.id);
    try {
      // A fresh id per click: a retried request redeems once, a second click redeems again.
      const requestId = newRequestId();
      const { redemption } = await redeem({ userId: user.id, itemId: item.id, cost: item.cost, requestId }).unwrap();
      toast({ title: 'Redeemed Successfully!', description: `${item.title}: voucher ${redemption.voucherCode}` });
    } catch {
      // docs/product.md: this text on any redeem failure.
      toast({
        title: 'Insufficient Credits',
        description: "You don't have enough credits for this item",
        variant: 'destructive',
      });
    } finally {
      setPending(null);
    }
  };

  return (
    <Panel title="REDEMPTION_MARKETPLACE">
      <ul className="market-grid">
        {items.map((item) => {
          const reason = redeemBlockedReason(item, user, pending !== null);
          const reasonId = `redeem-${item.id}-reason`;
          return (
            <li key={item.id} className="market-card">
              <span className="market-card__icon" aria-hidden="true">
                {ICONS[item.icon] ?? '◆'}
              </span>
              <span className="market-card__title">{item.title}</span>
              <span className="market-card__description muted">{item.description}</span>
              <span className="tag">{item.category.toUpperCase()}</span>
              <span className="market-card__cost">
                <span className="accent">{item.cost}</span> FC
              </span>
              <button
                type="button"
                className="btn btn--primary btn--small"
                aria-label={`Redeem ${item.title}`}
                aria-describedby={reason ? reasonId : undefined}
                disabled={reason !== null}
                onClick={() => void buy(item)}
              >
                {pending === item.id ? 'PROCESSING...' : 'REDEEM'}
              </button>
              {reason && pending !== item.id && (
                <span id={reasonId} className="market-card__reason muted">
                  {reason}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {redemptions.length > 0 && (
        <div className="vouchers">
          <h3 className="vouchers__title">YOUR_VOUCHERS</h3>
          <ul className="vouchers__list">
            {redemptions.map((r) => (
              <li key={r.id}>
                <span>{r.title}</span> <code>{r.voucherCode}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
