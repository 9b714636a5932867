import { type ReactNode, useRef } from 'react';
import type { ProofSlotSpec } from './proofSlots';

interface ProofSlotProps {
  slot: ProofSlotSpec;
  uploaded: boolean;
  /** 0–100 while uploading, undefined otherwise. */
  progress: number | undefined;
  disabled: boolean;
  onFile: (file: File) => void;
  /** What was read from the slot's file (an activity file's figures and checks). */
  detail?: ReactNode;
}

/**
 * One proof: its name and hint, UPLOAD (a file picker, one file) turning UPLOADED, and the upload's
 * progress. An UPLOADED slot can still be clicked to replace its file (e.g. after a refused check).
 */
export function ProofSlot({ slot, uploaded, progress, disabled, onFile, detail }: ProofSlotProps) {
  const picker = useRef<HTMLInputElement>(null);
  const uploading = progress !== undefined;
  return (
    <li className={`proof-slot${uploaded ? ' proof-slot--done' : ''}`}>
      <div className="proof-slot__text">
        <p className="proof-slot__name">{slot.name}</p>
        <p className="proof-slot__hint">{slot.hint}</p>
        {uploading && (
          <div className="proof-slot__bar" role="progressbar" aria-label={`${slot.name} upload`} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${progress}%` }} />
          </div>
        )}
        {detail}
      </div>
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
        type="button"
        className={`btn btn--small ${uploaded ? 'btn--secondary proof-slot__done' : 'btn--primary'}`}
        disabled={disabled}
        // Not `disabled` while uploading: a disabled button drops keyboard focus to the page.
        aria-disabled={uploading || undefined}
        title={uploaded ? 'Replace this file' : undefined}
        onClick={() => !uploading && picker.current?.click()}
        aria-label={`${uploaded ? 'UPLOADED' : 'UPLOAD'} ${slot.name}`}
      >
        {uploaded ? 'UPLOADED' : uploading ? `${progress}%` : 'UPLOAD'}
      </button>
    </li>
  );
}
