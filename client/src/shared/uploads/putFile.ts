import { serverReason } from '../../api/serverReason';

/** A failed upload; the message is the server's text when it answered its error shape. */
export class UploadError extends Error {}

const failure = (xhr: XMLHttpRequest) => new UploadError(serverReason(xhr) ?? 'Please try again');

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
