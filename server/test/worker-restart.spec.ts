import type { ChildProcess } from 'node:child_process';

import { FakeOpenAi, PLAN_ANSWER, startFakeOpenAi } from '../../test/fakes/openai';
import type { WorkoutView } from '../src/contract';
import { signIn, startTestApp, TestApp } from './harness';
import { kill, startWorkerProcess } from './support/worker-process';

describe('an AI job survives its worker being killed mid-job', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi({ content: PLAN_ANSWER });
    // The API only enqueues and waits; the worker runs in a child process (WORKER_INLINE=0 shape).
    // The HTTP call waits long enough for a worker process to boot twice on a busy machine.
    t = await startTestApp(
      {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: `${fake.url}/v1`,
        OPENAI_TIMEOUT_MS: '60000',
        QUEUE_LOCK_MS: '2000',
        AI_JOB_TIMEOUT_MS: '100000',
      },
      { workers: false },
    );
  });
  afterAll(async () => {
    await Promise.all(children.map(kill));
    await t.close();
    await fake.close();
  });

  it('is picked up by the restarted worker and completes once', async () => {
    const me = await signIn(t);
    children.push(await startWorkerProcess(t.env));
    const firstCallArrived = new Promise<void>((resolve) => (fake.onRequest = resolve));
    fake.script = [{ hang: true }];

    const jobKey = 'restart-job-0001';
    const answer = t.http
      .post('/api/workout/generate')
      .set(me.auth)
      .set('x-job-key', jobKey)
      .send({ userId: me.user.id })
      .then((res) => res);
    await firstCallArrived;
    await kill(children[0]);
    children.push(await startWorkerProcess(t.env));

    const res = await answer;
    expect(res.status).toBe(201);
    expect((res.body as WorkoutView).name).toBe('Survivor Strength');
    // One call died with the first worker, the second worker's call answered.
    expect(fake.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(2);
    const job = await t.http.get(`/api/jobs/ai-${me.user.id}-${jobKey}`).set(me.auth).expect(200);
    expect(job.body).toMatchObject({ name: 'workout.generate', state: 'completed', progress: 100 });
    const today = await t.http.get('/api/workout/today').set(me.auth).expect(200);
    expect(today.body.id).toBe(res.body.id);
  }, 150_000);
});
