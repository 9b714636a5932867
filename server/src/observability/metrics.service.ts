import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

import type { EvidenceCheck, ProofKind } from '../contract';
import { QUEUE_NAMES } from '../contract';
import { JobsService } from '../queue/jobs.service';
import { RedisService } from '../redis/redis.service';
import { SharedCounter, SharedHistogram } from './shared-metrics';

const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** One check's outcome on one file, as sweat_proof_checks_total counts it. */
export interface ProofCheckVerdict {
  kind: ProofKind;
  check: EvidenceCheck['name'];
  outcome: 'passed' | 'refused';
}

/**
 * The process's Prometheus metrics (GET /metrics). A registry per app, not prom-client's global
 * one, so several apps in one process (the tests) do not collide. Names are listed in docs/operations.md (Metrics).
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

  readonly jobs: SharedHistogram<'name' | 'outcome'>;
  readonly ledgerPostings: SharedCounter<'kind' | 'outcome'>;
  readonly proofChecks: SharedCounter<keyof ProofCheckVerdict>;

  constructor(jobs: JobsService, redis: RedisService) {
    // Jobs, and the ledger postings and proof checks they make, run in worker processes too: counted in Redis.
    this.jobs = new SharedHistogram(redis, this.registry, {
      name: 'sweat_job_duration_seconds',
      help: 'Jobs run by any process of the deployment, by name and outcome (completed, refused: a JobRefusal, failed), counted in Redis',
      labelNames: ['name', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      key: redis.key('metrics', 'job_durations'),
    });
    this.ledgerPostings = new SharedCounter(redis, this.registry, {
      name: 'sweat_ledger_postings_total',
      help: 'Ledger postings by kind and outcome (posted, duplicate: the operation was already posted, refused: not enough credits), counted in Redis by the process that posted',
      labelNames: ['kind', 'outcome'],
      key: redis.key('metrics', 'ledger_postings'),
    });
    this.proofChecks = new SharedCounter(redis, this.registry, {
      name: 'sweat_proof_checks_total',
      help: 'Proof-check verdicts by file kind, check and outcome (passed, refused), counted in Redis by the process that ran the check',
      labelNames: ['kind', 'check', 'outcome'],
      key: redis.key('metrics', 'proof_checks'),
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'sweat_' });
    new Gauge({
      name: 'sweat_queue_jobs',
      help: 'Jobs in each queue by state, read from Redis when scraped',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        // Redis down: the gauge is left out of this scrape rather than failing the whole page.
        const counts = await Promise.all(
          QUEUE_NAMES.map((queue) =>
            jobs
              .queue(queue)
              .getJobCounts(...JOB_STATES)
              .catch(() => null),
          ),
        );
        this.reset();
        counts.forEach((byState, i) => {
          for (const state of JOB_STATES) if (byState) this.set({ queue: QUEUE_NAMES[i], state }, byState[state] ?? 0);
        });
      },
    });
  }
}
