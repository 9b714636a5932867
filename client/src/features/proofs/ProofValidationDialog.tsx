import type { ProofKind, ProofValidationResult, UploadUrlResponse } from '@contract';
import { useCallback, useRef, useState } from 'react';

import { describeError } from '../../api/api';
import { useHoldUpdate } from '../../app/appUpdate';
import { useToast } from '../../app/toast/useToast';
import { sendFile, UploadError, worthRetrying } from '../../shared/uploads/sendFile';
import { browserTimeZone, formatDays } from '../../ui/dates';
import { Dialog } from '../../ui/Dialog';
import { useGetUserQuery } from '../auth/authApi';
import { ProofCheckDetail, useProofChecks } from './ProofCheckReadout';
import { useCreateProofUploadUrlMutation, useGetProofChallengeQuery, useValidateProofsMutation } from './proofsApi';
import { ProofSlot } from './ProofSlot';
import {
  checkPickedFile,
  PROOF_RULES,
  PROOF_SLOTS,
  PROOFS_REQUIRED,
  type ProofSlotSpec,
  type SlotUpload,
  validationFailureText,
} from './proofSlots';

import './proofs.css';

/** The server refused the file itself (too large, not an accepted type): sending it again cannot help. */
const refusesFile = (error: unknown) => error instanceof UploadError && (error.status === 413 || error.status === 415);

interface ProofValidationDialogProps {
  onClose: () => void;
}

