import { PageHeader } from '../../ui/PageHeader';

export default function WorkoutsPage() {
  return <PageHeader title="TRAINING_MODULE" subtitle="AI-generated sessions and your fitness coach" />;
}
