import { UnrecoverableError } from 'bullmq';

import { AppError } from '../common/errors';
import { ErrorCode } from '../contract';

/**
 * A job's business refusal (e.g. "no values found in this report"): not retried, and carried back
 * to the waiting HTTP call with its code, message and title intact. BullMQ keeps only a failed
 * job's message, so they travel in it as JSON.
 */
export class JobRefusal extends UnrecoverableError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly title?: string,
  ) {
    super(JSON.stringify({ code, message, title }));
  }
}

/** Turns a failed job's reason back into the error the domain meant, if it was a refusal. */
export function refusalFromReason(reason: string | undefined): AppError | null {
  if (!reason?.startsWith('{')) return null;
  try {
    const { code, message, title } = JSON.parse(reason) as { code: unknown; message: unknown; title?: string };
    return ErrorCode.safeParse(code).success && typeof message === 'string'
      ? new AppError(code as ErrorCode, message, title)
      : null;
  } catch {
    return null;
  }
}
