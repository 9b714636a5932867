import { UPLOAD_PURPOSES } from '@contract/values';
import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import { useEffect, useEffectEvent, useRef } from 'react';

import { serverReason } from '../../api/serverReason';
import { withRetries } from '../../shared/uploads/uploadRetry';
import { REPORT_PICKER_NOTE } from './bmi.logic';

import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';

/** docs/product.md: the embedded widget's defaults (Uppy's own: 750 × 550, thumbnails 280 wide). */
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
  /** The signed URL to PUT this file to (POST /api/bmi/upload-url); its error's message is shown. */
  getUploadUrl: (file: { size: number }) => Promise<string>;
  /** The file is stored: its upload URL is the fileUrl to analyse. */
  onUploaded: (fileUrl: string) => void;
  /** No file was stored; `reason` says why when the picker or the server did (too large, wrong type…). */
  onFailed: (reason?: string) => void;
}

/**
 * Uppy's dashboard, one file, sent in a single PUT to the server's signed URL (the S3 plugin in
 * non-multipart mode does exactly that, with progress), retried on the product’s statuses. A new picker
 * is mounted for every attempt, so a failure starts from an empty one.
 */
export function ReportPicker({ getUploadUrl, onUploaded, onFailed }: ReportPickerProps) {
  const target = useRef<HTMLDivElement>(null);
  // The latest callbacks, for the Uppy instance that lives as long as the picker.
  const uploadUrlFor = useEffectEvent(getUploadUrl);
  const reportUploaded = useEffectEvent(onUploaded);
  const reportFailed = useEffectEvent(onFailed);

  useEffect(() => {
    const uploadUrls = new Map<string, string>();
    let failure: string | undefined;
    const uppy = new Uppy({
      restrictions: { maxNumberOfFiles: 1 },
      onBeforeFileAdded: (file) => {
        const problem = reportProblem(file);
        if (problem) reportFailed(problem);
        return !problem;
      },
    })
      .use(Dashboard, {
        inline: true,
        target: target.current!,
        ...PICKER,
        theme: 'dark',
        // One report shows as a file card, not Uppy's screen-filling preview (a huge red PDF icon).
        singleFileFullScreen: false,
        proudlyDisplayPoweredByUppy: false,
        note: REPORT_PICKER_NOTE,
      })
      .use(AwsS3, {
        shouldUseMultipart: false,
        uploadPartBytes: (options) => withRetries(() => AwsS3.uploadPartBytes(options)),
        getUploadParameters: async (file) => {
          const url = await uploadUrlFor({ size: file.size ?? 0 }).catch((error: Error) => {
            failure = error.message;
            throw error;
          });
          uploadUrls.set(file.id, url);
          return { method: 'PUT', url, headers: { 'Content-Type': file.type || 'application/octet-stream' } };
        },
      });
    uppy.on('upload-error', (_file, error) => {
      // A refused PUT carries its response (Uppy's S3 plugin keeps the XHR as `source`).
      const response = (error as { source?: XMLHttpRequest }).source;
      failure = (response && serverReason(response)) ?? failure;
    });
    uppy.on('complete', (result) => {
      const uploaded = result.successful?.[0];
      const fileUrl = uploaded && uploadUrls.get(uploaded.id);
      if (fileUrl) reportUploaded(fileUrl);
      else reportFailed(failure);
    });
    const stopMending = mendFileListRole(target.current!);
    return () => {
      stopMending();
      uppy.destroy();
    };
  }, []);

  return <div ref={target} className="bmi-picker" data-testid="bmi-picker" />;
}

/**
 * Uppy 5 draws a one-file list as a role=listitem with no role=list around it (a critical axe
 * finding, and screen readers announce no list): the list gets its role whenever Uppy draws it.
 */
function mendFileListRole(root: HTMLElement): () => void {
  const mend = () =>
    root.querySelectorAll('.uppy-Dashboard-files:not([role])').forEach((list) => list.setAttribute('role', 'list'));
  const observer = new MutationObserver(mend);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
