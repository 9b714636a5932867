import 'reflect-metadata';

import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

import { AppModule } from './app.module';
import { onStopSignals } from './common/graceful-shutdown';
import { loadConfig } from './config/config';
import { createProcessLogger, nestLogger } from './observability/json-logger';
import { exitOnStartupFailure } from './observability/startup-failure';
import { WorkersService } from './queue/workers.service';

/** BullMQ worker process (docker: WORKER_INLINE=0 on the API, this beside it). */
async function startWorker(): Promise<void> {
  // Read before Nest starts, so a refused setting never reaches Nest's plain-text start-up logger;
  // abortOnError off: a failure while it starts reaches the catch below (JSON, exit 1), not process.abort().
  const { logLevel, shutdownDeadlineMs } = loadConfig();
  const app = await NestFactory.createApplicationContext(AppModule, {
    logger: nestLogger(createProcessLogger(logLevel), logLevel),
    abortOnError: false,
  });
  const logger = new Logger('Worker');
  const workers = app.get(WorkersService);
  // Not Nest's shutdown hooks: they close modules in an order that may pull Redis or the database
  // from under a running job, and end the process by the signal rather than with an exit code.
  onStopSignals(logger, async () => {
    const cut = setTimeout(() => {
      // As after a kill: the jobs' locks lapse and another worker runs them again.
      logger.error(`jobs still running after SHUTDOWN_DEADLINE_MS (${shutdownDeadlineMs} ms): cut`);
      process.exit(1);
    }, shutdownDeadlineMs);
    await workers.stop();
    logger.log('running jobs finished; closing Redis and the database');
    await app.close();
    clearTimeout(cut);
  });
  workers.start();
  logger.log('worker started');
}

startWorker().catch((err: unknown) => exitOnStartupFailure(err, 'Worker'));
