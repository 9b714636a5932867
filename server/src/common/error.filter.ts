import { types } from 'node:util';

import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import mongoose from 'mongoose';

import { ErrorBody, ErrorCode } from '../contract';
import { codeForStatus } from './error-status';
import { reasonPhrase } from './errors';

/** Every failure leaves as `{statusCode, code, message, error}`; unexpected ones are logged and never leak internals. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode === 500) this.logger.error(isError(exception) ? exception.stack : String(exception));
    // An operator sees the database going away in the log, not only in the clients' 503s.
    else if (body.code === 'DATABASE_UNAVAILABLE')
      this.logger.warn(`database unavailable: ${isError(exception) ? exception.message : String(exception)}`);
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  private toBody(thrown: unknown): ErrorBody {
    // NestJS 12's Express adapter wraps body-parser's errors in an HttpException; their cause says what failed.
    const cause = thrown instanceof HttpException ? thrown.cause : undefined;
    const exception = isUndecodableBody(cause) || isBodyParserError(cause) ? cause : thrown;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'string') return body(status, codeForStatus(status), raw);
      const r = raw as { message?: unknown; error?: unknown; code?: unknown };
      const message = Array.isArray(r.message) ? r.message.join('; ') : String(r.message ?? exception.message);
      const code = ErrorCode.safeParse(r.code).data ?? codeForStatus(status);
      return body(status, code, message, typeof r.error === 'string' ? r.error : undefined);
    }
    if (isDatabaseUnavailable(exception))
      return body(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable, try again shortly');
    // A malformed id that reached a query (validation should stop it first): the request's fault.
    if (exception instanceof mongoose.Error.CastError) return body(400, 'MALFORMED_ID', `Malformed ${exception.path}`);
    // A body whose Content-Encoding (deflate, gzip, br) does not decode: zlib's error, given a 400 by body-parser but no type.
    if (isUndecodableBody(exception))
      return body(400, 'BODY_ENCODING_INVALID', 'The request body does not decode as its Content-Encoding says');
    if (isBodyParserError(exception)) {
      const status = exception.status;
      return status === 413
        ? body(413, 'BODY_TOO_LARGE', 'Request body too large')
        : body(status, 'MALFORMED_JSON', 'Malformed JSON body');
    }
    return body(HttpStatus.INTERNAL_SERVER_ERROR, 'INTERNAL', 'Internal server error');
  }
}

function body(statusCode: number, code: ErrorCode, message: string, title?: string): ErrorBody {
  return { statusCode, code, message, error: title ?? reasonPhrase(statusCode) };
}

/**
 * An Error from any realm: Node core's socket errors are not `instanceof` the Error of a sandbox
 * such as Jest's, where the fault tests run the app (an EPIPE there answered 500, not 503).
 */
function isError(e: unknown): e is Error {
  return e instanceof Error || types.isNativeError(e);
}

const { mongo } = mongoose;

/**
 * Server error codes that mean "not now" rather than "not this request": MongoDB's lock and
 * shutdown codes, and LockBusy (46), which the local FerretDB answers when its SQLite write lock
 * stays busy past its wait (local-store/patches/5-*.patch).
 */
const TRANSIENT_SERVER_CODES = new Set([46, 50, 91, 189, 262, 10107, 11600, 11602, 13435, 13436]);

/** The driver's connection failures (mongoose's own copy of it: `mongoose.mongo`), by class and code. */
function isDatabaseUnavailable(e: unknown): boolean {
  if (!isError(e)) return false;
  if (e instanceof mongo.MongoServerError)
    return TRANSIENT_SERVER_CODES.has(Number(e.code)) || e.hasErrorLabel('RetryableWriteError');
  // PoolClearedError is a MongoNetworkError.
  if (e instanceof mongo.MongoNetworkError || e instanceof mongo.MongoServerSelectionError) return true;
  if (e instanceof mongo.MongoNotConnectedError || e instanceof mongo.MongoTopologyClosedError) return true;
  // The driver hands on the socket's own error, unwrapped, when the server goes away while a
  // command waits for the socket to drain ("This socket has been ended by the other party").
  if (/^(EPIPE|ECONNRESET|ECONNREFUSED)$/.test(String((e as NodeJS.ErrnoException).code))) return true;
  // Mongoose buffers commands while disconnected and gives up with a bare MongooseError (no
  // subclass, no code), told apart from its other bare errors (programming mistakes: 500) by its text.
  return Object.getPrototypeOf(e) === mongoose.Error.prototype && BUFFERING_TIMED_OUT.test(e.message);
}

/** Mongoose's give-up of a buffered command (collection.js) or connection operation (connection.js). */
const BUFFERING_TIMED_OUT = /buffering timed out after \d+ms$/;

function isUndecodableBody(e: unknown): boolean {
  const { status, code } = (e ?? {}) as { status?: unknown; code?: unknown };
  return status === 400 && typeof code === 'string' && /^(Z_|ERR__)/.test(code);
}

function isBodyParserError(e: unknown): e is { status: number } {
  const status = (e as { status?: unknown; type?: unknown })?.status;
  return (
    typeof status === 'number' && status >= 400 && status < 500 && typeof (e as { type?: unknown }).type === 'string'
  );
}
