import { PageHeader } from '../../ui/PageHeader';

export default function ProgressPage() {
  return <PageHeader title="ANALYTICS_MODULE" subtitle="Sessions, streaks and body metrics over time" />;
}
