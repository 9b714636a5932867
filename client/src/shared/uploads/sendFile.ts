import type { UploadProgress, UploadUrlResponse } from '@contract';

import { serverReason } from '../../api/serverReason';
import { isRetryableStatus, sleep, withRetries } from './uploadRetry';

/**
 * A failed upload; the message is the server's text when it answered its error shape. `status`:
 * the server's answer, if one came; `connectionLost`: none came (the connection dropped or went silent).
 */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly connectionLost = false,
  ) {
    super(message);
  }
}

/** A failure the same upload may get past on another attempt: a lost connection or a retryable status (docs/product.md). */
export const worthRetrying = (error: unknown): boolean =>
  error instanceof UploadError && (error.connectionLost || isRetryableStatus(error.status));

/** A part sent to this server: a dropped part costs at most this much again when the server kept nothing of it (a buffering proxy). */
export const PART_BYTES = 5 * 1024 * 1024;

/** The waits before the retries after a failure: five, backing off, 31 s in all (past the server's 20 s idle cut-off). */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];

/** No byte leaving and no answer for this long: the connection is lost (a phone losing its network often reports nothing). */
export const STALL_MS = 15_000;

/** What a picker says while a lost connection is retried. */
export const retryText = ({ attempt, of }: { attempt: number; of: number }) =>
  `Connection lost — retrying (${attempt}/${of})…`;

/** Resolves once the browser says it has a network: at once when it has. */
export function untilOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** A retry's wait, then as long as the browser is offline: a phone without a network spends no retries. */
const waitForRetry = (ms: number) => sleep(ms).then(untilOnline);

export interface SendFileOptions {
  /** 0–100 of the whole file, counting what the server already holds. */
  onProgress: (percent: number) => void;
  /** The connection was lost (or the server asked to try later): retry `retry` of `of` comes after a wait. */
  onRetry?: (retry: number, of: number) => void;
  /** Continue an upload begun earlier on this URL from what it holds. */
  resume?: boolean;
  delays?: readonly number[];
  wait?: (ms: number) => Promise<void>;
  stallMs?: number;
  partBytes?: number;
}

/**
 * Sends a file to the upload URL of POST …/upload-url in parts, retrying after a dropped
 * connection: to the URL itself (PATCH with Content-Range, the disk driver) or, when the answer
 * names part URLs, each part by a PUT to its own (S3's multipart upload). Each retry first asks
 * the upload URL how much it holds (GET), so the upload continues from there. Each part gets its
 * own retries: a long upload over a flaky link survives as many drops as it meets, as long as each
 * is mended within the retries; while the browser reports no network a retry waits for it, however long.
 */
export async function sendFile(target: UploadUrlResponse, file: Blob, options: SendFileOptions): Promise<void> {
  const { onProgress, onRetry, delays = UPLOAD_RETRY_DELAYS_MS, wait = waitForRetry, stallMs = STALL_MS } = options;
  const retrying = { delays, wait, onRetry, isRetryable: worthRetrying };
  const percent = (bytes: number) => onProgress(Math.floor((bytes / file.size) * 100));
  const { parts } = target;
  const partBytes = parts?.bytes ?? options.partBytes ?? PART_BYTES;
  // The store does not answer for the whole file: it is up once its last part is.
  const done = (at: UploadProgress) => at.finished || (parts !== undefined && at.received >= file.size);
  let held: UploadProgress = { received: 0, finished: false, sha256: null };
  let askFirst = options.resume ?? false;
  while (!done(held)) {
    held = await withRetries(async (attempt) => {
      const at = attempt > 0 || askFirst ? await whereItStands(target.uploadURL, stallMs) : held;
      if (done(at)) return at;
      percent(at.received);
      const end = Math.min(at.received + partBytes, file.size);
      const body = file.slice(at.received, end);
      const onSent = (bytes: number) => percent(at.received + bytes);
      if (parts) {
        await request('PUT', parts.urls[at.received / partBytes], stallMs, { body, type: file.type, onSent });
        return { received: end, finished: false, sha256: null };
      }
      const answer = await request('PATCH', target.uploadURL, stallMs, {
        body,
        type: 'application/offset+octet-stream',
        range: `bytes ${at.received}-${end - 1}/${file.size}`,
        onSent,
      });
      return JSON.parse(answer) as UploadProgress;
    }, retrying);
    askFirst = false;
  }
  onProgress(100);
}

async function whereItStands(uploadURL: string, stallMs: number): Promise<UploadProgress> {
  return JSON.parse(await request('GET', uploadURL, stallMs)) as UploadProgress;
}

interface Body {
  body: Blob;
  type: string;
  range?: string;
  /** Bytes of the body sent so far. */
  onSent: (bytes: number) => void;
}

/**
 * One XHR (fetch has no upload progress), answering the response text of a 2xx. Fails with the
 * server's reason and status, or with no status when the connection drops or stays silent for `stallMs`.
 */
function request(method: 'GET' | 'PUT' | 'PATCH', url: string, stallMs: number, send?: Body): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: () => void) => {
      clearTimeout(stall);
      outcome();
    };
    const lost = () => new UploadError('The connection was lost before the upload finished', undefined, true);
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        xhr.abort();
        reject(lost());
      }, stallMs);
    };
    xhr.open(method, url);
    if (send) {
      xhr.setRequestHeader('Content-Type', send.type || 'application/octet-stream');
      if (send.range) xhr.setRequestHeader('Content-Range', send.range);
      xhr.upload.onprogress = (event) => {
        watch();
        send.onSent(event.loaded);
      };
    }
    xhr.onprogress = watch;
    xhr.onload = () =>
      settle(() =>
        xhr.status >= 200 && xhr.status < 300
          ? resolve(xhr.responseText)
          : reject(new UploadError(serverReason(xhr) ?? 'Please try again', xhr.status)),
      );
    xhr.onerror = () => settle(() => reject(lost()));
    watch();
    xhr.send(send?.body ?? null);
  });
}
