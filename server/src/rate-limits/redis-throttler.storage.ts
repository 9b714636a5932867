import { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

// One round trip, atomic across replicas: count the hit, start the window on the first one, and
// once the limit is passed block for blockDuration (Redis expires both keys by itself).
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl <= 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], 1, 'PX', ARGV[3])
  blockTtl = tonumber(ARGV[3])
end
if blockTtl > 0 then return { hits, ttl, 1, blockTtl } end
return { hits, ttl, 0, 0 }
`;

/** @nestjs/throttler's storage in the app's Redis, so a budget is shared by every replica. */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly redis: Redis) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    // One hash tag for both keys keeps them in one Redis Cluster slot, as a multi-key script needs.
    const tag = `{${key}:${throttlerName}}`;
    const [totalHits, timeToExpire, blocked, timeToBlockExpire] = (await this.redis.eval(
      INCREMENT,
      2,
      `${tag}:hits`,
      `${tag}:blocked`,
      ttl,
      limit,
      blockDuration,
    )) as [number, number, number, number];
    // The throttler reports these in seconds (the Retry-After header).
    return {
      totalHits,
      timeToExpire: Math.ceil(timeToExpire / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(timeToBlockExpire / 1000),
    };
  }
}
