import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import mongoose from 'mongoose';
import { types } from 'node:util';
import { ErrorBody } from '../contract';
import { reasonPhrase } from './errors';

/** Every failure leaves as `{statusCode, message, error}`; unexpected ones are logged and never leak internals. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Error');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const body = this.toBody(exception);
    if (body.statusCode === 500) this.logger.error(isError(exception) ? exception.stack : String(exception));
    if (res.headersSent) return;
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      if (typeof raw === 'string') return { statusCode: status, message: raw, error: reasonPhrase(status) };
      const r = raw as { message?: unknown; error?: unknown };
      const message = Array.isArray(r.message) ? r.message.join('; ') : String(r.message ?? exception.message);
      return { statusCode: status, message, error: typeof r.error === 'string' ? r.error : reasonPhrase(status) };
    }
    if (isDatabaseUnavailable(exception)) {
      return { statusCode: 503, message: 'The database is unavailable, try again shortly', error: 'Service Unavailable' };
    }
    // A malformed id that reached a query (validation should stop it first): the request's fault.
    if (exception instanceof mongoose.Error.CastError) {
      return { statusCode: 400, message: `Malformed ${exception.path}`, error: 'Bad Request' };
    }
    if (isBodyParserError(exception)) {
      const status = exception.status;
      const message = status === 413 ? 'Request body too large' : 'Malformed JSON body';
      return { statusCode: status, message, error: reasonPhrase(status) };
    }
    return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: 'Internal server error', error: 'Internal Server Error' };
  }
}

/**
 * An Error from any realm: Node core's socket errors are not `instanceof` the Error of a sandbox
 * such as Jest's, where the fault tests run the app (an EPIPE there answered 500, not 503).
 */
function isError(e: unknown): e is Error {
  return e instanceof Error || types.isNativeError(e);
}

function isDatabaseUnavailable(e: unknown): boolean {
  if (!isError(e)) return false;
  // Matched by name: mongoose's copy of the driver is not the `mongodb` package an import would load.
  // The local FerretDB gives up on its SQLite write lock after 10 s: overload, not a bug of the request.
  if (e.name === 'MongoServerError') return /SQLITE_BUSY|database is locked/.test(e.message);
  if (/Mongo(Network|ServerSelection|NotConnected|PoolCleared|Topology)/.test(e.name)) return true;
  // The driver hands on the socket's own error, unwrapped, when the server goes away while a
  // command waits for the socket to drain ("This socket has been ended by the other party").
  if (/^(EPIPE|ECONNRESET|ECONNREFUSED)$/.test(String((e as NodeJS.ErrnoException).code))) return true;
  // Mongoose buffers commands while disconnected and gives up with a plain MongooseError.
  return e.name === 'MongooseError' && /buffering timed out|initial connection|Client must be connected/.test(e.message);
}

function isBodyParserError(e: unknown): e is { status: number } {
  const status = (e as { status?: unknown; type?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && typeof (e as { type?: unknown }).type === 'string';
}
