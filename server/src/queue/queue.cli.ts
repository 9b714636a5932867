import { registerCommand, UsageError } from '../cli/registry';
import { printTable } from '../cli/table';
import { QUEUE_NAMES, QueueName } from '../contract';
import { JobsService } from './jobs.service';

// Operator commands for the BullMQ queues: what is waiting or failed, and what to do about a failure.

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

function queueNamed(name: string | undefined): QueueName {
  if (!name || !(QUEUE_NAMES as readonly string[]).includes(name))
    throw new UsageError(`the queue must be one of ${QUEUE_NAMES.join(', ')}`);
  return name as QueueName;
}

registerCommand({
  name: 'jobs:counts',
  usage: '',
  summary: 'jobs in each queue by state',
  run: async ({ app, print }) => {
    const jobs = (await app()).get(JobsService, { strict: false });
    const rows = await Promise.all(
      QUEUE_NAMES.map(async (queue) => {
        const counts = await jobs.queue(queue).getJobCounts(...STATES);
        return [queue, ...STATES.map((state) => String(counts[state] ?? 0))];
      }),
    );
    printTable(print, ['QUEUE', ...STATES.map((s) => s.toUpperCase())], rows);
  },
});

registerCommand({
  name: 'jobs:failed',
  usage: '<queue> [--limit N]',
  summary: 'failed jobs of a queue, newest first: id, name, attempts, when, why',
  run: async ({ args, app, print }) => {
    const queue = queueNamed(args[0]);
    const limitAt = args.indexOf('--limit');
    const limit = limitAt === -1 ? 50 : Number(args[limitAt + 1]);
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError('--limit needs a positive whole number');
    const failed = await (
      await app()
    )
      .get(JobsService, { strict: false })
      .queue(queue)
      .getFailed(0, limit - 1);
    printTable(
      print,
      ['ID', 'NAME', 'ATTEMPTS', 'FAILED_AT', 'REASON'],
      failed.map((job) => [
        String(job.id),
        job.name,
        String(job.attemptsMade),
        job.finishedOn ? new Date(job.finishedOn).toISOString() : '',
        (job.failedReason ?? '').split('\n')[0].slice(0, 120),
      ]),
    );
    print(`${failed.length} failed job(s) in ${queue}`);
  },
});

registerCommand({
  name: 'jobs:retry',
  usage: '<queue> <jobId>|--all',
  summary: 'run failed jobs again (one, or every failed job of the queue)',
  run: async ({ args, app, print }) => {
    const queue = (await app()).get(JobsService, { strict: false }).queue(queueNamed(args[0]));
    if (args[1] === '--all') {
      const failed = await queue.getFailed();
      await Promise.all(failed.map((job) => job.retry('failed')));
      print(`${failed.length} job(s) queued again`);
      return;
    }
    const job = args[1] ? await queue.getJob(args[1]) : undefined;
    if (!args[1]) throw new UsageError('needs a job id or --all');
    if (!job || (await job.getState()) !== 'failed') {
      print(`no failed job ${args[1]} in ${queue.name}`);
      return 1;
    }
    await job.retry('failed');
    print(`job ${job.id} queued again`);
  },
});

registerCommand({
  name: 'jobs:remove',
  usage: '<queue> <jobId>',
  summary: 'delete a job that is not running (a failed one that must not run again)',
  run: async ({ args, app, print }) => {
    const queue = (await app()).get(JobsService, { strict: false }).queue(queueNamed(args[0]));
    if (!args[1]) throw new UsageError('needs a job id');
    const job = await queue.getJob(args[1]);
    if (!job || (await job.getState()) === 'active') {
      print(`no removable job ${args[1]} in ${queue.name}`);
      return 1;
    }
    await job.remove();
    print(`job ${job.id} removed`);
  },
});
