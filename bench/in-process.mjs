// The built app as an application context inside the bench process (as server/dist/worker.js boots
// it), for the benches that compare a service call with its raw baseline: the ledger and the queue.
import { dist, require } from './lib.mjs';

/**
 * Boots AppModule on `env` (the configuration is read once, at first import), its workers running
 * unless `workers` is false (a process that only posts to the ledger must not take another's jobs).
 */
export async function startContext(env, { workers = true } = {}) {
  Object.assign(process.env, env);
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { getModelToken } = require('@nestjs/mongoose');
  const { AppModule } = dist('app.module.js');
  const ctx = await NestFactory.createApplicationContext(AppModule, { logger: false });
  if (workers) ctx.get(dist('queue/workers.service.js').WorkersService).start();
  return {
    env,
    ledger: ctx.get(dist('ledger/ledger.service.js').LedgerService),
    InsufficientCredits: dist('ledger/ledger.service.js').InsufficientCredits,
    users: ctx.get(getModelToken('User'), { strict: false }),
    aiJobs: ctx.get(dist('ai/ai.jobs.js').AiJobs, { strict: false }),
    aiProvider: ctx.get(dist('ai/ai.provider.js').AI_PROVIDER, { strict: false }),
    goalSettlement: ctx.get(dist('goals/goal-settlement.js').GoalSettlement, { strict: false }),
    close: () => ctx.close(),
  };
}
