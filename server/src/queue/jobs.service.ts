import { randomUUID } from 'node:crypto';

import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Job, JobsOptions, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';

import { AppError, forbidden } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { jobId, type QueueName, queueOfJob } from '../contract';
import { createRedis } from '../redis/redis.service';
import { refusalFromReason } from './job-errors';
import { JobData, JobName, JobResult, JOBS, OwnedJobData } from './job-registry';

const queueUnavailable = () =>
  new AppError('JOB_QUEUE_UNAVAILABLE', 'The job queue is unavailable right now, please try again shortly');

export interface RunOptions {
  /** A key from the client (X-Job-Key) so it can follow progress and a replay joins the same job. */
  clientKey?: string;
  timeoutMs?: number;
  attempts?: number;
  backoffMs?: number;
}

export interface JobState {
  id: string;
  /** Null while the job is not queued yet. */
  name: string | null;
  state: string;
  progress: number;
  failedReason: string | null;
}

/**
 * Enqueues work and waits for its result, so HTTP calls keep their simple request/answer shape
 * while the work itself runs (and retries) in a BullMQ worker. Redis down → 503, not a hang.
 */
@Injectable()
export class JobsService implements OnModuleDestroy {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, QueueEvents>();
  /** BullMQ never closes a connection it was given, so they are closed here after the queues. */
  private readonly connections: Redis[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const connection = createRedis(this.config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      connection.on('error', () => undefined);
      this.connections.push(connection);
      queue = new Queue(name, { connection, prefix: this.config.redisPrefix });
      queue.on('error', (err) => this.logger.warn(`queue ${name}: ${err.message}`));
      // Each job being waited for listens for the queue closing (BullMQ's waitUntilFinished).
      queue.setMaxListeners(0);
      this.queues.set(name, queue);
    }
    return queue;
  }

  /**
   * Runs `name` on `queue` every `everyMs` (a repeatable job owned by 'system'). Not awaited by
   * callers: the API must start while Redis is away; the scheduler is an upsert, so every start
   * (and every replica) may repeat it.
   */
  schedule(queue: QueueName, name: JobName, everyMs: number): void {
    const target = this.queue(queue);
    target
      .waitUntilReady()
      .then(() => target.upsertJobScheduler(name, { every: everyMs }, { name, data: { ownerId: 'system' } }))
      .catch((err: Error) => this.logger.warn(`could not schedule ${name}: ${err.message}`));
  }

  private queueEvents(name: QueueName): QueueEvents {
    let events = this.events.get(name);
    if (!events) {
      const connection = createRedis(this.config.redisUrl, { maxRetriesPerRequest: null });
      connection.on('error', () => undefined);
      this.connections.push(connection);
      events = new QueueEvents(name, { connection, prefix: this.config.redisPrefix });
      events.on('error', (err) => this.logger.warn(`events ${name}: ${err.message}`));
      // Every caller waiting for its job listens here until the job ends: as many listeners as
      // requests in flight is expected, not a leak (the same holds for the queue above).
      events.setMaxListeners(0);
      this.events.set(name, events);
    }
    return events;
  }

  /** Enqueues job `name` with its data (checked against the registry) and waits for its result. */
  async run<N extends JobName>(name: N, data: JobData<N>, options: RunOptions = {}): Promise<JobResult<N>> {
    const { queue, data: schema } = JOBS[name];
    // A caller sending data of the wrong shape is a bug of ours: it fails here, not in a worker.
    schema.parse(data);
    const events = this.queueEvents(queue);
    const jobOptions: JobsOptions = {
      jobId: jobId(queue, data.ownerId, options.clientKey ?? randomUUID()),
      attempts: options.attempts ?? 3,
      backoff: { type: 'exponential', delay: options.backoffMs ?? 500 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    };
    let job: Job;
    try {
      await events.waitUntilReady();
      job = await this.queue(queue).add(name, data, jobOptions);
    } catch (err) {
      this.logger.warn(`enqueue ${queue}/${name} failed: ${(err as Error).message}`);
      throw queueUnavailable();
    }
    try {
      return (await job.waitUntilFinished(events, options.timeoutMs ?? this.config.aiJobTimeoutMs)) as JobResult<N>;
    } catch (err) {
      const message = (err as Error).message ?? '';
      if (/timed out before finishing/i.test(message)) {
        throw new AppError('JOB_TIMEOUT', 'This is taking longer than expected, please try again', 'Timeout');
      }
      const refusal = refusalFromReason(message);
      if (refusal) throw refusal;
      this.logger.warn(`job ${job.id} failed: ${message}`);
      throw new AppError('JOB_FAILED', 'The service behind this request failed, please try again');
    }
  }

  /**
   * State and progress of one of the caller's jobs. The id names its owner, and the client picks its
   * key and polls while the call that queues the job is still on its way (or still reading its
   * input), so an id of the caller's own that is not queued yet is 'waiting', not missing.
   */
  async state(id: string, ownerId: string): Promise<JobState> {
    const queueName = queueOfJob(id);
    if (!queueName) throw new AppError('JOB_NOT_FOUND', 'Job not found');
    if (!id.startsWith(jobId(queueName, ownerId, ''))) throw forbidden();
    let job: Job<OwnedJobData> | undefined;
    try {
      job = await this.queue(queueName).getJob(id);
    } catch {
      throw queueUnavailable();
    }
    if (!job) return { id, name: null, state: 'waiting', progress: 0, failedReason: null };
    const progress = typeof job.progress === 'number' ? job.progress : 0;
    return { id, name: job.name, state: await job.getState(), progress, failedReason: job.failedReason ?? null };
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.events.values()].map((e) => e.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.connections.forEach((c) => c.disconnect());
  }
}
