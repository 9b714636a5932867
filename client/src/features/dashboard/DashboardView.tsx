import type { BmiRecordView, UserView } from '@contract';

import { formatDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { BiometricPanel } from './BiometricPanel';
import { ModuleLinks } from './ModuleLinks';
import { PendingCreditsBanner } from './PendingCreditsBanner';
import { QuickCommands } from './QuickCommands';
import { UserStatTiles } from './StatTiles';
import { SystemStatusPanel } from './SystemStatusPanel';

import './dashboard.css';

/** Dialog openers; the proof and BMI dialogs plug in here. */
export interface DashboardActions {
  onValidate?: () => void;
  onUploadBmi?: () => void;
}

interface DashboardViewProps extends DashboardActions {
  user: UserView | undefined;
  aiEngine: string | undefined;
  /** Today's proof day is validated (GET /api/proof/challenge): pending credits wait for tomorrow's. */
  validatedToday?: boolean;
  /** The newest BMI record, given when the profile lacks a height or weight to compute one from. */
  latestBmiRecord?: BmiRecordView;
}

function todayLabel(): string {
  return formatDate(new Date().toISOString(), {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).toUpperCase();
}

export function DashboardView({
  user,
  aiEngine,
  validatedToday,
  latestBmiRecord,
  onValidate,
  onUploadBmi,
}: DashboardViewProps) {
  const pendingCredits = user?.pendingCredits ?? 0;
  return (
    <div className="dashboard">
      <PageHeader title="SWEAT_CREDITS_SYS" subtitle="Fitness command center">
        <p className="dashboard__date">{todayLabel()}</p>
        <p className="dashboard__user">
          <span className="muted">OPERATOR:</span> {user ? user.username.toUpperCase() : 'USER_NOT_FOUND'}
        </p>
      </PageHeader>

      {pendingCredits > 0 && (
        <PendingCreditsBanner pendingCredits={pendingCredits} validatedToday={validatedToday} onValidate={onValidate} />
      )}

      <UserStatTiles user={user} />

      <div className="dashboard__panels">
        <BiometricPanel user={user} latestRecord={latestBmiRecord} />
        <SystemStatusPanel aiEngine={aiEngine} />
      </div>

      <ModuleLinks />
      <QuickCommands pendingCredits={pendingCredits} onValidate={onValidate} onUploadBmi={onUploadBmi} />
    </div>
  );
}
