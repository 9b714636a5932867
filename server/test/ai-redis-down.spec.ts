import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { RedisProcess, waitFor } from './redis-process';
import { clockOf } from './support/sessions';

describe('AI routes while Redis is down', () => {
  let t: TestApp;
  let redis: RedisProcess;
  let me: SignedIn;
  beforeAll(async () => {
    redis = await RedisProcess.create();
    t = await startTestApp({ REDIS_URL: redis.url, AI_JOB_TIMEOUT_MS: '5000', TEST_CLOCK: '1' });
    me = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
  });

  it('answer 503 at once while the rest of training keeps working, and recover when Redis is back', async () => {
    await t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id }).expect(201);
    await redis.stop();

    const started = Date.now();
    const res = await t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id }).expect(503);
    expect(res.body.message).toMatch(/queue is unavailable/);
    await t.http.post('/api/workout/chat').set(me.auth).send({ userId: me.user.id, message: 'hi' }).expect(503);
    expect(Date.now() - started).toBeLessThan(4000);

    const today = await t.http.get('/api/workout/today').set(me.auth).expect(200);
    await t.http
      .put(`/api/workout/${today.body.id}/progress`)
      .set(me.auth)
      .send({ userId: me.user.id, exerciseId: 'ex1', done: true })
      .expect(200);
    clockOf(t).advance(today.body.duration * 30_000);
    await t.http
      .post('/api/workout/complete')
      .set(me.auth)
      .send({ userId: me.user.id, workoutId: today.body.id, completedExercises: ['ex1'] })
      .expect(200);
    await t.http.get('/api/workout/sessions').set(me.auth).expect(200);

    await redis.start();
    await waitFor(
      async () =>
        (await t.http.post('/api/workout/chat').set(me.auth).send({ userId: me.user.id, message: 'hi' })).status ===
        200,
    );
  });
});
