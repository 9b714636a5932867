import { UnrecoverableError } from 'bullmq';
import { AppError } from '../common/errors';

/**
 * A job's business refusal (e.g. "no values found in this report"): not retried, and carried back
 * to the waiting HTTP call with its status, message and title intact.
 */
export class JobRefusal extends UnrecoverableError {
  constructor(readonly status: number, message: string, readonly title?: string) {
    super(JSON.stringify({ status, message, title }));
  }
}

/** Turns a failed job's reason back into the HTTP error the domain meant, if it was a refusal. */
export function refusalFromReason(reason: string | undefined): AppError | null {
  if (!reason?.startsWith('{')) return null;
  try {
    const { status, message, title } = JSON.parse(reason) as { status: number; message: string; title?: string };
    return typeof status === 'number' && typeof message === 'string' ? new AppError(status, message, title) : null;
  } catch {
    return null;
  }
}
