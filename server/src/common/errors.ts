import { HttpException, HttpStatus } from '@nestjs/common';

import type { ErrorCode } from '../contract';
import { ERROR_STATUS } from './error-status';

/**
 * A refusal with a stable code: the status comes from ERROR_STATUS, `message` is the text a
 * person reads, `title` the short heading a toast shows (the HTTP reason phrase when none).
 */
export class AppError extends HttpException {
  constructor(
    readonly code: ErrorCode,
    message: string,
    title?: string,
  ) {
    const status = ERROR_STATUS[code];
    super({ statusCode: status, code, message, error: title ?? reasonPhrase(status) }, status);
  }
}

export const authRequired = (message = 'Sign in required') => new AppError('AUTH_REQUIRED', message);
export const forbidden = (message = 'You can only access your own data') => new AppError('FORBIDDEN', message);

export function reasonPhrase(status: number): string {
  const name = HttpStatus[status];
  if (!name) return 'Error';
  return name
    .toLowerCase()
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}
