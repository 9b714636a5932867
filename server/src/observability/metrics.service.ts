import { Injectable, Logger } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUE_NAMES } from '../contract';
import type { ProofCheckVerdict } from '../proofs/proof-checker';
import { JobsService } from '../queue/jobs.service';
import { RedisService } from '../redis/redis.service';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * The process's Prometheus metrics (GET /metrics). A registry per app, not prom-client's global
 * one, so several apps in one process (the tests) do not collide. Names are listed in the README.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequests = new Histogram({
    name: 'sweat_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, with their latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly jobs = new Histogram({
    name: 'sweat_job_duration_seconds',
    help: 'Jobs run by this process, by name and outcome (completed, refused: a JobRefusal, failed)',
    labelNames: ['name', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly ledgerPostings = new Counter({
    name: 'sweat_ledger_postings_total',
    help: 'Ledger postings by kind and outcome (posted, duplicate: the operation was already posted, refused: not enough credits)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly logger = new Logger('Metrics');
  private readonly proofChecksKey: string;

  constructor(
    jobs: JobsService,
    private readonly redis: RedisService,
  ) {
    this.proofChecksKey = redis.key('metrics', 'proof_checks');
    const proofChecksKey = this.proofChecksKey;
    new Counter({
      name: 'sweat_proof_checks_total',
      help: 'Proof-check verdicts by file kind, check and outcome (passed, refused), counted in Redis by the process that ran the check',
      labelNames: ['kind', 'check', 'outcome'] as const,
      registers: [this.registry],
      async collect() {
        // Redis down: the last values read stay (dropping to zero would read as a counter reset).
        const counts = await redis.client.hgetall(proofChecksKey).catch(() => null);
        if (!counts) return;
        this.reset();
        for (const [field, count] of Object.entries(counts)) {
          const [kind, check, outcome] = field.split(':');
          this.inc({ kind, check, outcome }, Number(count));
        }
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'sweat_' });
    new Gauge({
      name: 'sweat_queue_jobs',
      help: 'Jobs in each queue by state, read from Redis when scraped',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        // Redis down: the gauge is left out of this scrape rather than failing the whole page.
        const counts = await Promise.all(QUEUE_NAMES.map((queue) => jobs.queue(queue).getJobCounts(...JOB_STATES).catch(() => null)));
        this.reset();
        counts.forEach((byState, i) => {
          for (const state of JOB_STATES) if (byState) this.set({ queue: QUEUE_NAMES[i], state }, byState[state] ?? 0);
        });
      },
    });
  }

  /**
   * Counts proof-check verdicts where every API replica reads them: the checks run in a worker,
   * often another process, whose own registry no scrape reaches. A lost count never fails the check.
   */
  async countProofChecks(verdicts: ProofCheckVerdict[]): Promise<void> {
    if (!verdicts.length) return;
    const increments = this.redis.client.multi();
    for (const { kind, check, outcome } of verdicts) increments.hincrby(this.proofChecksKey, `${kind}:${check}:${outcome}`, 1);
    await increments.exec().catch((err: Error) => this.logger.warn(`proof-check verdicts not counted: ${err.message}`));
  }
}
