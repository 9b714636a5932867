import { FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai';
import type { WorkoutView } from '../src/contract';
import { MUSCLES } from '../src/contract/values';
import { CATALOGUE, catalogueExercise, findExercisesNamed } from '../src/workouts/catalogue';
import { screeningAllows } from '../src/workouts/screening/screening.rules';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';

/** A choice as an OpenAI-compatible model would answer it: catalogue ids per block (the server doses them). */
const GOOD_PLAN = JSON.stringify({
  name: 'Fake Model Strength',
  warmup: [],
  main: ['reverse-lunge', 'bodyweight-squat'],
  cooldown: [],
  notes: ['Legs first today.'],
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
    t = await startTestApp({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_MODEL: 'fake-model',
      OPENAI_TIMEOUT_MS: '400',
    });
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

  const generate = () =>
    t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id, type: 'strength', duration: 30 });

  it('uses a good structured answer, asking for catalogue ids the request allows, and doses them on the server', async () => {
    const workout = (await generate().expect(201)).body as WorkoutView;
    expect(workout).toMatchObject({ name: 'Fake Model Strength', type: 'strength', duration: 30, creditsReward: 14 });
    expect(workout.exercises.map((e) => e.id)).toEqual(workout.exercises.map((_, i) => `ex${i + 1}`));
    const main = workout.exercises.filter((e) => e.phase === 'main').map((e) => e.catalogueId);
    expect(main).toEqual(expect.arrayContaining(['reverse-lunge', 'bodyweight-squat']));
    expect(workout.exercises.every((e) => e.dose && e.prescription)).toBe(true);
    expect(workout.notes).toContain('Legs first today.');
    const sent = JSON.parse(fake.requests[fake.requests.length - 1].body);
    expect(sent).toMatchObject({
      model: 'fake-model',
      response_format: { type: 'json_schema', json_schema: { name: 'workout_plan', strict: true } },
    });
    expect(strictModeProblems(sent.response_format.json_schema.schema)).toEqual([]);
    // The ids offered are an enum of what this user may do: bodyweight only (no profile equipment yet), at their level.
    const offered: string[] = sent.response_format.json_schema.schema.properties.main.items.enum;
    expect(offered).toContain('bodyweight-squat');
    for (const id of offered)
      expect(catalogueExercise(id)).toMatchObject({
        equipment: [],
        level: expect.stringMatching(/beginner|intermediate/),
      });
    expect(offered).not.toContain(CATALOGUE.find((e) => e.equipment.length > 0 && e.types.includes('strength'))!.id);
    expect(fake.requests[fake.requests.length - 1].headers.authorization).toBe('Bearer sk-test');
    expect(arrivals).toHaveLength(1);
  });

  it('retries a malformed answer, then uses the good one', async () => {
    fake.script = [
      { content: 'Sure! Here is your workout: squats.' },
      { content: JSON.stringify({ name: 'x', warmup: [], main: ['barbell-back-squat'], cooldown: [], notes: [] }) },
    ];
    const workout = (await generate().expect(201)).body as WorkoutView;
    expect(workout.name).toBe('Fake Model Strength');
    expect(arrivals).toHaveLength(3);
  });

  it('answers a clear 502 when every attempt is malformed', async () => {
    fake.script = [{ content: 'nope' }, { content: 'nope' }, { content: 'nope' }];
    const res = await generate().expect(502);
    expect(res.body).toEqual({
      statusCode: 502,
      code: 'AI_MALFORMED_ANSWER',
      message: 'The AI service answered in an unexpected format. Please try again.',
      error: 'AI Error',
    });
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
    expect(res.body).toEqual({
      statusCode: 504,
      code: 'AI_TIMEOUT',
      message: 'The AI service did not answer in time. Please try again.',
      error: 'AI Timeout',
    });
    expect(arrivals).toHaveLength(3);
  });

  it('reads a conversation with the model and answers the coach with its text', async () => {
    const request = {
      type: 'yoga',
      difficulty: 'beginner',
      minutes: 15,
      equipment: [],
      limitations: ['wrist'],
      focus: [],
      soreMuscles: [],
      focusMuscles: [],
    };
    const yogaChoice = JSON.stringify({ name: 'Fake Gentle Yoga', warmup: [], main: [], cooldown: [], notes: [] });
    fake.script = [
      { content: JSON.stringify({ found: true, request }) },
      { content: yogaChoice },
      { content: 'Rest your wrist and stretch gently.' },
    ];
    const chatHistory = [{ role: 'user', content: 'A short yoga session please, my wrist hurts' }];
    const workout = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(me.auth)
        .send({ userId: me.user.id, chatHistory })
        .expect(201)
    ).body;
    expect(workout).toMatchObject({
      name: 'Fake Gentle Yoga',
      type: 'yoga',
      difficulty: 'beginner',
      duration: 15,
      creditsReward: 5,
    });
    for (const e of workout.exercises) expect(catalogueExercise(e.catalogueId!)!.loads).not.toContain('wrist');

    // The reading asks for the new fields as structured output, with the profile as the fallback.
    const [reading, planning] = fake.requests.slice(-2).map((r) => JSON.parse(r.body));
    expect(reading.response_format.json_schema).toMatchObject({ name: 'chat_reading', strict: true });
    expect(strictModeProblems(reading.response_format.json_schema.schema)).toEqual([]);
    const fields = Object.keys(readingFields(reading));
    expect(fields).toEqual(
      expect.arrayContaining([
        'type',
        'difficulty',
        'minutes',
        'equipment',
        'limitations',
        'focus',
        'soreMuscles',
        'focusMuscles',
      ]),
    );
    expect(JSON.parse(reading.messages[1].content)).toEqual({
      profile: { fitnessLevel: 'beginner', goal: null, equipment: [], limitations: [] },
      chat: chatHistory,
    });
    // Every constraint read reaches the plan request.
    expect(JSON.parse(planning.messages[1].content).request).toMatchObject({
      type: 'yoga',
      minutes: 15,
      equipment: [],
      limitations: ['wrist'],
      focus: [],
      goal: null,
    });

    const reply = await t.http
      .post('/api/workout/chat')
      .set(me.auth)
      .send({ userId: me.user.id, message: 'Any advice?', chatHistory })
      .expect(200);
    expect(reply.body).toEqual({ response: 'Rest your wrist and stretch gently.', workoutGenerated: false });
    const system = JSON.parse(fake.requests[fake.requests.length - 1].body).messages[0].content as string;
    expect(system).toMatch(
      /Profile: level beginner; goal not set; equipment none stated \(assume bodyweight\); limitations none stated; age unknown/,
    );
    expect(system).toMatch(/Recent training: last session none yet; 0 sessions in the last 7 days/);
    expect(system).toMatch(/physiotherapist or doctor/);
    expect(system).toMatch(/0\.5–1 % of body weight a week/);

    fake.script = [{ content: JSON.stringify({ found: false, request: null }) }];
    const nothing = await t.http
      .post('/api/workout/generate-from-chat')
      .set(me.auth)
      .send({ userId: me.user.id, chatHistory: [{ role: 'user', content: 'hi' }] });
    expect(nothing.status).toBe(422);
    expect(nothing.body.error).toBe('Generation Failed');
  });

  it('keeps the saved profile and the limitations the chat states even when the model drops them, and tells the coach the profile', async () => {
    const saved = await signIn(t);
    const profile = {
      age: 45,
      height: 170,
      weight: 90,
      goal: 'lose_fat',
      equipment: ['dumbbells'],
      limitations: ['knee'],
      units: 'imperial',
      timeZone: 'UTC',
    };
    await t.http.put('/api/profile').set(saved.auth).send(profile).expect(200);
    const request = {
      type: 'strength',
      difficulty: 'beginner',
      minutes: 30,
      equipment: ['dumbbells'],
      limitations: [],
      focus: ['legs'],
      soreMuscles: [],
      focusMuscles: [],
    };
    const choice = JSON.stringify({ name: 'Fake Legs', warmup: [], main: [], cooldown: [], notes: [] });
    fake.script = [
      { content: JSON.stringify({ found: true, request }) },
      { content: choice },
      { content: 'Keep going.' },
    ];
    const chatHistory = [{ role: 'user', content: 'Legs today please, 30 minutes. My ankle is sprained.' }];
    const workout = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(saved.auth)
        .send({ userId: saved.user.id, chatHistory })
        .expect(201)
    ).body as WorkoutView;
    const [reading, planning] = fake.requests.slice(-2).map((r) => JSON.parse(r.body));
    expect(JSON.parse(reading.messages[1].content).profile).toEqual({
      fitnessLevel: 'beginner',
      goal: 'lose_fat',
      equipment: ['dumbbells'],
      limitations: ['knee'],
    });
    const planned = JSON.parse(planning.messages[1].content);
    expect(planned.request).toMatchObject({
      limitations: ['knee', 'ankle'],
      equipment: ['dumbbells'],
      goal: 'lose_fat',
    });
    // The model may only choose exercises that spare both: the ids offered, and so the workout.
    const offered: string[] = planning.response_format.json_schema.schema.properties.main.items.enum;
    for (const id of [...offered, ...workout.exercises.map((e) => e.catalogueId!)])
      expect(catalogueExercise(id)!.loads.filter((l) => l === 'knee' || l === 'ankle')).toEqual([]);
    expect(workout.notes.join(' ')).toMatch(/knee or ankle/);

    await t.http
      .post('/api/workout/chat')
      .set(saved.auth)
      .send({ userId: saved.user.id, message: 'Any advice?', chatHistory })
      .expect(200);
    const system = JSON.parse(fake.requests[fake.requests.length - 1].body).messages[0].content as string;
    expect(system).toMatch(
      /Profile: level beginner; goal lose_fat; equipment dumbbells; limitations knee; age 45; height 170 cm; weight 90 kg/,
    );
    expect(system).toMatch(/imperial units: give weights in lb/);
  });

  it('holds the health screening on the model: ruled-out picks and its notes on loads are dropped, red flags never reach it, its answers carry the advice', async () => {
    const member = await signIn(t);
    const health = {
      pregnancy: 'pregnant',
      pregnancyWeeks: 24,
      weeksSinceBirth: null,
      usedToHighImpact: false,
      conditions: [],
    };
    await t.http
      .put('/api/profile')
      .set(member.auth)
      .send({
        age: 30,
        height: 165,
        weight: 62,
        goal: null,
        equipment: [],
        limitations: ['shoulder'],
        units: 'metric',
        timeZone: 'UTC',
        health,
      })
      .expect(200);
    // The model picks crunches, a bridge, jumping jacks and a shoulder press, and claims what it spares.
    fake.script = [
      {
        content: JSON.stringify({
          name: 'Fake HIIT',
          warmup: ['jumping-jacks'],
          main: ['crunch', 'glute-bridge', 'burpee', 'pike-push-up'],
          cooldown: ['corpse-pose'],
          notes: ['Nothing that loads your knee.'],
        }),
      },
    ];
    const workout = (
      await t.http
        .post('/api/workout/generate')
        .set(member.auth)
        .send({ userId: member.user.id, type: 'hiit', difficulty: 'advanced', duration: 30 })
        .expect(201)
    ).body as WorkoutView;
    const planning = JSON.parse(fake.requests[fake.requests.length - 1].body);
    const offered: string[] = planning.response_format.json_schema.schema.properties.main.items.enum;
    for (const id of [...offered, ...workout.exercises.map((e) => e.catalogueId!)]) {
      const entry = catalogueExercise(id)!;
      expect([
        id,
        entry.lying,
        entry.impact === 'high' || entry.pattern === 'plyometric',
        entry.allOut,
        entry.loads.includes('shoulder'),
      ]).toEqual([id, undefined, false, undefined, false]);
    }
    expect(workout.difficulty).toBe('intermediate');
    expect(workout.notes[0]).toMatch(/Pregnancy, week 24: .*midwife or doctor/);
    expect(workout.notes).not.toContain('Nothing that loads your knee.');

    // An answer under the screening's limits always carries its advice.
    fake.script = [{ content: 'Keep moving, you are doing great.' }];
    const reply = await t.http
      .post('/api/workout/chat')
      .set(member.auth)
      .send({ userId: member.user.id, message: 'Any tips for today?', chatHistory: [] })
      .expect(200);
    expect(reply.body.response).toMatch(/^Keep moving, you are doing great\. Pregnancy, week 24: .*midwife or doctor/);
    expect(JSON.parse(fake.requests[fake.requests.length - 1].body).messages[0].content).toMatch(
      /Health screening, to keep to in every answer: Pregnancy, week 24/,
    );
    // A red flag is answered by the rules, this time and every time after: the model is not asked.
    const before = fake.requests.length;
    const flagged = await t.http
      .post('/api/workout/chat')
      .set(member.auth)
      .send({ userId: member.user.id, message: 'I have chest pain when I train', chatHistory: [] })
      .expect(200);
    expect(flagged.body.response).toMatch(/stop exercising and see a doctor/);
    expect(fake.requests.length).toBe(before);
  });

  it('checks the exercises the model names against the limitations and the screening before the member sees them', async () => {
    const shoulder = await signIn(t);
    await t.http
      .put('/api/profile')
      .set(shoulder.auth)
      .send({
        age: 40,
        height: 180,
        weight: 80,
        goal: null,
        equipment: ['dumbbells'],
        limitations: ['shoulder'],
        units: 'metric',
        timeZone: 'UTC',
      })
      .expect(200);
    const ask = (member: SignedIn, message: string) =>
      t.http
        .post('/api/workout/chat')
        .set(member.auth)
        .send({ userId: member.user.id, message, chatHistory: [] })
        .expect(200);
    fake.script = [
      { content: 'Try dumbbell shrugs for your upper back, 3 sets of 12. Keep every rep slow and controlled.' },
    ];
    const repaired = (await ask(shoulder, 'What can I do for my traps?')).body.response as string;
    expect(repaired).not.toMatch(/Try dumbbell shrugs/i);
    expect(repaired).toMatch(/^Not Dumbbell Shrug for you \(it loads your shoulder\)/);
    expect(repaired).toMatch(/Keep every rep slow and controlled\.$/);

    // A limitation said in the chat counts too, and an answer that was only ruled-out exercises is the local coach's.
    fake.script = [{ content: 'Do burpees.' }];
    const replaced = (
      await t.http
        .post('/api/workout/chat')
        .set(me.auth)
        .send({ userId: me.user.id, message: 'Any tips? My wrist hurts.', chatHistory: [] })
        .expect(200)
    ).body.response as string;
    expect(replaced).not.toMatch(/burpee/i);
    expect(replaced).toMatch(/wrist/);

    const pregnant = await signIn(t);
    const health = {
      pregnancy: 'pregnant',
      pregnancyWeeks: 24,
      weeksSinceBirth: null,
      usedToHighImpact: false,
      conditions: [],
    };
    await t.http
      .put('/api/profile')
      .set(pregnant.auth)
      .send({
        age: 31,
        height: 168,
        weight: 65,
        goal: null,
        equipment: [],
        limitations: [],
        units: 'metric',
        timeZone: 'UTC',
        health,
      })
      .expect(200);
    fake.script = [{ content: 'Glute bridges are a great way to train your glutes. Add some squats between sets.' }];
    const safe = (await ask(pregnant, 'What should I do for my glutes?')).body.response as string;
    expect(safe).toMatch(
      /^Not Glute Bridge for you \(it is done lying on your back\): .+ trains the same movement instead\. Add some squats between sets\./,
    );
    // The screening's advice still reaches her, and nothing left in the answer is ruled out for her.
    expect(safe).toMatch(/Pregnancy, week 24: .*midwife or doctor/);
    const limits = {
      noSupine: true,
      noProne: true,
      noHighImpact: true,
      noAllOut: true,
      maxDifficulty: 'intermediate' as const,
      notes: [],
    };
    for (const named of findExercisesNamed(safe.replace(/Not [^(]+ for you/g, '')))
      expect([named.id, screeningAllows(named, limits)]).toEqual([named.id, true]);
  });

  it('reads the muscles named in the chat with the model, so they lead the main block', async () => {
    const request = {
      type: 'strength',
      difficulty: 'intermediate',
      minutes: 25,
      equipment: ['kettlebell', 'bands'],
      limitations: [],
      focus: ['glutes'],
      soreMuscles: [],
      focusMuscles: ['glutes', 'hamstrings'],
    };
    fake.script = [
      { content: JSON.stringify({ found: true, request }) },
      { content: JSON.stringify({ name: 'Fake Posterior Chain', warmup: [], main: [], cooldown: [], notes: [] }) },
    ];
    const chatHistory = [
      { role: 'user', content: '25 minutes, one kettlebell and a band — glutes and hamstrings, intermediate' },
    ];
    const workout = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(me.auth)
        .send({ userId: me.user.id, chatHistory })
        .expect(201)
    ).body as WorkoutView;
    const [reading, planning] = fake.requests.slice(-2).map((r) => JSON.parse(r.body));
    expect(strictModeProblems(reading.response_format.json_schema.schema)).toEqual([]);
    expect((readingFields(reading).focusMuscles as { items: { enum: string[] } }).items.enum).toEqual([...MUSCLES]);
    // A muscle named puts its body part in the focus ("hamstrings" is legs), and both reach the plan request.
    expect(JSON.parse(planning.messages[1].content).request).toMatchObject({
      focus: ['glutes', 'legs'],
      focusMuscles: ['glutes', 'hamstrings'],
    });
    const main = workout.exercises.filter((e) => e.phase === 'main').map((e) => catalogueExercise(e.catalogueId!)!);
    expect(main.slice(0, 2).map((e) => [e.pattern, ['glutes', 'hamstrings'].includes(e.primary[0])])).toEqual([
      ['hinge', true],
      ['hinge', true],
    ]);
  });

  it('refuses a reading outside the limits (minutes above 90) as malformed', async () => {
    const request = {
      type: 'hiit',
      difficulty: 'advanced',
      minutes: 120,
      equipment: [],
      limitations: [],
      focus: [],
      soreMuscles: [],
      focusMuscles: [],
    };
    fake.script = Array.from({ length: 3 }, () => ({ content: JSON.stringify({ found: true, request }) }));
    const res = await t.http
      .post('/api/workout/generate-from-chat')
      .set(me.auth)
      .send({ userId: me.user.id, chatHistory: [{ role: 'user', content: 'two hours of HIIT' }] });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('AI_MALFORMED_ANSWER');
  });
});

