import type { HealthStatus } from '../contract';

/**
 * Readiness from what answers: without the database nothing can be served (503, the load balancer
 * takes the replica out); without Redis only the queued work (AI, chain checks) waits, and every
 * replica shares the same Redis, so a 503 then would drain them all for what most routes still
 * serve: 200, reported degraded.
 */
export function readiness(up: { database: boolean; redis: boolean }): { httpStatus: 200 | 503; body: HealthStatus } {
  const status = !up.database ? 'down' : up.redis ? 'ok' : 'degraded';
  return {
    httpStatus: up.database ? 200 : 503,
    body: { status, database: up.database ? 'up' : 'down', redis: up.redis ? 'up' : 'down' },
  };
}
