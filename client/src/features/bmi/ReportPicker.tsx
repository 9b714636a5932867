import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { useEffect, useRef } from 'react';
import { withRetries } from '../../shared/uploads/uploadRetry';
import { REPORT_PICKER_NOTE } from './bmi.logic';

/** SPEC §9: the embedded widget's defaults (Uppy's own: 750 × 550, thumbnails 280 wide). */
export const PICKER = { width: 750, height: 550, thumbnailWidth: 280 } as const;

interface ReportPickerProps {
  /** The signed URL to PUT this file to (POST /api/bmi/upload-url). */
  getUploadUrl: (file: { size: number }) => Promise<string>;
  /** The file is stored: its upload URL is the fileUrl to analyse. */
  onUploaded: (fileUrl: string) => void;
  onFailed: () => void;
}

/**
 * Uppy's dashboard, one file, sent in a single PUT to the server's signed URL (the S3 plugin in
 * non-multipart mode does exactly that, with progress), retried on SPEC's statuses. A new picker
 * is mounted for every attempt, so a failure starts from an empty one.
 */
export function ReportPicker({ getUploadUrl, onUploaded, onFailed }: ReportPickerProps) {
  const target = useRef<HTMLDivElement>(null);
  // Latest callbacks, read by the Uppy instance that lives as long as the picker.
  const props = useRef({ getUploadUrl, onUploaded, onFailed });
  props.current = { getUploadUrl, onUploaded, onFailed };

  useEffect(() => {
    const uploadUrls = new Map<string, string>();
    const uppy = new Uppy({ restrictions: { maxNumberOfFiles: 1 } })
      .use(Dashboard, {
        inline: true,
        target: target.current!,
        ...PICKER,
        theme: 'dark',
        proudlyDisplayPoweredByUppy: false,
        note: REPORT_PICKER_NOTE,
      })
      .use(AwsS3, {
        shouldUseMultipart: false,
        uploadPartBytes: (options) => withRetries(() => AwsS3.uploadPartBytes(options)),
        getUploadParameters: async (file) => {
          const url = await props.current.getUploadUrl({ size: file.size ?? 0 });
          uploadUrls.set(file.id, url);
          return { method: 'PUT', url, headers: { 'Content-Type': file.type || 'application/octet-stream' } };
        },
      });
    uppy.on('complete', (result) => {
      const uploaded = result.successful?.[0];
      const fileUrl = uploaded && uploadUrls.get(uploaded.id);
      if (fileUrl) props.current.onUploaded(fileUrl);
      else props.current.onFailed();
    });
    return () => uppy.destroy();
  }, []);

  return <div ref={target} className="bmi-picker" data-testid="bmi-picker" />;
}