/**
 * Where a JSON schema breaks OpenAI's strict mode: an object that is not closed
 * (additionalProperties false) or leaves a property out of `required` (optional is nullable there).
 */
function strictModeProblems(schema: unknown, path = '$'): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => strictModeProblems(item, `${path}[${i}]`));
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (node.type === 'object') {
    const keys = Object.keys((node.properties as Record<string, unknown>) ?? {});
    if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
    const required = (node.required as string[]) ?? [];
    for (const key of keys.filter((k) => !required.includes(k))) problems.push(`${path}.${key}: not required`);
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'enum' && key !== 'const') problems.push(...strictModeProblems(child, `${path}.${key}`));
  }
  return problems;
}

/** The property names of the request the chat reading asks the model for. */
function readingFields(reading: { response_format: { json_schema: { schema: unknown } } }): Record<string, unknown> {
  const schema = reading.response_format.json_schema.schema as {
    properties: {
      request: { anyOf?: Array<{ properties?: Record<string, unknown> }>; properties?: Record<string, unknown> };
    };
  };
  const request = schema.properties.request;
  return request.properties ?? request.anyOf?.find((s) => s.properties)?.properties ?? {};
}

describe('an HTTP call waiting on an AI job that outlasts AI_JOB_TIMEOUT_MS', () => {
  let fake: FakeOpenAi;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ hang: true });
    t = await startTestApp({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_TIMEOUT_MS: '3000',
      AI_JOB_TIMEOUT_MS: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers a clear 504 instead of hanging', async () => {
    const me = await signIn(t);
    const started = Date.now();
    const res = await t.http
      .post('/api/workout/chat')
      .set(me.auth)
      .send({ userId: me.user.id, message: 'hello' })
      .expect(504);
    expect(res.body).toEqual({
      statusCode: 504,
      code: 'JOB_TIMEOUT',
      message: 'This is taking longer than expected, please try again',
      error: 'Timeout',
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
