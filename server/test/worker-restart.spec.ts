import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { WorkoutView } from '../src/contract';
import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import { TestApp, signIn, startTestApp } from './harness';

// The model's answer: catalogue ids per block, which the server doses (server/src/ai/openai.provider.ts).
const GOOD_PLAN = JSON.stringify({ name: 'Survivor Strength', warmup: ['arm-circles'], main: ['push-up', 'bodyweight-squat'], cooldown: ['childs-pose'], notes: [] });

/** The production worker entry (src/worker.ts) in its own process, resolved once it consumes the queues. */
function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-r', join(__dirname, 'support', 'ts-register.js'), join(__dirname, '..', 'src', 'worker.ts')], {
    // At info, whatever the tests' LOG_LEVEL: its "worker started" line (JSON) says it is ready.
    env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('worker started')) resolve(child);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before starting:\n${output}`)));
  });
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('an AI job survives its worker being killed mid-job', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi({ content: GOOD_PLAN });
    // The API only enqueues and waits; the worker runs in a child process (WORKER_INLINE=0 shape).
    // The HTTP call waits long enough for a worker process to boot twice on a busy machine.
    t = await startTestApp(
      { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_MS: '60000', QUEUE_LOCK_MS: '2000', AI_JOB_TIMEOUT_MS: '100000' },
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
    const answer = t.http.post('/api/workout/generate').set(me.auth).set('x-job-key', jobKey).send({ userId: me.user.id }).then((res) => res);
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
