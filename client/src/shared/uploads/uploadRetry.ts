/**
 * SPEC §9: the upload widget retries a PUT answered 408, 409, 429, 418 or 423, or any 5xx except
 * 501 and 505 (Uppy's XHR defaults; its S3 plugin sends a single PUT without retries). A retry is
 * useful before the server took the signed URL (a proxy's 502 while the API restarts); once
 * taken, the single-use URL answers 403 and the failure reaches the user.
 */
const RETRY_STATUSES = new Set([408, 409, 429, 418, 423]);

/** Uppy's default waits before each retry. */
export const RETRY_DELAYS_MS = [1000, 3000, 5000];

export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return false;
  return RETRY_STATUSES.has(status) || (status >= 500 && status < 600 && status !== 501 && status !== 505);
}

const statusOf = (error: unknown) => (error as { source?: { status?: number } } | null)?.source?.status;

/** Runs `send`, again after each delay while it fails with a retryable status. */
export async function withRetries<T>(send: () => Promise<T>, delays: readonly number[] = RETRY_DELAYS_MS, wait = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      if (attempt >= delays.length || !isRetryableStatus(statusOf(error))) throw error;
      await wait(delays[attempt]);
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
