import type { Server } from 'node:http';

import type { INestApplication } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * Stopping without failing anyone: new connections are refused at once (the load balancer sends them
 * to another replica), requests already accepted — those waiting on a job included, the workers
 * still run — are answered, each with `Connection: close` so keep-alive clients reconnect elsewhere;
 * only then are the queues, Redis and the database closed (Nest's own `close()` would close them
 * first and fail the requests in flight). Past `deadlineMs`, whatever is left is cut.
 */
export class GracefulShutdown {
  private static readonly installed = new WeakMap<INestApplication, GracefulShutdown>();

  /** The shutdown `createHttpApp` installed on `app`. */
  static of(app: INestApplication): GracefulShutdown {
    const shutdown = GracefulShutdown.installed.get(app);
    if (!shutdown) throw new Error('no graceful shutdown installed on this app');
    return shutdown;
  }

  private readonly logger = new Logger('Shutdown');
  private stopping = false;
  private readonly inFlight = new Set<Response>();
  /** Requests this process accepted, and those whose connection closed before their answer was sent. */
  readonly stats = { accepted: 0, unanswered: 0 };

  constructor(
    private readonly app: INestApplication,
    private readonly deadlineMs: number,
  ) {
    GracefulShutdown.installed.set(app, this);
  }

  /** Middleware: keeps the answers in flight, and once stopping, closes each connection after its answer. */
  track() {
    return (_req: Request, res: Response, next: NextFunction): void => {
      this.inFlight.add(res);
      this.stats.accepted++;
      if (this.stopping) res.setHeader('Connection', 'close');
      res.once('close', () => {
        this.inFlight.delete(res);
        if (!res.writableFinished) this.stats.unanswered++;
        // The last answer is out: connections still open are idle keep-alives (answered before the stop).
        if (this.stopping && this.inFlight.size === 0) (this.app.getHttpServer() as Server).closeIdleConnections();
      });
      next();
    };
  }

  /** Installs SIGTERM and SIGINT handlers that run `stop()` once and exit. */
  onSignals(): void {
    onStopSignals(this.logger, () => this.stop());
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const server = this.app.getHttpServer() as Server;
    // close() refuses new connections and closes the idle ones; the busy ones close after their answer.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if (this.inFlight.size === 0) server.closeIdleConnections();
    const deadline = setTimeout(() => server.closeAllConnections(), this.deadlineMs);
    await closed;
    clearTimeout(deadline);
    this.logger.log(
      `HTTP drained (${this.stats.unanswered} requests left unanswered); closing queues, Redis and the database`,
    );
    await this.app.close();
  }
}

/**
 * On SIGTERM or SIGINT, runs `stop` and exits: 0 once it resolves, 1 if it throws. Each signal is
 * handled once, so a second Ctrl-C of an operator who will not wait kills the process.
 */
export function onStopSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping: Promise<void> | null = null;
  const handler = (signal: NodeJS.Signals) => {
    logger.log(`${signal}: stopping`);
    stopping ??= stop();
    stopping.then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error(err instanceof Error ? err.stack : String(err));
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}
