import type { ChatMessageView, WorkoutView } from '../src/contract';
import type { PlanRequest } from '../src/contract/job-shapes';
import { CHAT_MESSAGES_SHOWN } from '../src/contract/values';
import { catalogueExercise } from '../src/workouts/catalogue';
import { ChatMessagesRepository } from '../src/workouts/chat-messages.repository';
import { screeningAllows } from '../src/workouts/screening/screening.rules';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { planProblems } from './support/plan-checks';
import { tickExercise } from './support/sessions';

describe('the coach conversation kept per user, and the constraints it carries into a workout (local AI, real worker)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const chat = (me: SignedIn, message: string, chatHistory: Array<{ role: string; content: string }> = []) =>
    t.http.post('/api/workout/chat').set(me.auth).send({ userId: me.user.id, message, chatHistory });
  const history = (me: SignedIn, userId = me.user.id) => t.http.get(`/api/workout/chat/history/${userId}`).set(me.auth);

  it('stores each message with its reply, shows them oldest first, and clears them', async () => {
    const me = await signIn(t);
    expect((await history(me).expect(200)).body).toEqual([]);
    const first = (await chat(me, 'I have a bad knee, what can I do for legs?').expect(200)).body.response as string;
    const second = (await chat(me, 'How do I do a proper squat?').expect(200)).body.response as string;
    expect(first).not.toBe(second);

    const stored = (await history(me).expect(200)).body as ChatMessageView[];
    expect(stored.map(({ role, content }) => ({ role, content }))).toEqual([
      { role: 'user', content: 'I have a bad knee, what can I do for legs?' },
      { role: 'assistant', content: first },
      { role: 'user', content: 'How do I do a proper squat?' },
      { role: 'assistant', content: second },
    ]);
    expect(new Set(stored.map((m) => m.id)).size).toBe(4);
    const times = stored.map((m) => Date.parse(m.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    expect((await t.http.delete(`/api/workout/chat/history/${me.user.id}`).set(me.auth).expect(200)).body).toEqual({
      deleted: 4,
    });
    expect((await history(me).expect(200)).body).toEqual([]);
  });

  it('keeps a bounded conversation: the latest 100 turns', async () => {
    const me = await signIn(t);
    const repository = t.app.get(ChatMessagesRepository);
    const start = Date.now() - 3600_000;
    for (let i = 0; i < CHAT_MESSAGES_SHOWN / 2 + 3; i++)
      await repository.appendExchange(me.user.id, `question ${i}`, `answer ${i}`, new Date(start + i * 1000));
    await chat(me, 'hello').expect(200);
    const stored = (await history(me).expect(200)).body as ChatMessageView[];
    expect(stored).toHaveLength(CHAT_MESSAGES_SHOWN);
    expect(stored[0].content).toBe('question 4');
    expect(stored[stored.length - 2].content).toBe('hello');
    expect((await t.http.delete(`/api/workout/chat/history/${me.user.id}`).set(me.auth).expect(200)).body).toEqual({
      deleted: CHAT_MESSAGES_SHOWN,
    });
  });

  it('remembers the stored conversation when the request sends no history', async () => {
    const me = await signIn(t);
    await chat(me, 'My lower back hurts').expect(200);
    const reply = (await chat(me, 'Give me a 20 minute workout').expect(200)).body.response as string;
    expect(reply).toMatch(/20-minute/);
    expect(reply).toMatch(/nothing that loads your lower back/);
  });

  it('refuses other users, malformed ids and anonymous calls, changing nothing', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    await chat(other, 'hello').expect(200);
    const refused = await history(me, other.user.id).expect(403);
    expect(refused.body.code).toBeDefined();
    await t.http.delete(`/api/workout/chat/history/${other.user.id}`).set(me.auth).expect(403);
    const malformed = await history(me, 'not-an-id').expect(400);
    expect(malformed.body.code).toBeDefined();
    await t.http.get(`/api/workout/chat/history/${me.user.id}`).expect(401);
    await t.http.delete(`/api/workout/chat/history/${me.user.id}`).expect(401);
    expect((await history(other).expect(200)).body).toHaveLength(2);
  });

  it('builds the workout the chat asked for: minutes, equipment, focus, level and limitations', async () => {
    const me = await signIn(t);
    const chatHistory = [
      { role: 'user', content: 'I have a bad knee and my lower back hurts' },
      { role: 'assistant', content: 'Noted.' },
      { role: 'user', content: '20 min, dumbbells, upper body, advanced' },
    ];
    const workout = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(me.auth)
        .send({ userId: me.user.id, chatHistory })
        .expect(201)
    ).body as WorkoutView;
    expect(workout).toMatchObject({ type: 'strength', difficulty: 'advanced', duration: 20 });
    expect(workout.name).toMatch(/20 min/);
    expect(workout.notes.join(' ')).toMatch(/knee or lower back/);
    const names = workout.exercises.map((e) => e.name).join(', ');
    expect(names).not.toMatch(/Kettlebell|Superman|Squat|Lunge|Rowing Machine|Bike/);
    const main = workout.exercises.filter((e) => e.phase === 'main');
    for (const e of main.slice(0, 2))
      expect(e.muscles.some((m) => ['chest', 'back', 'shoulders', 'arms'].includes(m))).toBe(true);
    const asked: PlanRequest = {
      type: 'strength',
      difficulty: 'advanced',
      minutes: 20,
      equipment: ['dumbbells'],
      limitations: ['knee', 'lower_back'],
      focus: ['chest', 'back', 'shoulders', 'arms'],
      avoidMuscles: [],
      goal: null,
    };
    expect(planProblems(workout, asked)).toEqual([]);
  });

  it('works from the saved profile, which the chat overrides and extends for GENERATE_WORKOUT_FROM_CHAT', async () => {
    const me = await signIn(t);
    const profile = {
      age: 52,
      height: 180,
      weight: 100,
      goal: 'build_muscle',
      equipment: ['dumbbells', 'bench'],
      limitations: ['knee'],
      units: 'imperial',
      timeZone: 'UTC',
    };
    await t.http.put('/api/profile').set(me.auth).send(profile).expect(200);

    // The coach answers from the profile: its weight in the units the user reads, its limitation, its age.
    expect((await chat(me, 'how do I lose 10 pounds?').expect(200)).body.response).toMatch(
      /Losing 10 lb .*at your 220 lb/,
    );
    expect((await chat(me, 'what should I avoid with my injury?').expect(200)).body.response).toMatch(/With your knee/);
    expect((await chat(me, 'how much sleep do I need to recover?').expect(200)).body.response).toMatch(/Past 50/);
    // With no equipment said, the session it describes uses the profile's.
    expect((await chat(me, 'give me a 30 minute workout').expect(200)).body.response).toMatch(
      /30-minute beginner strength session with dumbbells and a bench, nothing that loads your knee/,
    );

    // The chat replaces the equipment for today, adds a limitation and states the time and body part.
    const chatHistory = [
      {
        role: 'user',
        content: 'I only have resistance bands today, 25 minutes for my back and arms, and my shoulder hurts',
      },
    ];
    const workout = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(me.auth)
        .send({ userId: me.user.id, chatHistory })
        .expect(201)
    ).body as WorkoutView;
    expect(workout).toMatchObject({ type: 'strength', difficulty: 'beginner', duration: 25 });
    const asked: PlanRequest = {
      type: 'strength',
      difficulty: 'beginner',
      minutes: 25,
      equipment: ['bands'],
      limitations: ['knee', 'shoulder'],
      focus: ['back', 'arms'],
      avoidMuscles: [],
      goal: 'build_muscle',
    };
    expect(planProblems(workout, asked)).toEqual([]);
    expect(workout.notes.join(' ')).toMatch(/knee or shoulder/);
  });

  it('makes today easier, harder or shorter when asked: the open session changes in place, and the reply says what it became', async () => {
    const me = await signIn(t);
    const today = async () =>
      (await t.http.get(`/api/workout/today/${me.user.id}`).set(me.auth).expect(200)).body as WorkoutView;

    const none = (await chat(me, 'I slept badly, make today easier').expect(200)).body;
    expect(none).toMatchObject({ workoutGenerated: false });
    expect(none.response).toMatch(/no open session today/);

    const generated = (
      await t.http
        .post('/api/workout/generate')
        .set(me.auth)
        .send({ userId: me.user.id, type: 'strength', difficulty: 'intermediate', duration: 45 })
        .expect(201)
    ).body as WorkoutView;
    const easier = (await chat(me, 'I slept badly, make today easier').expect(200)).body;
    expect(easier).toMatchObject({ workoutGenerated: true });
    const afterEasier = await today();
    expect(afterEasier).toMatchObject({ id: generated.id, difficulty: 'beginner', duration: 45 });
    expect(easier.response).toContain(`Done: today’s session is now ${afterEasier.name}`);
    expect(easier.response).toMatch(/After a bad night/);
    expect(afterEasier.creditsReward).toBeLessThan(generated.creditsReward);

    const shorter = (await chat(me, 'make it shorter, I only have 20 minutes').expect(200)).body;
    expect(shorter.response).toMatch(/20 minutes at beginner level/);
    expect(await today()).toMatchObject({ id: generated.id, duration: 20, difficulty: 'beginner' });

    // A started session keeps the work done: nothing changes.
    const started = await today();
    await tickExercise(t, me, started.id, started.exercises[0].id).expect(200);
    const kept = (await chat(me, 'make today harder').expect(200)).body;
    expect(kept).toMatchObject({ workoutGenerated: false });
    expect(kept.response).toMatch(/already ticked exercises/);
    expect(await today()).toMatchObject({
      id: generated.id,
      duration: 20,
      difficulty: 'beginner',
      exercises: started.exercises,
    });
  });

  it('keeps the focus and the health screening a session was planned with when it is made easier or harder', async () => {
    const me = await signIn(t);
    const today = async () =>
      (await t.http.get(`/api/workout/today/${me.user.id}`).set(me.auth).expect(200)).body as WorkoutView;
    const leading = (workout: WorkoutView) =>
      workout.exercises
        .filter((e) => e.phase === 'main')
        .slice(0, 2)
        .map((e) => catalogueExercise(e.catalogueId!)!)
        .map((e) => [e.pattern, ['glutes', 'hamstrings'].includes(e.primary[0])]);
    const chatHistory = [
      { role: 'user', content: '25 minutes, one kettlebell and a band — glutes and hamstrings, intermediate' },
    ];
    const planned = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(me.auth)
        .send({ userId: me.user.id, chatHistory })
        .expect(201)
    ).body as WorkoutView;
    expect(leading(planned)).toEqual([
      ['hinge', true],
      ['hinge', true],
    ]);
    expect((await chat(me, 'make today easier').expect(200)).body).toMatchObject({ workoutGenerated: true });
    const easier = await today();
    expect(easier).toMatchObject({ id: planned.id, difficulty: 'beginner' });
    expect(leading(easier)).toEqual([
      ['hinge', true],
      ['hinge', true],
    ]);

    // Harder stops at what the screening allows, and the rebuilt session still keeps to it.
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
    await t.http
      .post('/api/workout/generate')
      .set(pregnant.auth)
      .send({ userId: pregnant.user.id, type: 'hiit', difficulty: 'beginner', duration: 30 })
      .expect(201);
    expect((await chat(pregnant, 'make today harder').expect(200)).body).toMatchObject({ workoutGenerated: true });
    const harder = (await t.http.get(`/api/workout/today/${pregnant.user.id}`).set(pregnant.auth).expect(200))
      .body as WorkoutView;
    expect(harder.difficulty).toBe('intermediate');
    const limits = {
      noSupine: true,
      noProne: true,
      noHighImpact: true,
      noAllOut: true,
      maxDifficulty: 'intermediate' as const,
      notes: [],
    };
    for (const e of harder.exercises)
      expect([e.catalogueId, screeningAllows(catalogueExercise(e.catalogueId!)!, limits)]).toEqual([
        e.catalogueId,
        true,
      ]);
    expect((await chat(pregnant, 'make today harder').expect(200)).body).toMatchObject({ workoutGenerated: false });
  });
});
