import { useGetConfigQuery } from '../../api/configApi';
import { useGetUserQuery } from '../auth/authApi';
import { DashboardView, type DashboardActions } from './DashboardView';

export default function DashboardPage(actions: DashboardActions) {
  const { data: user } = useGetUserQuery();
  const { data: config } = useGetConfigQuery();
  return <DashboardView user={user} aiEngine={config?.aiEngine} {...actions} />;
}