/** DAILY_PROOF_VALIDATION (docs/product.md): three uploads, then one validation, then the result view. */
export default function ProofValidationDialog({ onClose }: ProofValidationDialogProps) {
  const { toast } = useToast();
  const { data: user } = useGetUserQuery();
  const [timeZone] = useState(browserTimeZone);
  // Asked again on each opening: the code and "validated today" change at midnight.
  const { data: challenge } = useGetProofChallengeQuery(timeZone, { refetchOnMountOrArgChange: true });
  const [createUploadUrl] = useCreateProofUploadUrlMutation();
  const [validate, { isLoading: validating }] = useValidateProofsMutation();
  // The ref is the truth while uploads run in parallel; the state renders it.
  const uploads = useRef<Partial<Record<ProofKind, string>>>({});
  const [uploaded, setUploaded] = useState<Partial<Record<ProofKind, string>>>({});
  const [slotUploads, setSlotUploads] = useState<Partial<Record<ProofKind, SlotUpload>>>({});
  const [result, setResult] = useState<ProofValidationResult | null>(null);
  const checks = useProofChecks(timeZone);
  // Its uploads and the proofs it holds for validation live only here: a new build's reload waits.
  useHoldUpdate();

  const pendingCredits = user?.pendingCredits ?? 0;
  const validatedToday = challenge?.validatedToday ?? false;
  const count = Object.keys(uploaded).length;
  const setSlot = useCallback(
    (kind: ProofKind, next: (current: SlotUpload | undefined) => SlotUpload | undefined) =>
      setSlotUploads((all) => ({ ...all, [kind]: next(all[kind]) })),
    [],
  );

  /** Sends `file` for `slot`: to a new upload URL, or on from where `resumeAt` stopped (RETRY). */
  async function upload(slot: ProofSlotSpec, file: File, resumeAt?: UploadUrlResponse) {
    const picked = checkPickedFile(slot, file);
    if (picked.problem) {
      toast({ title: 'Upload Failed', description: picked.problem, variant: 'destructive' });
      return;
    }
    setSlot(slot.kind, () => ({ phase: 'sending', percent: 0 }));
    checks.clear(slot.kind);
    let target = resumeAt;
    try {
      // An activity file names its format, so its upload takes only that format (checked on arrival).
      const named = picked.activityFile ? { fileName: file.name, contentType: file.type } : {};
      target ??= await createUploadUrl({ kind: slot.kind, size: file.size, ...named }).unwrap();
      await sendFile(target, file, {
        resume: resumeAt !== undefined,
        onProgress: (percent) => setSlot(slot.kind, () => ({ phase: 'sending', percent })),
        onRetry: (attempt, of) =>
          setSlot(slot.kind, (now) => ({
            phase: 'sending',
            percent: now?.phase === 'sending' ? now.percent : 0,
            retry: { attempt, of },
          })),
      });
      setSlot(slot.kind, () => undefined);
      const accepted = await checks.check(slot, target.uploadURL);
      // Another file replaced this one while it was checked: that file's own check decides the slot.
      if (accepted === null) return;
      if (!accepted) {
        // A refused file does not prove the slot, whatever it replaced.
        uploads.current = { ...uploads.current };
        delete uploads.current[slot.kind];
        setUploaded(uploads.current);
        return;
      }
      uploads.current = { ...uploads.current, [slot.kind]: target.uploadURL };
      setUploaded(uploads.current);
      toast({
        title: `${slot.label} Uploaded`,
        description: `${Object.keys(uploads.current).length} of ${PROOFS_REQUIRED} proofs uploaded`,
      });
    } catch (error) {
      const reason = error instanceof UploadError ? error.message : describeError(error, 'Upload Failed').description;
      const resumable = worthRetrying(error) ? target : undefined;
      setSlot(slot.kind, () => ({ phase: 'failed', reason, file, resumeAt: resumable, canRetry: !refusesFile(error) }));
      toast({ title: 'Upload Failed', description: reason, variant: 'destructive' });
    }
  }

  async function validateAll() {
    try {
      const answer = await validate({ proofs: uploaded, timeZone }).unwrap();
      setResult(answer);
      toast({ title: 'Validation Successful', description: `${answer.coinsValidated} coins have been validated!` });
    } catch (error) {
      toast({ title: 'Validation Failed', description: validationFailureText(error), variant: 'destructive' });
    }
  }

  return (
    <Dialog title="DAILY_PROOF_VALIDATION" onClose={onClose}>
      {result ? (
        <div className="proof-result" aria-live="polite">
          <p className="proof-result__title">PROOFS_VALIDATED</p>
          <dl className="proof-stats">
            <div>
              <dt>COINS_VALIDATED</dt>
              <dd className="accent">+{result.coinsValidated}</dd>
            </div>
            <div>
              <dt>NEW_BALANCE</dt>
              <dd>{result.newBalance}</dd>
            </div>
            <div>
              <dt>NEW_STREAK</dt>
              <dd>{formatDays(result.newStreak)}</dd>
            </div>
          </dl>
          {/* The form it replaces is gone: focus comes here rather than falling to the page. */}
          <button type="button" className="btn btn--primary btn--block" onClick={onClose} autoFocus>
            CLOSE
          </button>
        </div>
      ) : (
        <>
          <dl className="proof-stats">
            <div>
              <dt>PROGRESS</dt>
              <dd data-testid="proof-progress">
                {count}/{PROOFS_REQUIRED}
              </dd>
            </div>
            <div>
              <dt>PENDING_COINS</dt>
              <dd className="accent" data-testid="proof-pending">
                {pendingCredits}
              </dd>
            </div>
            <div>
              <dt>CURRENT_STREAK</dt>
              <dd>{formatDays(user?.currentStreak ?? 0)}</dd>
            </div>
          </dl>

          <ul className="proof-rules">
            {PROOF_RULES.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>

          <p className="proof-challenge">
            TODAY'S_CODE <strong data-testid="proof-challenge">{challenge?.code ?? '······'}</strong>
            <span className="muted">Show it in your selfie and video</span>
          </p>
          {validatedToday && (
            <p id="proof-upload-reason" className="proof-note">
              Today's proofs are already validated. Come back tomorrow.
            </p>
          )}
          {pendingCredits === 0 && !validatedToday && (
            <p id="proof-upload-reason" className="proof-note">
              No pending credits yet: complete a workout first.
            </p>
          )}

          <ul className="proof-slots">
            {PROOF_SLOTS.map((slot) => (
              <ProofSlot
                key={slot.kind}
                slot={slot}
                uploaded={slot.kind in uploaded}
                upload={slotUploads[slot.kind]}
                disabled={pendingCredits === 0 || validatedToday}
                disabledReasonId="proof-upload-reason"
                onFile={(file) => void upload(slot, file)}
                onRetry={() => {
                  const failed = slotUploads[slot.kind];
                  if (failed?.phase === 'failed') void upload(slot, failed.file, failed.resumeAt);
                }}
                detail={
                  checks.readouts[slot.kind] && <ProofCheckDetail slot={slot} readout={checks.readouts[slot.kind]!} />
                }
              />
            ))}
          </ul>

          {count === PROOFS_REQUIRED && (
            <button
              type="button"
              className="btn btn--primary btn--block"
              onClick={() => !validating && void validateAll()}
              aria-disabled={validating}
            >
              {validating ? 'VALIDATING...' : 'VALIDATE_ALL_PROOFS'}
            </button>
          )}
        </>
      )}
    </Dialog>
  );
}
