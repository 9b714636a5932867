import { describe, expect, it, vi } from 'vitest';

import { isRetryableStatus, withRetries } from './uploadRetry';

const failure = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
const byStatus = (error: unknown) => isRetryableStatus((error as { status?: number }).status);

describe('isRetryableStatus (docs/product.md)', () => {
  it.each([408, 409, 429, 418, 423, 500, 502, 503, 504, 599])('retries %p', (status) =>
    expect(isRetryableStatus(status)).toBe(true),
  );
  it.each([400, 401, 403, 404, 413, 415, 501, 505, undefined])('does not retry %p', (status) =>
    expect(isRetryableStatus(status)).toBe(false),
  );
});

describe('withRetries', () => {
  const noWait = vi.fn(async () => undefined);

  it('retries a retryable failure after each delay, then succeeds', async () => {
    const send = vi
      .fn()
      .mockRejectedValueOnce(failure(502))
      .mockRejectedValueOnce(failure(429))
      .mockResolvedValue('stored');
    const onRetry = vi.fn();
    await expect(withRetries(send, { delays: [1, 2, 3], wait: noWait, isRetryable: byStatus, onRetry })).resolves.toBe(
      'stored',
    );
    expect(send.mock.calls).toEqual([[0], [1], [2]]);
    expect(noWait.mock.calls).toEqual([[1], [2]]);
    expect(onRetry.mock.calls).toEqual([
      [1, 3],
      [2, 3],
    ]);
  });

  it('gives up after the last delay', async () => {
    const send = vi.fn().mockRejectedValue(failure(503));
    await expect(withRetries(send, { delays: [1, 2], wait: noWait, isRetryable: byStatus })).rejects.toThrow(
      'HTTP 503',
    );
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not retry a refusal (413, 415, a used URL’s 403)', async () => {
    const send = vi.fn().mockRejectedValue(failure(415));
    await expect(withRetries(send, { delays: [1, 2], wait: noWait, isRetryable: byStatus })).rejects.toThrow(
      'HTTP 415',
    );
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('asks the caller which failures to retry', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('no answer')).mockResolvedValue('stored');
    await expect(
      withRetries(send, { delays: [1], wait: noWait, isRetryable: (e) => (e as Error).message === 'no answer' }),
    ).resolves.toBe('stored');
  });
});
