import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { onStopSignals } from './common/graceful-shutdown';
import { APP_CONFIG, AppConfig } from './config/config';
import { JsonLogger, createProcessLogger } from './observability/json-logger';
import { WorkersService } from './queue/workers.service';

/** BullMQ worker process (docker: WORKER_INLINE=0 on the API, this beside it). */
async function startWorker(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { bufferLogs: true });
  const { logLevel, shutdownDeadlineMs } = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(logLevel === 'silent' ? false : new JsonLogger(createProcessLogger(logLevel)));
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

startWorker().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
