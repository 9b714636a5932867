import type { ErrorBody } from '@contract';

/** A failed upload; the message is the server's text when it answered its error shape. */
export class UploadError extends Error {}

function failure(xhr: XMLHttpRequest): UploadError {
  try {
    const body = JSON.parse(xhr.responseText) as Partial<ErrorBody>;
    if (typeof body.message === 'string') return new UploadError(body.message);
  } catch {
    // not the server's error shape
  }
  return new UploadError('Please try again');
}

/**
 * PUTs a file to a signed upload URL in one shot (SPEC §7), reporting progress 0–100. XHR rather
 * than fetch: fetch has no upload progress events.
 */
export function putFile(uploadURL: string, file: Blob, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadURL);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(failure(xhr)));
    xhr.onerror = () => reject(new UploadError('The upload was interrupted. Please try again'));
    xhr.send(file);
  });
}
