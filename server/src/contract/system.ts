import { z } from 'zod';

/** GET /api/health/ready (and /api/health): what the process can reach. */
export const HealthStatus = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
});
export type HealthStatus = z.infer<typeof HealthStatus>;

/** GET /api/health/live: the process answers (nothing else is checked). */
export const Liveness = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof Liveness>;

/** Public settings the client needs at start (chain, AI engine label, social login availability). */
export const ClientConfig = z.object({
  publicUrl: z.string(),
  solanaCluster: z.string(),
  solanaRpcUrl: z.string(),
  treasuryAddress: z.string(),
  aiEngine: z.string(),
  twitterLogin: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

/** GET /api/jobs/:id. An id of the caller's own not queued yet is 'waiting' with no name (its call is on its way). */
export const JobStateView = z.object({
  id: z.string(),
  name: z.string().nullable(),
  state: z.string(),
  progress: z.number(),
  failedReason: z.string().nullable(),
});
export type JobStateView = z.infer<typeof JobStateView>;

/** The value of the JOB_KEY_HEADER an AI call may carry. */
export const JobKey = z.string().regex(/^[A-Za-z0-9-]{8,64}$/);

/** POST /api/test/clock (only with TEST_CLOCK=1): move the server's clock forward. */
/**
 * `minutes` moves the clock that far; `until` moves it to that time unless it is already past it, so
 * concurrent callers (the load's users) together move it only as far as the latest of them needs.
 */
export const TestClockAdvance = z.union([
  z.strictObject({
    minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  }),
  z.strictObject({ until: z.iso.datetime({ offset: true }) }),
]);
export type TestClockAdvance = z.infer<typeof TestClockAdvance>;
export const TestClockView = z.object({ now: z.string() });
export type TestClockView = z.infer<typeof TestClockView>;
