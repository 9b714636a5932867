import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';

import { APP_CONFIG, AppConfig } from '../config/config';
import { RedisService } from '../redis/redis.service';
import { RedisThrottlerStorage } from './redis-throttler.storage';
import { RateLimitGroup, USER_RATE_LIMIT_GROUPS } from './user-rate-limits';
import { groupOfRequest } from './user-throttler.guard';

/**
 * Per-user rate limits (USER_RATE_LIMIT_GROUPS) with @nestjs/throttler, stored in the app's Redis.
 * Its guard, UserThrottlerGuard, is registered in app.module after the session guard, so it knows the user.
 */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, RedisService],
      useFactory: (config: AppConfig, redis: RedisService) => {
        const limits = config.userRateLimitsPerMinute;
        return {
          throttlers: (Object.keys(USER_RATE_LIMIT_GROUPS) as RateLimitGroup[]).map((group) => ({
            name: group,
            ttl: 60_000,
            limit: limits[group],
            skipIf: (context) => groupOfRequest(context) !== group,
          })),
          // Keys under the app's Redis prefix: one budget per group and user across every route and replica.
          generateKey: (_context, tracker, group) => redis.key('ratelimit', group, tracker),
          storage: new RedisThrottlerStorage(redis.client),
        };
      },
    }),
  ],
})
export class RateLimitsModule {}
