import type { WorkoutView } from '../src/contract';
import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import { SignedIn, TestApp, signIn, startTestApp } from './harness';

/** A plan as an OpenAI-compatible model would answer it (WorkoutPlan in ai.provider.ts). */
const GOOD_PLAN = JSON.stringify({
  name: 'Fake Model Strength',
  exercises: [
    { name: 'Arm Circles', description: 'Circle the arms forward, then back.', phase: 'warmup', prescription: '60 s', muscles: ['shoulders'] },
    { name: 'Push-Up', description: 'Lower the chest to the floor and press back up.', phase: 'main', prescription: '3 × 10', muscles: ['chest', 'arms'] },
    { name: 'Goblet Squat', description: 'Hold a weight at the chest and squat.', phase: 'main', prescription: '3 × 12', muscles: ['legs', 'glutes'] },
    { name: 'Child Pose', description: 'Sit back on the heels and breathe.', phase: 'cooldown', prescription: '60 s', muscles: ['mobility'] },
  ],
  notes: [],
});

describe('the OpenAI provider through the real SDK, a real worker and a fake OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  let me: SignedIn;
  /** When each completion request arrived (ms), to see the backoff between attempts. */
  let arrivals: number[];

  beforeAll(async () => {
    fake = await startFakeOpenAi({ content: GOOD_PLAN });
    fake.onRequest = () => arrivals.push(Date.now());
    t = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: 'fake-model', OPENAI_TIMEOUT_MS: '400' });
    me = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    arrivals = [];
    fake.script = [];
  });

  const generate = () => t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id, type: 'strength', duration: 30 });

  it('uses a good structured answer, asking for JSON that matches the contract', async () => {
    const workout = (await generate().expect(201)).body as WorkoutView;
    expect(workout).toMatchObject({ name: 'Fake Model Strength', type: 'strength', duration: 30, creditsReward: 14 });
    expect(workout.exercises.map((e) => e.id)).toEqual(['ex1', 'ex2', 'ex3', 'ex4']);
    const sent = JSON.parse(fake.requests[fake.requests.length - 1].body);
    expect(sent).toMatchObject({ model: 'fake-model', response_format: { type: 'json_schema', json_schema: { name: 'workout_plan' } } });
    expect(fake.requests[fake.requests.length - 1].headers.authorization).toBe('Bearer sk-test');
    expect(arrivals).toHaveLength(1);
  });

  it('retries a malformed answer, then uses the good one', async () => {
    fake.script = [{ content: 'Sure! Here is your workout: squats.' }, { content: JSON.stringify({ name: 'x', exercises: [] }) }];
    const workout = (await generate().expect(201)).body as WorkoutView;
    expect(workout.name).toBe('Fake Model Strength');
    expect(arrivals).toHaveLength(3);
  });

  it('answers a clear 502 when every attempt is malformed', async () => {
    fake.script = [{ content: 'nope' }, { content: 'nope' }, { content: 'nope' }];
    const res = await generate().expect(502);
    expect(res.body).toEqual({ statusCode: 502, code: 'AI_MALFORMED_ANSWER', message: 'The AI service answered in an unexpected format. Please try again.', error: 'AI Error' });
    expect(arrivals).toHaveLength(3);
  });

  it('retries a 500 with exponential backoff', async () => {
    fake.script = [{ status: 500 }, { status: 500 }];
    await generate().expect(201);
    expect(arrivals).toHaveLength(3);
    const [first, second] = [arrivals[1] - arrivals[0], arrivals[2] - arrivals[1]];
    // JobsService: backoff 500 ms, doubling.
    expect(first).toBeGreaterThanOrEqual(450);
    expect(second).toBeGreaterThanOrEqual(950);
  });

  it('turns a provider that never answers into a clear 504 after the retries', async () => {
    fake.script = [{ hang: true }, { hang: true }, { hang: true }];
    const res = await generate().expect(504);
    expect(res.body).toEqual({ statusCode: 504, code: 'AI_TIMEOUT', message: 'The AI service did not answer in time. Please try again.', error: 'AI Timeout' });
    expect(arrivals).toHaveLength(3);
  });

  it('reads a conversation with the model and answers the coach with its text', async () => {
    const request = { type: 'yoga', difficulty: 'beginner', minutes: 20, equipment: [], limitations: ['wrist'], focus: [], soreMuscles: [] };
    fake.script = [{ content: JSON.stringify({ found: true, request }) }, { content: GOOD_PLAN }, { content: 'Rest your wrist and stretch gently.' }];
    const chatHistory = [{ role: 'user', content: 'A short yoga session please, my wrist hurts' }];
    const workout = (await t.http.post('/api/workout/generate-from-chat').set(me.auth).send({ userId: me.user.id, chatHistory }).expect(201)).body;
    expect(workout).toMatchObject({ type: 'yoga', difficulty: 'beginner', duration: 20, creditsReward: 10 });

    // The reading asks for the new fields as structured output, with the profile as the fallback.
    const [reading, planning] = fake.requests.slice(-2).map((r) => JSON.parse(r.body));
    expect(reading.response_format.json_schema.name).toBe('chat_reading');
    const fields = Object.keys(readingFields(reading));
    expect(fields).toEqual(expect.arrayContaining(['type', 'difficulty', 'minutes', 'equipment', 'limitations', 'focus', 'soreMuscles']));
    expect(JSON.parse(reading.messages[1].content)).toEqual({ profile: { fitnessLevel: 'beginner', goal: null, equipment: [], limitations: [] }, chat: chatHistory });
    // Every constraint read reaches the plan request.
    expect(JSON.parse(planning.messages[1].content)).toMatchObject({ type: 'yoga', minutes: 20, equipment: [], limitations: ['wrist'], focus: [], goal: null });

    const reply = await t.http.post('/api/workout/chat').set(me.auth).send({ userId: me.user.id, message: 'Any advice?', chatHistory }).expect(200);
    expect(reply.body).toEqual({ response: 'Rest your wrist and stretch gently.', workoutGenerated: false });
    const system = JSON.parse(fake.requests[fake.requests.length - 1].body).messages[0].content as string;
    expect(system).toMatch(/Profile: level beginner; goal not set; equipment none stated \(assume bodyweight\); limitations none stated; age unknown/);
    expect(system).toMatch(/Recent training: last session none yet; 0 sessions in the last 7 days/);
    expect(system).toMatch(/physiotherapist or doctor/);
    expect(system).toMatch(/0\.5–1 % of body weight a week/);

    fake.script = [{ content: JSON.stringify({ found: false, request: null }) }];
    const nothing = await t.http.post('/api/workout/generate-from-chat').set(me.auth).send({ userId: me.user.id, chatHistory: [{ role: 'user', content: 'hi' }] });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error).toBe('Generation Failed');
  });

  it('refuses a reading outside the limits (minutes above 90) as malformed', async () => {
    const request = { type: 'hiit', difficulty: 'advanced', minutes: 120, equipment: [], limitations: [], focus: [], soreMuscles: [] };
    fake.script = Array.from({ length: 3 }, () => ({ content: JSON.stringify({ found: true, request }) }));
    const res = await t.http.post('/api/workout/generate-from-chat').set(me.auth).send({ userId: me.user.id, chatHistory: [{ role: 'user', content: 'two hours of HIIT' }] });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('AI_MALFORMED_ANSWER');
  });
});

/** The property names of the request the chat reading asks the model for. */
function readingFields(reading: { response_format: { json_schema: { schema: unknown } } }): Record<string, unknown> {
  const schema = reading.response_format.json_schema.schema as { properties: { request: { anyOf?: Array<{ properties?: Record<string, unknown> }>; properties?: Record<string, unknown> } } };
  const request = schema.properties.request;
  return request.properties ?? request.anyOf?.find((s) => s.properties)?.properties ?? {};
}

describe('an HTTP call waiting on an AI job that outlasts AI_JOB_TIMEOUT_MS', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ hang: true });
    t = await startTestApp({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_TIMEOUT_MS: '3000', AI_JOB_TIMEOUT_MS: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers a clear 504 instead of hanging', async () => {
    const me = await signIn(t);
    const started = Date.now();
    const res = await t.http.post('/api/workout/chat').set(me.auth).send({ userId: me.user.id, message: 'hello' }).expect(504);
    expect(res.body).toEqual({ statusCode: 504, code: 'JOB_TIMEOUT', message: 'This is taking longer than expected, please try again', error: 'Timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
