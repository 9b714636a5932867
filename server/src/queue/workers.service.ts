import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import { APP_CONFIG, AppConfig } from '../config/config';
import { createRedis } from '../redis/redis.service';
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
  private readonly workers: Worker[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  register<D, R>(queue: QueueName, name: string, handler: JobHandler<D, R>): void {
    const byName = this.handlers.get(queue) ?? new Map<string, JobHandler>();
    byName.set(name, handler as JobHandler);
    this.handlers.set(queue, byName);
  }

  start(concurrency = 8): void {
    if (this.workers.length) return;
    for (const [queue, byName] of this.handlers) {
      const connection = createRedis(this.config.redisUrl, { maxRetriesPerRequest: null });
      connection.on('error', () => undefined);
      const worker = new Worker(
        queue,
        async (job: Job) => {
          const handler = byName.get(job.name);
          if (!handler) throw new Error(`No handler for ${queue}/${job.name}`);
          return handler(job);
        },
        { connection, prefix: this.config.redisPrefix, concurrency, stalledInterval: 5000, maxStalledCount: 2 },
      );
      worker.on('error', (err) => this.logger.warn(`${queue}: ${err.message}`));
      worker.on('failed', (job, err) => this.logger.warn(`${queue}/${job?.name} ${job?.id} failed: ${err.message}`));
      this.workers.push(worker);
    }
    this.logger.log(`consuming ${[...this.handlers.keys()].join(', ') || 'no queues'}`);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
  }
}
