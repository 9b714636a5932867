/**
 * docs/product.md: an upload retries a part answered 408, 409, 429, 418 or 423, or any 5xx except
 * 501 and 505 (the statuses the product's upload widget retries). A retry helps a proxy's 502 while
 * the API restarts, or a part that met another (409); a finished upload's URL answers 403 and the
 * failure reaches the user.
 */
const RETRY_STATUSES = new Set([408, 409, 429, 418, 423]);

export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return false;
  return RETRY_STATUSES.has(status) || (status >= 500 && status < 600 && status !== 501 && status !== 505);
}

export interface RetryOptions {
  /** The wait before each retry; as many retries as waits. */
  delays: readonly number[];
  wait?: (ms: number) => Promise<void>;
  /** Whether a failure is worth another attempt. */
  isRetryable: (error: unknown) => boolean;
  /** Told before each wait: the retry about to come (1-based) and how many there can be. */
  onRetry?: (retry: number, of: number) => void;
}

/** Runs `send` (given its attempt, 0 first), again after each delay while it fails in a retryable way. */
export async function withRetries<T>(send: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { delays, wait = sleep, isRetryable, onRetry } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await send(attempt);
    } catch (error) {
      if (attempt >= delays.length || !isRetryable(error)) throw error;
      onRetry?.(attempt + 1, delays.length);
      await wait(delays[attempt]);
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
