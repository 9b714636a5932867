import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, AppConfig } from '../config/config';
import { createRedis } from '../redis/redis.service';
import { JobsService } from './jobs.service';
import { QueueName } from './queue.names';

export type JobHandler<D = unknown, R = unknown> = (job: Job<D>) => Promise<R>;

/**
 * Domain modules register a handler per job name at start-up; `start()` (called by the API when
 * WORKER_INLINE=1, or by worker.ts) consumes the queues. A job whose worker died is picked up again
 * by BullMQ's stalled-job check.
 */
@Injectable()
export class WorkersService implements OnModuleDestroy {
  private readonly logger = new Logger('Worker');
  private readonly handlers = new Map<QueueName, Map<string, JobHandler>>();
  private readonly workers = new Map<QueueName, Worker>();
  /** BullMQ never closes a connection it was given, so they are closed here after the workers. */
  private readonly connections: Redis[] = [];
  /** Set by start(): from then on every queue with a handler is consumed. */
  private concurrency: number | null = null;
  private readonly repeating: Array<{ queue: QueueName; name: string; everyMs: number }> = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
  ) {}

  register<D, R>(queue: QueueName, name: string, handler: JobHandler<D, R>): void {
    const byName = this.handlers.get(queue) ?? new Map<string, JobHandler>();
    byName.set(name, handler as JobHandler);
    this.handlers.set(queue, byName);
    // start() may run before the modules' onModuleInit (NestFactory.create does not init until listen).
    if (this.concurrency !== null && !this.workers.has(queue)) this.consume(queue, byName);
  }

  /**
   * A handler that also runs every `everyMs` (sweeps, settlements). Only processes that consume
   * jobs schedule it, so an operator's CLI run leaves the schedules alone.
   */
  registerRepeating<R>(queue: QueueName, name: string, everyMs: number, handler: JobHandler<unknown, R>): void {
    this.register(queue, name, handler);
    this.repeating.push({ queue, name, everyMs });
    if (this.concurrency !== null) this.jobs.schedule(queue, name, everyMs);
  }

  start(concurrency = 8): void {
    if (this.concurrency !== null) return;
    this.concurrency = concurrency;
    for (const [queue, byName] of this.handlers) this.consume(queue, byName);
    for (const { queue, name, everyMs } of this.repeating) this.jobs.schedule(queue, name, everyMs);
    this.logger.log(`consuming ${[...this.handlers.keys()].join(', ') || 'no queues yet'}`);
  }

  private consume(queue: QueueName, byName: Map<string, JobHandler>): void {
    const connection = createRedis(this.config.redisUrl, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.connections.push(connection);
    const worker = new Worker(
      queue,
      async (job: Job) => {
        const handler = byName.get(job.name);
        if (!handler) throw new Error(`No handler for ${queue}/${job.name}`);
        return handler(job);
      },
      {
        connection,
        prefix: this.config.redisPrefix,
        concurrency: this.concurrency ?? 1,
        lockDuration: this.config.queueLockMs,
        stalledInterval: Math.min(5000, this.config.queueLockMs),
        maxStalledCount: 2,
      },
    );
    worker.on('error', (err) => this.logger.warn(`${queue}: ${err.message}`));
    worker.on('failed', (job, err) => this.logger.warn(`${queue}/${job?.name} ${job?.id} failed: ${err.message}`));
    this.workers.set(queue, worker);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.workers.values()].map((w) => w.close()));
    this.connections.forEach((c) => c.disconnect());
  }
}
