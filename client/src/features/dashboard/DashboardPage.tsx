import { lazy, Suspense, useState } from 'react';

import { useGetConfigQuery } from '../../api/configApi';
import { browserTimeZone } from '../../ui/dates';
import { useGetUserQuery } from '../auth/authApi';
import { useGetBmiRecordsQuery } from '../bmi/bmiApi';
import { useGetProofChallengeQuery } from '../proofs/proofsApi';
import { DashboardView } from './DashboardView';

const ProofValidationDialog = lazy(() => import('../proofs/ProofValidationDialog'));
const BmiUploadDialog = lazy(() => import('../bmi/BmiUploadDialog'));

export default function DashboardPage() {
  const { data: user } = useGetUserQuery();
  const { data: config } = useGetConfigQuery();
  // Asked only with credits pending: whether today's proofs are done decides what the banner offers.
  const { data: challenge } = useGetProofChallengeQuery(browserTimeZone(), { skip: !user?.pendingCredits });
  // Asked only when the profile cannot give a BMI itself: the panel then shows the latest record's, with its date.
  const needsRecord = !!user && !(user.height && user.weight) && user.latestBmi !== null;
  const { data: records } = useGetBmiRecordsQuery(user?.id ?? '', { skip: !needsRecord });
  const [proofDialogOpen, setProofDialogOpen] = useState(false);
  const [bmiDialogOpen, setBmiDialogOpen] = useState(false);
  return (
    <>
      <DashboardView
        user={user}
        aiEngine={config?.aiEngine}
        validatedToday={challenge?.validatedToday}
        latestBmiRecord={needsRecord ? records?.[0] : undefined}
        onValidate={() => setProofDialogOpen(true)}
        onUploadBmi={() => setBmiDialogOpen(true)}
      />
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
