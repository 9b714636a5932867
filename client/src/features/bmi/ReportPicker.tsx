import type { UploadUrlResponse } from '@contract';
import { describeBytes, UPLOAD_PURPOSES } from '@contract/values';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';

import { retryText, sendFile, UploadError } from '../../shared/uploads/sendFile';
import { REPORT_PICKER_NOTE } from './bmi.logic';

/** docs/product.md: the picker's size and its thumbnails' width (the embedded upload widget's defaults). */
export const PICKER = { width: 750, height: 550, thumbnailWidth: 280 } as const;

/** docs/product.md: a report is one PDF, JPEG or PNG of at most 10 MB (the server's own limits). */
export const { maxBytes: REPORT_MAX_BYTES, allowedTypes: REPORT_TYPES } = UPLOAD_PURPOSES.bmi_report;

/** Why this file cannot be sent as a report, said before anything is uploaded; null when it can. */
export function reportProblem(file: { size?: number | null; type?: string }): string | null {
  if (!(REPORT_TYPES as readonly string[]).includes(file.type ?? ''))
    return 'Send the report as a PDF, JPEG or PNG file';
  if ((file.size ?? 0) > REPORT_MAX_BYTES) return 'The file is larger than 10 MB';
  return null;
}

interface ReportPickerProps {
  /** Where to send this file (POST /api/bmi/upload-url); its error's message is shown. */
  getUploadUrl: (file: { size: number }) => Promise<UploadUrlResponse>;
  /** The file is stored: its upload URL is the fileUrl to analyse. */
  onUploaded: (fileUrl: string) => void;
  /** No file was stored; `reason` says why when the picker or the server did (too large, wrong type…). */
  onFailed: (reason?: string) => void;
}

type Sending = { percent: number; retry?: { attempt: number; of: number } };

/**
 * One report, dropped or browsed for, shown as a file card, sent on "Upload 1 file" by the upload
 * stack every picker uses (sendFile: in parts, resumed and retried on the product's statuses). A new
 * picker is mounted for every attempt, so a failure starts from an empty one.
 */
export function ReportPicker({ getUploadUrl, onUploaded, onFailed }: ReportPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [dragging, setDragging] = useState(false);

  function pick(picked: File | undefined) {
    if (!picked) return;
    const problem = reportProblem(picked);
    if (problem) onFailed(problem);
    else setFile(picked);
  }

  async function upload(report: File) {
    setSending({ percent: 0 });
    let target: UploadUrlResponse;
    try {
      target = await getUploadUrl({ size: report.size });
    } catch (error) {
      return onFailed((error as Error).message);
    }
    try {
      await sendFile(target, report, {
        onProgress: (percent) => setSending({ percent }),
        onRetry: (attempt, of) => setSending((now) => ({ percent: now?.percent ?? 0, retry: { attempt, of } })),
      });
    } catch (error) {
      return onFailed(error instanceof UploadError ? error.message : undefined);
    }
    onUploaded(target.uploadURL);
  }

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!sending) pick(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`bmi-picker${dragging ? ' bmi-picker--dragging' : ''}`}
      data-testid="bmi-picker"
      style={{ width: PICKER.width, height: PICKER.height }}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <input
        ref={input}
        type="file"
        accept={REPORT_TYPES.join(',')}
        hidden
        data-testid="bmi-report-input"
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {file ? (
        <>
          <ul className="bmi-picker__files">
            <li className="bmi-picker__file">
              <Thumbnail file={file} />
              <span className="bmi-picker__name">{file.name}</span>
              <span className="muted">{describeBytes(file.size)}</span>
            </li>
          </ul>
          {sending ? (
            <div className="bmi-picker__status">
              <progress max={100} value={sending.percent} aria-label={`${file.name} upload`} />
              <span>Uploading {sending.percent}%</span>
            </div>
          ) : (
            <div className="bmi-picker__actions">
              <button type="button" className="btn btn--primary" onClick={() => void upload(file)}>
                Upload 1 file
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => setFile(null)}>
                Remove file
              </button>
            </div>
          )}
          {/* Always there, so the retry is announced when it starts (the dialog's status is the failure's). */}
          <p className="bmi-picker__retry" aria-live="polite">
            {sending?.retry && retryText(sending.retry)}
          </p>
        </>
      ) : (
        <div className="bmi-picker__empty">
          <p className="bmi-picker__title">
            Drop files here or{' '}
            <button type="button" className="bmi-picker__browse" onClick={() => input.current?.click()}>
              browse files
            </button>
          </p>
          <p className="bmi-picker__note">{REPORT_PICKER_NOTE}</p>
        </div>
      )}
    </div>
  );
}

/** An image's own preview at the thumbnail width, or its type's name (a PDF). */
function Thumbnail({ file }: { file: File }) {
  const src = useMemo(() => (file.type.startsWith('image/') ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (src && URL.revokeObjectURL(src)), [src]);
  if (src) return <img className="bmi-picker__thumb" src={src} alt="" width={PICKER.thumbnailWidth} />;
  return (
    <span className="bmi-picker__thumb bmi-picker__thumb--type" aria-hidden="true">
      {file.type.split('/')[1].toUpperCase()}
    </span>
  );
}
