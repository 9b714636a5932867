// Child process of the scale bench (bench/scale.mjs): times one pass of goal settlement
// (GoalSettlement.settleAll, what the maintenance job runs every GOAL_SETTLE_INTERVAL_MS) on the
// bench server's database, in the built app booted on this process's environment, and prints
// { ms, settled }. A child for the reason grant-credits.mjs is one: the app reads its configuration
// once per process.
import { startContext } from './in-process.mjs';

const ctx = await startContext(process.env, { workers: false });
try {
  const started = performance.now();
  const settled = await ctx.goalSettlement.settleAll();
  process.stdout.write(JSON.stringify({ ms: performance.now() - started, settled }));
} finally {
  await ctx.close();
}
// Explicit exit: a Redis or Mongo socket still closing must not keep the bench waiting.
process.exit(0);
