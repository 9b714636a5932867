import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { QUEUE_NAMES } from '../contract';
import { JobsService } from '../queue/jobs.service';

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

  constructor(jobs: JobsService) {
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
}
