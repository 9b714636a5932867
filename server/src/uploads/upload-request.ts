import { finished, Readable } from 'node:stream';

import type { Request } from 'express';
import { MulterError } from 'multer';

import { AppError } from '../common/errors';
import { UploadLimits } from '../contract';
import { fileTooLarge, UploadInspector } from './upload-inspector';

/** The request side of receiving bytes: a client that hangs up, a body parsed before us, a malformed form. */

/**
 * Aborts once the client hangs up before the end of its body. Set up before the first await: by
 * the time the URL has been checked, a client that left in the first milliseconds has already
 * closed, and a 'close' listener added then never fires (the file stayed open, 3 times of 3).
 * `finished` also reports a request that closed before it was called.
 */
export function watchHangUp(req: Request): AbortSignal {
  const controller = new AbortController();
  finished(req, (err) => {
    if (err && !req.complete)
      controller.abort(new AppError('UPLOAD_INTERRUPTED', 'The upload was interrupted before its end'));
  });
  return controller.signal;
}

/** `source` piped into a new inspector that fails once the client hangs up: pipe() does not pass that on, and the write must fail. */
export function inspectAsItArrives(source: Readable, limits: UploadLimits, hangUp: AbortSignal): UploadInspector {
  const inspector = new UploadInspector(limits);
  hangUp.addEventListener('abort', () => inspector.destroy(hangUp.reason as Error));
  source.pipe(inspector);
  return inspector;
}

/** Express's JSON and form parsers run before any route and would have consumed such a body. */
export function refuseParsedBody(req: Request): void {
  if ((req as { _body?: boolean })._body) {
    throw new AppError(
      'UPLOAD_UNSUPPORTED_TYPE',
      "Send the file's bytes with its own Content-Type (e.g. application/pdf), not JSON or a form",
      'Unsupported File Type',
    );
  }
}

/** After a refusal mid-body: detach from the request and let the rest drain so the answer reaches the client. */
export function stopReading(source: Readable, inspector: UploadInspector): void {
  source.unpipe(inspector);
  source.resume();
}

/** Multer's and busboy's failures as the answers they deserve: 413 past the limit, 400 for a malformed form. */
export function multipartError(err: unknown, limits: UploadLimits): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof MulterError)
    return err.code === 'LIMIT_FILE_SIZE' ? fileTooLarge(limits) : new AppError('UPLOAD_MALFORMED', err.message);
  // Busboy's parse errors carry no errno code; file-system errors (disk full) do and stay 5xx.
  if (err instanceof Error && !(err as NodeJS.ErrnoException).code)
    return new AppError('UPLOAD_MALFORMED', `Malformed multipart body: ${err.message}`);
  return err;
}
