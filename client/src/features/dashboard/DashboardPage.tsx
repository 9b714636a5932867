import { Suspense, lazy, useState } from 'react';
import { useGetConfigQuery } from '../../api/configApi';
import { useGetUserQuery } from '../auth/authApi';
import { browserTimeZone } from '../../ui/dates';
import { useGetProofChallengeQuery } from '../proofs/proofsApi';
import { DashboardView } from './DashboardView';

const ProofValidationDialog = lazy(() => import('../proofs/ProofValidationDialog'));
const BmiUploadDialog = lazy(() => import('../bmi/BmiUploadDialog'));

export default function DashboardPage() {
  const { data: user } = useGetUserQuery();
  const { data: config } = useGetConfigQuery();
  // Asked only with credits pending: whether today's proofs are done decides what the banner offers.
  const { data: challenge } = useGetProofChallengeQuery(browserTimeZone(), { skip: !user?.pendingCredits });
  const [proofDialogOpen, setProofDialogOpen] = useState(false);
  const [bmiDialogOpen, setBmiDialogOpen] = useState(false);
  return (
    <>
      <DashboardView user={user} aiEngine={config?.aiEngine} validatedToday={challenge?.validatedToday} onValidate={() => setProofDialogOpen(true)} onUploadBmi={() => setBmiDialogOpen(true)} />
      {proofDialogOpen && (
        <Suspense fallback={null}>
          <ProofValidationDialog onClose={() => setProofDialogOpen(false)} />
        </Suspense>
      )}
      {bmiDialogOpen && (
        <Suspense fallback={null}>
          <BmiUploadDialog onClose={() => setBmiDialogOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
