import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';

import { APP_CONFIG, AppConfig } from '../config/config';
import { QUEUE_NAMES, QueueName } from '../contract';
import { MetricsService } from '../observability/metrics.service';
import { withLogContext } from '../observability/request-context';
import { createRedis } from '../redis/redis.service';
import { JobRefusal } from './job-errors';
import { FoundHandler, handlerTable } from './job-handlers';
import { isJobName, JobName, JOBS } from './job-registry';
import { JobsService } from './jobs.service';
import { ON_JOB } from './on-job.decorator';

/**
 * Jobs a process runs at once where the default does not fit: a proof check keeps the CPU busy for
 * seconds and its models take one picture at a time, so two (one per core here) keep them fed;
 * more would only wait inside the process, holding jobs another worker could take.
 */
const QUEUE_CONCURRENCY: Partial<Record<QueueName, number>> = { evidence: 2, imports: 1 };

/**
 * Finds every `@OnJob` handler when the app starts (and refuses to start on a job with two handlers
 * or none); `start()` (called by the API when WORKER_INLINE=1, or by worker.ts) consumes the queues
 * and schedules the repeating jobs. A job whose worker died is picked up again by BullMQ's
 * stalled-job check.
 */
@Injectable()
export class WorkersService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Worker');
  private handlers: Map<JobName, FoundHandler> | null = null;
  private readonly workers = new Map<QueueName, Worker>();
  /** BullMQ never closes a connection it was given, so they are closed here after the workers. */
  private readonly connections: Redis[] = [];
  private started = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobsService,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly metrics: MetricsService,
  ) {}

  onModuleInit(): void {
    this.handlerTable();
  }

  /** Found once, at init or at start() if that comes first (NestFactory.create inits only at listen). */
  private handlerTable(): Map<JobName, FoundHandler> {
    if (!this.handlers) {
      const { table, problems } = handlerTable(this.discover());
      if (problems.length) throw new Error(`The job registry is incomplete:\n  ${problems.join('\n  ')}`);
      this.handlers = table;
    }
    return this.handlers;
  }

  private discover(): FoundHandler[] {
    const found: FoundHandler[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const name = this.reflector.get<JobName | undefined>(ON_JOB, instance[method] as () => unknown);
        if (!name) continue;
        const run = (instance[method] as (job: never) => Promise<unknown>).bind(instance);
        found.push({ name, declaredAt: `${prototype.constructor.name}.${method}`, run });
      }
    }
    return found;
  }

  start(concurrency = 8): void {
    if (this.started) return;
    this.handlerTable();
    this.started = true;
    for (const queue of QUEUE_NAMES) this.consume(queue, QUEUE_CONCURRENCY[queue] ?? concurrency);
    for (const name of Object.values(JobName)) {
      const definition = JOBS[name];
      if ('repeatEveryMs' in definition)
        this.jobs.schedule(definition.queue, name, definition.repeatEveryMs(this.config));
    }
    this.logger.log(`consuming ${QUEUE_NAMES.join(', ')}`);
  }

  /** Runs a job through its handler, after checking its data against the registry. */
  private async handle(queue: QueueName, job: Job): Promise<unknown> {
    if (!isJobName(job.name) || JOBS[job.name].queue !== queue)
      throw new UnrecoverableError(`No job ${job.name} on queue ${queue}`);
    const checked = JOBS[job.name].data.safeParse(job.data);
    if (!checked.success) throw new UnrecoverableError(`Malformed data for ${job.name}: ${checked.error.message}`);
    const name = job.name;
    const stop = this.metrics.jobs.startTimer({ name });
    try {
      const result = await withLogContext({ job: { id: String(job.id), name } }, () =>
        this.handlerTable()
          .get(name)!
          .run(job as never),
      );
      await stop({ outcome: 'completed' });
      return result;
    } catch (err) {
      await stop({ outcome: err instanceof JobRefusal ? 'refused' : 'failed' });
      throw err;
    }
  }

  private consume(queue: QueueName, concurrency: number): void {
    const connection = createRedis(this.config.redisUrl, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.connections.push(connection);
    const worker = new Worker(queue, (job: Job) => this.handle(queue, job), {
      connection,
      prefix: this.config.redisPrefix,
      concurrency,
      lockDuration: this.config.queueLockMs,
      stalledInterval: Math.min(5000, this.config.queueLockMs),
      maxStalledCount: 2,
    });
    worker.on('error', (err) => this.logger.warn(`${queue}: ${err.message}`));
    worker.on('failed', (job, err) => this.logger.warn(`${queue}/${job?.name} ${job?.id} failed: ${err.message}`));
    this.workers.set(queue, worker);
  }

  /**
   * Takes no new job and resolves once the running ones have finished, their results stored in
   * Redis (where the requests waiting on them read them); jobs not taken stay queued for another
   * worker. Their handlers may still use the database and Redis until then, so stop before closing those.
   */
  async stop(): Promise<void> {
    await Promise.allSettled([...this.workers.values()].map((w) => w.close()));
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
    this.connections.forEach((c) => c.disconnect());
  }
}
