import type { ProofDayView } from '@contract';

import { formatDay } from '../../ui/dates';
import { useGetProofHistoryQuery } from '../proofs/proofsApi';

/** How many validated days the progress page lists; the streak tile tells the rest. */
export const RECENT_PROOF_DAYS = 7;

const KIND_LABELS: Record<string, string> = { gym_selfie: 'SELFIE', workout_video: 'VIDEO', apple_watch: 'WATCH' };

/** The latest validated proof days: coins moved into the balance and the streak after each. */
export function ProofHistory({ userId }: { userId: string }) {
  const { data: days = [] } = useGetProofHistoryQuery(userId, { skip: !userId });
  if (days.length === 0) return <p className="progress-empty">NO_VALIDATED_DAYS</p>;
  return (
    <ul className="session-list" aria-label="Validated proof days">
      {days.slice(0, RECENT_PROOF_DAYS).map((day) => (
        <li key={day.day} className="session-row">
          <div className="session-row__main">
            <span className="session-row__name">{formatDay(day.day)}</span>
            <span className="muted">{proofSummary(day)}</span>
          </div>
          <span className="tag tag--ok">STREAK {day.streakAfter}</span>
          <span className="session-row__credits accent">+{day.coinsValidated} FC</span>
        </li>
      ))}
    </ul>
  );
}

/** "SELFIE ✓ · VIDEO ✓ · WATCH ✓": each proof with whether all its checks passed. */
export function proofSummary(day: ProofDayView): string {
  return day.proofs
    .map((p) => `${KIND_LABELS[p.kind] ?? p.kind.toUpperCase()} ${p.checks.every((c) => c.passed) ? '✓' : '✗'}`)
    .join(' · ');
}
