import type { ProofCheckResult, ProofKind } from '@contract';
import { useCallback, useRef, useState } from 'react';

import type { ApiError } from '../../api/api';
import { useToast } from '../../app/toast/useToast';
import { activityFacts, activitySource } from '../activities/activityFacts';
import { useUnits } from '../profile/useUnits';
import { useCheckProofMutation } from './proofsApi';
import type { ProofSlotSpec } from './proofSlots';

/** Where the check of a slot's uploaded file stands. */
export type ProofCheckReadout =
  | { state: 'checking' }
  | { state: 'checked'; result: ProofCheckResult }
  | { state: 'refused'; message: string }
  | { state: 'unchecked' };

/**
 * Checks each slot's file as soon as it is uploaded (POST /api/proof/check: the checks validation
 * runs, which it then reuses), so the dialog shows what was checked and, on refusal, why, before
 * VALIDATE_ALL_PROOFS. `check` answers whether the file may count as the slot's proof, or null
 * when another file replaced it meanwhile.
 */
export function useProofChecks(timeZone: string) {
  const { toast } = useToast();
  const [checkProof] = useCheckProofMutation();
  const [readouts, setReadouts] = useState<Partial<Record<ProofKind, ProofCheckReadout>>>({});
  // Each slot's latest check: a slower answer about a file since replaced is dropped.
  const checking = useRef<Partial<Record<ProofKind, object>>>({});
  const show = useCallback(
    (kind: ProofKind, readout: ProofCheckReadout | undefined) => setReadouts((r) => ({ ...r, [kind]: readout })),
    [],
  );

  function settle(slot: ProofSlotSpec, attempt: object, readout: ProofCheckReadout, refusal?: string): boolean | null {
    if (checking.current[slot.kind] !== attempt) return null;
    show(slot.kind, readout);
    if (refusal) toast({ title: `${slot.label} Refused`, description: refusal, variant: 'destructive' });
    return refusal === undefined;
  }

  async function check(slot: ProofSlotSpec, fileUrl: string): Promise<boolean | null> {
    const attempt = {};
    checking.current[slot.kind] = attempt;
    show(slot.kind, { state: 'checking' });
    try {
      const result = await checkProof({ kind: slot.kind, fileUrl, timeZone }).unwrap();
      return settle(
        slot,
        attempt,
        { state: 'checked', result },
        result.accepted ? undefined : result.checks.find((c) => !c.passed)?.reason,
      );
    } catch (error) {
      const answer = error as Partial<ApiError>;
      if (typeof answer.status === 'number' && answer.status < 500) {
        const message = answer.detail ?? 'This file could not be checked';
        return settle(slot, attempt, { state: 'refused', message }, message);
      }
      // The checker was busy or away: validation checks the file again and decides.
      return settle(slot, attempt, { state: 'unchecked' });
    }
  }

  function clear(kind: ProofKind) {
    delete checking.current[kind];
    show(kind, undefined);
  }

  return { readouts, check, clear };
}

/** What a slot's file was checked for, each check with a pass/fail mark and its reason; on refusal, what to do. */
export function ProofCheckDetail({ slot, readout }: { slot: ProofSlotSpec; readout: ProofCheckReadout }) {
  const units = useUnits();
  switch (readout.state) {
    case 'checking':
      return <p className="proof-check">CHECKING...</p>;
    case 'unchecked':
      return <p className="proof-check">Not checked yet: the file is checked when you validate</p>;
    case 'refused':
      return (
        <div className="proof-check">
          <p className="proof-check__fail">{readout.message}</p>
          <ReplaceHint />
        </div>
      );
    case 'checked': {
      const { activity, checks, accepted } = readout.result;
      return (
        <div className="proof-check">
          {activity && (
            <>
              <p className="proof-check__facts">{activityFacts(activity, units)}</p>
              <p>{activitySource(activity)}</p>
            </>
          )}
          <ul className="proof-check__list" aria-label={`${slot.label} ${accepted ? 'accepted' : 'refused'}`}>
            {checks.map((c) => (
              <li key={c.name} className={c.passed ? 'proof-check__ok' : 'proof-check__fail'}>
                <span aria-hidden="true">{c.passed ? '✓' : '✗'}</span> {c.reason}
                <span className="visually-hidden">{c.passed ? ' (passed)' : ' (failed)'}</span>
              </li>
            ))}
          </ul>
          {!accepted && <ReplaceHint />}
        </div>
      );
    }
  }
}

/** A refused file stays refused: the slot needs another one. */
const ReplaceHint = () => <p className="proof-check__hint">Pick another file to replace it.</p>;
