import type { JobStateView } from '../src/contract';
import { signIn, startTestApp, TestApp } from './harness';

/**
 * GET /api/jobs/:id as the client uses it: it picks the key, sends the AI call with it and polls
 * the job's progress at once, before the call has queued the job.
 */
describe('job state while the call that queues it is on its way', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const chat = (auth: { Authorization: string }, userId: string, jobKey: string) =>
    t.http
      .post('/api/workout/chat')
      .set(auth)
      .set('x-job-key', jobKey)
      .send({ userId, message: 'How do I lose weight?', chatHistory: [] });

  it("answers 'waiting' for the caller's own job not queued yet, then the job itself once it is", async () => {
    const me = await signIn(t);
    const id = `ai-${me.user.id}-not-sent-yet-0001`;
    const before = await t.http.get(`/api/jobs/${id}`).set(me.auth).expect(200);
    expect(before.body).toEqual({
      id,
      name: null,
      state: 'waiting',
      progress: 0,
      failedReason: null,
    } satisfies JobStateView);

    await chat(me.auth, me.user.id, 'not-sent-yet-0001').expect(200);
    const after = await t.http.get(`/api/jobs/${id}`).set(me.auth).expect(200);
    expect(after.body).toMatchObject({ id, name: 'coach.chat', state: 'completed', progress: 100 });
  });

  it('answers every poll sent beside the call, none of them 404', async () => {
    const me = await signIn(t);
    const jobKey = 'polled-at-once-0001';
    const statuses: number[] = [];
    let answered = false;
    const call = chat(me.auth, me.user.id, jobKey).then((res) => {
      answered = true;
      return res;
    });
    while (!answered) statuses.push((await t.http.get(`/api/jobs/ai-${me.user.id}-${jobKey}`).set(me.auth)).status);
    expect((await call).status).toBe(200);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it("refuses another user's job id, queued or not, and a queue that does not exist", async () => {
    const [me, other] = [await signIn(t), await signIn(t)];
    await chat(other.auth, other.user.id, 'others-job-0001').expect(200);
    await t.http.get(`/api/jobs/ai-${other.user.id}-others-job-0001`).set(me.auth).expect(403);
    await t.http.get(`/api/jobs/ai-${other.user.id}-never-queued-0001`).set(me.auth).expect(403);
    const unknownQueue = await t.http.get(`/api/jobs/nosuch-${me.user.id}-some-key-0001`).set(me.auth).expect(404);
    expect(unknownQueue.body.code).toBe('JOB_NOT_FOUND');
  });
});
