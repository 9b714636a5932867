import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * A refusal the client can show as a toast: `error` is the title, `message` the text.
 * Titles default to the HTTP reason phrase when SPEC.md gives none.
 */
export class AppError extends HttpException {
  constructor(status: HttpStatus, message: string, title?: string) {
    super({ statusCode: status, message, error: title ?? reasonPhrase(status) }, status);
  }
}

export const badRequest = (message: string, title?: string) => new AppError(HttpStatus.BAD_REQUEST, message, title);
export const unauthorized = (message = 'Sign in required') => new AppError(HttpStatus.UNAUTHORIZED, message);
export const forbidden = (message = "You can only access your own data") => new AppError(HttpStatus.FORBIDDEN, message);
export const notFound = (message: string) => new AppError(HttpStatus.NOT_FOUND, message);
export const conflict = (message: string, title?: string) => new AppError(HttpStatus.CONFLICT, message, title);
export const unavailable = (message: string) => new AppError(HttpStatus.SERVICE_UNAVAILABLE, message);

export function reasonPhrase(status: number): string {
  const name = HttpStatus[status];
  if (!name) return 'Error';
  return name
    .toLowerCase()
    .split('_')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}
