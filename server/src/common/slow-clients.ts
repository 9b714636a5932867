import type { Server } from 'node:http';

import type { NextFunction, Request, Response } from 'express';

import type { AppConfig } from '../config/config';
import type { ErrorBody } from '../contract';

/** Routes whose bodies are files, given the upload deadline instead of the general one. */
const isUpload = (req: Request) => req.path.startsWith('/api/uploads/');

/**
 * Deadlines for clients that send slowly, each holding a connection (and, mid-upload, a file) for
 * as long as it likes under Node's defaults (5 minutes for a request, 66 s for headers here).
 * Node enforces one request deadline for the whole server, so it gets the uploads' long one and
 * `bodyDeadline` holds every other route to the short one.
 */
export function limitSlowClients(server: Server, limits: AppConfig['http']): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = Math.max(limits.requestTimeoutMs, limits.uploadRequestTimeoutMs);
  // Node looks for expired requests every 30 s, which would let a 15 s limit run to 45 s: look
  // every fifth of the shortest limit instead (at most every 5 s). Read by Node when it starts listening.
  const every = Math.min(5000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 5));
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = every;
}

/** Middleware: a request outside the upload routes whose body has not all arrived within `ms` is answered 408 and its connection closed. */
export function bodyDeadline(ms: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.complete || isUpload(req)) return next();
    const timer = setTimeout(() => {
      if (req.complete || res.headersSent) return;
      const body: ErrorBody = {
        statusCode: 408,
        code: 'REQUEST_TIMEOUT',
        message: 'The request took too long to arrive',
        error: 'Request Timeout',
      };
      res.once('finish', () => req.socket.destroy());
      res.status(408).set('Connection', 'close').json(body);
    }, ms);
    const stop = () => clearTimeout(timer);
    req.once('end', stop);
    req.once('close', stop);
    next();
  };
}

/**
 * Middleware: an upload whose body goes silent for `ms` loses its connection (the client is gone
 * even if no reset came), which ends the request as a hang-up and frees its URL. The watch stops
 * once the body is in: checking the file may take longer and sends nothing.
 */
export function uploadIdleDeadline(ms: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.complete || !isUpload(req)) return next();
    req.setTimeout(ms, () => req.destroy());
    // A body drained after the answer ends on a socket Node has already given its keep-alive timeout.
    req.once('end', () => res.writableFinished || req.socket.setTimeout(0));
    next();
  };
}
