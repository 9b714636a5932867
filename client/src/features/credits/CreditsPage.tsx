import { dayUnit } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { useGetUserQuery } from '../auth/authApi';
import { PurchasePanel } from '../wallet/PurchasePanel';
import { BadgesSection } from './BadgesSection';
import { EarningActions } from './EarningActions';
import { GoalsSection } from './GoalsSection';
import { LedgerSection } from './LedgerSection';
import { Marketplace } from './Marketplace';
import { PoolSection } from './PoolSection';
import { ShareSection } from './ShareSection';

import './credits.css';

/** docs/product.md, Credits screen: the nine sections in the product’s order. */
export default function CreditsPage() {
  const { data: user } = useGetUserQuery();
  if (!user) return null;
  return (
    <div className="credits">
      <PageHeader title="CREDITS_AND_REWARDS" subtitle="Earn, stake, redeem and top up your Fitness Credits">
        <p className="credits-balance">
          <span className="muted">BALANCE:</span>{' '}
          <span className="accent" data-testid="credits-balance">
            {user.sweatCredits}
          </span>{' '}
          FC
        </p>
        <p>
          <span className="muted">STREAK:</span> <span data-testid="credits-streak">{user.currentStreak}</span>{' '}
          {dayUnit(user.currentStreak)}
        </p>
      </PageHeader>
      <ShareSection user={user} />
      <EarningActions user={user} />
      <GoalsSection user={user} />
      <PoolSection />
      <Marketplace user={user} />
      <BadgesSection user={user} />
      <LedgerSection user={user} />
      <PurchasePanel />
    </div>
  );
}
