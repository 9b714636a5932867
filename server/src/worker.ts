import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { APP_CONFIG, AppConfig } from './config/config';
import { JsonLogger, createProcessLogger } from './observability/json-logger';
import { WorkersService } from './queue/workers.service';

/** BullMQ worker process (docker: WORKER_INLINE=0 on the API, this beside it). */
async function startWorker(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { bufferLogs: true });
  const { logLevel } = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(logLevel === 'silent' ? false : new JsonLogger(createProcessLogger(logLevel)));
  app.enableShutdownHooks();
  app.get(WorkersService).start();
  new Logger('Worker').log('worker started');
}

startWorker().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
