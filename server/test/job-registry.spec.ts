import { QueueEvents } from 'bullmq';

import { JobName } from '../src/queue/job-registry';
import { JobsService } from '../src/queue/jobs.service';
import { startTestApp, TestApp } from './harness';

/**
 * The typed job registry at work: every job of the registry found its handler when the app started
 * (the app refuses to start otherwise: see job-handlers.spec.ts), data of the wrong shape is refused
 * before it is enqueued, and a job whose data went wrong in Redis fails once instead of running.
 */
describe('job registry', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp()));
  afterAll(() => t?.close());

  it('refuses to enqueue data that does not fit the job', async () => {
    const jobs = t.app.get(JobsService);
    await expect(jobs.run(JobName.BmiAnalyze, { ownerId: 'u1', uploadId: 42 } as never)).rejects.toThrow(/uploadId/);
    const counts = await jobs.queue('ai').getJobCounts('waiting', 'active', 'completed', 'failed');
    expect(counts).toMatchObject({ waiting: 0, active: 0, completed: 0, failed: 0 });
  });

  it('fails a job with malformed data at once, without retrying it', async () => {
    const jobs = t.app.get(JobsService);
    const queue = jobs.queue('evidence');
    const events = new QueueEvents('evidence', { connection: { url: t.env.REDIS_URL }, prefix: t.env.REDIS_PREFIX });
    await events.waitUntilReady();
    try {
      const job = await queue.add(JobName.ProofCheck, { ownerId: 'u1', files: 'not a list' }, { attempts: 3 });
      await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/Malformed data for proof.check/);
      const failed = await queue.getJob(job.id!);
      expect(failed?.attemptsMade).toBe(1);
    } finally {
      await events.close();
    }
  });

  it('fails a job whose name no handler knows', async () => {
    const queue = t.app.get(JobsService).queue('chain');
    const events = new QueueEvents('chain', { connection: { url: t.env.REDIS_URL }, prefix: t.env.REDIS_PREFIX });
    await events.waitUntilReady();
    try {
      const job = await queue.add(JobName.CoachChat, { ownerId: 'u1', context: {} });
      await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/No job coach.chat on queue chain/);
    } finally {
      await events.close();
    }
  });
});
