import { type ReactNode, useRef } from 'react';

import { retryText } from '../../shared/uploads/sendFile';
import type { ProofSlotSpec, SlotUpload } from './proofSlots';

interface ProofSlotProps {
  slot: ProofSlotSpec;
  uploaded: boolean;
  /** The upload under way or the last one's failure; undefined otherwise. */
  upload: SlotUpload | undefined;
  disabled: boolean;
  /** The element saying why the slot is disabled (its accessible description while it is). */
  disabledReasonId?: string;
  onFile: (file: File) => void;
  /** RETRY after a failure: the same file again, from where it stopped when the server kept its start. */
  onRetry: () => void;
  /** What the slot's file was checked for and what the checks found (an activity file's figures too). */
  detail?: ReactNode;
}

/**
 * One proof: its name and hint, UPLOAD (a file picker, one file) turning UPLOADED, and the upload's
 * progress; while a lost connection is retried it says so, and after the last retry it shows why
 * it failed with RETRY. Its file's check follows the upload; a refused file leaves the slot to
 * UPLOAD again, and an UPLOADED slot can still be clicked to replace its file.
 */
export function ProofSlot({
  slot,
  uploaded,
  upload,
  disabled,
  disabledReasonId,
  onFile,
  onRetry,
  detail,
}: ProofSlotProps) {
  const picker = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const sending = upload?.phase === 'sending' ? upload : undefined;
  const failed = upload?.phase === 'failed' ? upload : undefined;
  return (
    <li className={`proof-slot${uploaded ? ' proof-slot--done' : ''}${failed ? ' proof-slot--failed' : ''}`}>
      <div className="proof-slot__text">
        <p className="proof-slot__name">{slot.name}</p>
        <p className="proof-slot__hint">{slot.hint}</p>
        {sending && (
          <div
            className="proof-slot__bar"
            role="progressbar"
            aria-label={`${slot.name} upload`}
            aria-valuenow={sending.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${sending.percent}%` }} />
          </div>
        )}
        {/* Always there, so the retry is announced when it starts (a live region added with its text may be missed). */}
        <p className="proof-slot__status" role="status">
          {sending?.retry && retryText(sending.retry)}
        </p>
        {failed && <p className="proof-slot__error">{failed.reason}</p>}
        {/* Always there, so each step of the check (checking, then its results) is announced. */}
        <div className="proof-slot__check" aria-live="polite">
          {detail}
        </div>
      </div>
      <div className="proof-slot__actions">
        {failed?.canRetry && (
          <button
            type="button"
            className="btn btn--small btn--primary"
            aria-label={`RETRY ${slot.name}`}
            onClick={() => {
              // RETRY goes away while the upload runs: focus stays in the slot, on the button showing its progress.
              uploadButton.current?.focus();
              onRetry();
            }}
          >
            RETRY
          </button>
        )}
        <input
          ref={picker}
          type="file"
          accept={slot.accept}
          capture={slot.capture}
          hidden
          data-testid={`${slot.kind}-input`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <button
          ref={uploadButton}
          type="button"
          className={`btn btn--small ${uploaded ? 'btn--secondary proof-slot__done' : failed?.canRetry ? 'btn--secondary' : 'btn--primary'}`}
          disabled={disabled}
          aria-describedby={disabled ? disabledReasonId : undefined}
          // Not `disabled` while uploading: a disabled button drops keyboard focus to the page.
          aria-disabled={sending ? true : undefined}
          title={uploaded ? 'Replace this file' : undefined}
          onClick={() => !sending && picker.current?.click()}
          aria-label={`${uploaded ? 'UPLOADED' : 'UPLOAD'} ${slot.name}`}
        >
          {uploaded ? 'UPLOADED' : sending ? `${sending.percent}%` : 'UPLOAD'}
        </button>
      </div>
    </li>
  );
}
