import { PageHeader } from '../../ui/PageHeader';
import { useGetUserQuery } from '../auth/authApi';

export default function CreditsPage() {
  const { data: user } = useGetUserQuery();
  return (
    <PageHeader title="CREDITS_AND_REWARDS" subtitle="Earn, stake, redeem and top up your Fitness Credits">
      <p className="credits-balance">
        <span className="muted">BALANCE:</span> <span className="accent">{user?.sweatCredits ?? 0}</span> FC
      </p>
      <p>
        <span className="muted">STREAK:</span> {user?.currentStreak ?? 0} DAYS
      </p>
    </PageHeader>
  );
}
