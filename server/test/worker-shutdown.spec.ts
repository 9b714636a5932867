import type { ChildProcess } from 'node:child_process';

import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Response } from 'supertest';

import { FakeOpenAi, PLAN_ANSWER, startFakeOpenAi } from '../../test/fakes/openai';
import type { WorkoutView } from '../src/contract';
import { createRedis } from '../src/redis/redis.service';
import { signIn, startTestApp, TestApp } from './harness';
import { exited, kill, startWorkerProcess } from './support/worker-process';

const JOBS = 12;
/** Each model call takes this long, so the worker's running jobs are mid-call when it is told to stop. */
const MODEL_MS = 2500;
const DEADLINE_MS = 20_000;

const until = async (done: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('the worker process stopped (SIGTERM) while jobs run', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let queue: Queue;
  let connection: Redis;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi({ content: PLAN_ANSWER, delayMs: MODEL_MS });
    // The API only enqueues and waits (WORKER_INLINE=0 shape); its calls outlive a worker's restart.
    t = await startTestApp(
      {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_TIMEOUT_MS: '60000',
        AI_JOB_TIMEOUT_MS: '120000',
        SHUTDOWN_DEADLINE_MS: String(DEADLINE_MS),
        QUEUE_LOCK_MS: '2000',
      },
      { workers: false },
    );
    connection = createRedis(t.env.REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue('ai', { connection, prefix: t.env.REDIS_PREFIX });
  });
  afterAll(async () => {
    await Promise.all(children.map(kill));
    // Calls still waiting when an assertion ended the test early would hold the app's close.
    t.app.getHttpServer().closeAllConnections();
    await queue.close();
    connection.disconnect();
    await t.close();
    await fake.close();
  });

  it('finishes the running jobs, takes no new one, exits 0; the waiting jobs stay queued for the next worker', async () => {
    const users = await Promise.all(Array.from({ length: JOBS }, () => signIn(t)));
    children.push(await startWorkerProcess(t.env));
    const answered: Response[] = [];
    const answers = users.map((me) =>
      t.http
        .post('/api/workout/generate')
        .set(me.auth)
        .send({ userId: me.user.id })
        .then((res) => (answered.push(res), res)),
    );
    // The worker has taken as many jobs as it runs at once, and each is waiting on the model.
    await until(
      async () =>
        (await queue.getJobCounts('waiting')).waiting + fake.requests.length === JOBS && fake.requests.length > 0,
      30_000,
      'jobs to start',
    );
    let started = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fake.requests.length).toBe(started);
    const running = (await queue.getJobCounts('active')).active;
    expect(running).toBe(started);
    expect(running).toBeLessThan(JOBS);

    const stoppedAt = Date.now();
    const ended = exited(children[0]);
    children[0].kill('SIGTERM');
    expect(await ended).toEqual({ code: 0, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(DEADLINE_MS);
    // It took no new job while stopping: the model saw only the calls of the jobs it was running.
    expect(fake.requests.length).toBe(started);
    const counts = await queue.getJobCounts('completed', 'failed', 'active', 'waiting', 'delayed');
    expect(counts).toEqual({
      completed: running,
      failed: 0,
      active: 0,
      waiting: JOBS - running,
      delayed: 0,
    });
    // Their results reached the API calls waiting on them.
    await until(() => answered.length === running, 5000, 'the finished jobs to be answered');
    expect(answered.map((res) => res.status)).toEqual(Array(running).fill(201));

    started = fake.requests.length;
    children.push(await startWorkerProcess(t.env));
    const all = await Promise.all(answers);
    expect(all.map((res) => res.status)).toEqual(Array(JOBS).fill(201));
    expect(all.every((res) => (res.body as WorkoutView).name === 'Survivor Strength')).toBe(true);
    expect(fake.requests.length - started).toBe(JOBS - running);
    expect(await queue.getJobCounts('completed', 'failed')).toEqual({ completed: JOBS, failed: 0 });
  }, 180_000);

  it('past SHUTDOWN_DEADLINE_MS cuts the running job (exit 1); it is not failed, and the next worker runs it', async () => {
    await Promise.all(children.splice(0).map(kill));
    const me = await signIn(t);
    const worker = await startWorkerProcess({ ...t.env, SHUTDOWN_DEADLINE_MS: '1000' });
    children.push(worker);
    const called = new Promise<void>((resolve) => (fake.onRequest = resolve));
    fake.script = [{ hang: true }];
    const answer = t.http
      .post('/api/workout/generate')
      .set(me.auth)
      .set('x-job-key', 'cut-job-0001')
      .send({ userId: me.user.id })
      .then((res) => res);
    await called;

    const stoppedAt = Date.now();
    const ended = exited(worker);
    worker.kill('SIGTERM');
    expect(await ended).toEqual({ code: 1, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(1000 + 3000);
    const job = () => queue.getJob(`ai-${me.user.id}-cut-job-0001`);
    expect(await (await job())!.getState()).toBe('active');

    // Its lock lapses (QUEUE_LOCK_MS) and the next worker's stalled-job check takes it again.
    children.push(await startWorkerProcess(t.env));
    const res = await answer;
    expect(res.status).toBe(201);
    expect(await (await job())!.getState()).toBe('completed');
  }, 120_000);
});
