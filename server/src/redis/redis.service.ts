import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import IORedis, { Redis, RedisOptions } from 'ioredis';

import { APP_CONFIG, AppConfig } from '../config/config';

/**
 * The shared Redis connection for rate limits and health. It fails fast while Redis is down
 * (no offline queue) so callers can degrade instead of hanging, and reconnects by itself.
 */
@Injectable()
export class RedisService implements OnModuleDestroy {
  private readonly logger = new Logger('Redis');
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.client = createRedis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.client.on('error', (err) => this.logger.warn(`redis: ${err.message}`));
  }

  /** Key under this deployment's prefix, so tests and environments never collide. */
  key(...parts: string[]): string {
    return [this.config.redisPrefix, ...parts].join(':');
  }

  async ping(timeoutMs = 1000): Promise<boolean> {
    try {
      // Only a first connection is worth waiting for; during an outage (reconnecting) answer at once.
      if (this.client.status === 'connecting' || this.client.status === 'connect')
        await withTimeout(this.ready(), timeoutMs);
      return (await withTimeout(this.client.ping(), timeoutMs)) === 'PONG';
    } catch {
      return false;
    }
  }

  /** Resolves once the first connection is ready. */
  private ready(): Promise<void> {
    return new Promise((resolve) => this.client.once('ready', () => resolve()));
  }

  async onModuleDestroy(): Promise<void> {
    this.client.disconnect();
  }
}

export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new IORedis(url, {
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    ...options,
  });
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}
