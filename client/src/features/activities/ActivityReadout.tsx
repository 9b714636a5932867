import type { ActivityVerdict, ProofKind } from '@contract';
import { useCallback, useState } from 'react';
import type { ApiError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { activityFacts, activitySource } from './activityFacts';
import { useReadActivityMutation } from './activitiesApi';
import './activities.css';

/** Where the reading of an uploaded activity file stands. */
export type Readout = { state: 'reading' } | { state: 'read'; verdict: ActivityVerdict } | { state: 'refused'; message: string } | { state: 'unchecked' };

/**
 * Reads each activity file as soon as it is uploaded (the same job validation runs), so the dialog
 * shows what the file holds and, on refusal, why, before VALIDATE_ALL_PROOFS. `check` answers
 * whether the file may count as the slot's proof.
 */
export function useActivityReadouts(timeZone: string) {
  const { toast } = useToast();
  const [readActivity] = useReadActivityMutation();
  const [readouts, setReadouts] = useState<Partial<Record<ProofKind, Readout>>>({});
  const show = useCallback((kind: ProofKind, readout: Readout | undefined) => setReadouts((r) => ({ ...r, [kind]: readout })), []);


  async function check(kind: ProofKind, fileUrl: string): Promise<boolean> {
    show(kind, { state: 'reading' });
    try {
      const verdict = await readActivity({ fileUrl, timeZone }).unwrap();
      show(kind, { state: 'read', verdict });
      if (!verdict.accepted) toast({ title: 'Activity File Refused', description: verdict.checks.find((c) => !c.passed)!.reason, variant: 'destructive' });
      return verdict.accepted;
    } catch (error) {
      const answer = error as Partial<ApiError>;
      if (typeof answer.status === 'number' && answer.status < 500) {
        const message = answer.detail ?? 'This activity file could not be read';
        show(kind, { state: 'refused', message });
        toast({ title: 'Activity File Refused', description: message, variant: 'destructive' });
        return false;
      }
      // The reader was busy or away: validation reads the file again and decides.
      show(kind, { state: 'unchecked' });
      return true;
    }
  }

  return { readouts, check, clear: (kind: ProofKind) => show(kind, undefined) };
}

/** What an activity file showed, each rule with its reason, or why it could not be read. */
export function ActivityReadout({ readout }: { readout: Readout }) {
  switch (readout.state) {
    case 'reading':
      return (
        <p className="activity-readout" role="status">
          READING_FILE...
        </p>
      );
    case 'unchecked':
      return <p className="activity-readout">Not read yet: the file is checked when you validate</p>;
    case 'refused':
      return (
        <p className="activity-readout activity-readout--refused" role="alert">
          {readout.message}
        </p>
      );
    case 'read': {
      const { activity, checks, accepted } = readout.verdict;
      return (
        <div className="activity-readout" aria-live="polite">
          <p className="activity-readout__facts">{activityFacts(activity)}</p>
          <p className="activity-readout__source">{activitySource(activity)}</p>
          <ul className="activity-readout__checks" aria-label={accepted ? 'Activity accepted' : 'Activity refused'}>
            {checks.map((c) => (
              <li key={c.name} className={c.passed ? 'activity-readout__ok' : 'activity-readout__fail'}>
                <span aria-hidden="true">{c.passed ? '✓' : '✗'}</span> {c.reason}
              </li>
            ))}
          </ul>
        </div>
      );
    }
  }
}
