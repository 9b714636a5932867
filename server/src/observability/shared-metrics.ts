import { Logger } from '@nestjs/common';
import { Counter, type Metric, type Registry } from 'prom-client';

import type { RedisService } from '../redis/redis.service';

/**
 * Metrics every process adds to in one Redis hash and any API replica reads back when scraped: jobs
 * (and the ledger postings and proof checks they make) run in worker processes that no scrape reaches.
 * The totals are the deployment's, so every replica shows the same (take `max` across replicas, not
 * `sum`). A count lost while Redis is down never fails the work it counts; a scrape then shows the
 * values read last (dropping to zero would read as a counter reset). Label values must not hold ':'.
 */

interface SharedMetricConfig<L extends string> {
  name: string;
  help: string;
  labelNames: readonly L[];
  /** The Redis hash, under the deployment's prefix. */
  key: string;
}

type Labels<L extends string> = Record<L, string>;

const logger = new Logger('Metrics');
const fieldOf = <L extends string>(labelNames: readonly L[], labels: Labels<L>) =>
  labelNames.map((name) => labels[name]).join(':');
const labelsOf = <L extends string>(labelNames: readonly L[], parts: string[]) =>
  Object.fromEntries(labelNames.map((name, i) => [name, parts[i]])) as Labels<L>;

async function addAll(
  redis: RedisService,
  what: string,
  add: (multi: ReturnType<RedisService['client']['multi']>) => void,
): Promise<void> {
  const multi = redis.client.multi();
  add(multi);
  await multi.exec().catch((err: Error) => logger.warn(`${what} not counted: ${err.message}`));
}

export class SharedCounter<L extends string> {
  constructor(
    private readonly redis: RedisService,
    registry: Registry,
    private readonly config: SharedMetricConfig<L>,
  ) {
    const { key, labelNames } = config;
    new Counter({
      name: config.name,
      help: config.help,
      labelNames,
      registers: [registry],
      async collect() {
        const counts = await redis.client.hgetall(key).catch(() => null);
        if (!counts) return;
        this.reset();
        for (const [field, count] of Object.entries(counts))
          this.inc(labelsOf(labelNames, field.split(':')), Number(count));
      },
    });
  }

  /** Adds one to each series named. */
  async inc(...series: Array<Labels<L>>): Promise<void> {
    if (!series.length) return;
    await addAll(this.redis, this.config.name, (multi) => {
      for (const labels of series) multi.hincrby(this.config.key, fieldOf(this.config.labelNames, labels), 1);
    });
  }
}

/**
 * A histogram kept the same way: per series, a count per bucket (`<labels>:<upper bound>`, `+Inf`
 * past the last), `<labels>:sum` and `<labels>:count`. prom-client's Histogram keeps its buckets to
 * itself, so this renders the Prometheus values prom-client's own would (cumulative buckets, `le` first).
 */
export class SharedHistogram<L extends string> {
  readonly type = 'histogram';
  readonly name: string;
  readonly help: string;
  private lastValues: Array<{
    metricName: string;
    labels: { le?: number | string };
    sharedLabels: Labels<L>;
    value: number;
  }> = [];

  constructor(
    private readonly redis: RedisService,
    registry: Registry,
    private readonly config: SharedMetricConfig<L> & { buckets: readonly number[] },
  ) {
    this.name = config.name;
    this.help = config.help;
    // Registered as prom-client's own metrics are: the registry only calls get() and reset().
    registry.registerMetric(this as unknown as Metric);
  }

  /** Starts timing; the function returned records the seconds since, with the rest of the labels. */
  startTimer(labels: Partial<Labels<L>>): (more: Partial<Labels<L>>) => Promise<void> {
    const started = performance.now();
    return (more) => this.observe({ ...labels, ...more } as Labels<L>, (performance.now() - started) / 1000);
  }

  async observe(labels: Labels<L>, seconds: number): Promise<void> {
    const series = fieldOf(this.config.labelNames, labels);
    const bucket = this.config.buckets.find((bound) => seconds <= bound) ?? '+Inf';
    await addAll(this.redis, this.name, (multi) => {
      multi.hincrby(this.config.key, `${series}:${bucket}`, 1);
      multi.hincrbyfloat(this.config.key, `${series}:sum`, seconds);
      multi.hincrby(this.config.key, `${series}:count`, 1);
    });
  }

  async get() {
    const fields = await this.redis.client.hgetall(this.config.key).catch(() => null);
    if (fields) this.lastValues = this.values(fields);
    return { name: this.name, help: this.help, type: this.type, values: this.lastValues };
  }

  /** Nothing kept here to reset: the values live in Redis. */
  reset(): void {}

  private values(fields: Record<string, string>) {
    const bySeries = new Map<string, Map<string, number>>();
    for (const [field, value] of Object.entries(fields)) {
      const cut = field.lastIndexOf(':');
      const series = field.slice(0, cut);
      if (!bySeries.has(series)) bySeries.set(series, new Map());
      bySeries.get(series)!.set(field.slice(cut + 1), Number(value));
    }
    return [...bySeries].flatMap(([series, figures]) => {
      const sharedLabels = labelsOf(this.config.labelNames, series.split(':'));
      let below = 0;
      const buckets = this.config.buckets.map((bound) => {
        below += figures.get(String(bound)) ?? 0;
        return { metricName: `${this.name}_bucket`, labels: { le: bound }, sharedLabels, value: below };
      });
      const count = figures.get('count') ?? 0;
      return [
        ...buckets,
        { metricName: `${this.name}_bucket`, labels: { le: '+Inf' }, sharedLabels, value: count },
        { metricName: `${this.name}_sum`, labels: {}, sharedLabels, value: figures.get('sum') ?? 0 },
        { metricName: `${this.name}_count`, labels: {}, sharedLabels, value: count },
      ];
    });
  }
}
