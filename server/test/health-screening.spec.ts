/**
 * The health screening through the API (docs/product.md, Health screening): the answers saved on
 * the profile, private, and what the generator, GENERATE_WORKOUT_FROM_CHAT, the coach and SWAP do
 * with them (local AI provider, real worker, FerretDB and Redis).
 */
import type { WorkoutView } from '../src/contract';
import { catalogueExercise } from '../src/workouts/catalogue';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';

const PROFILE = {
  age: 31,
  height: 168,
  weight: 64,
  goal: 'general_fitness',
  equipment: [],
  limitations: [],
  units: 'metric',
  timeZone: 'UTC',
};
const NO_ANSWERS = {
  pregnancy: null,
  pregnancyWeeks: null,
  weeksSinceBirth: null,
  usedToHighImpact: false,
  conditions: [],
};
const PREGNANT = { ...NO_ANSWERS, pregnancy: 'pregnant', pregnancyWeeks: 22 };

describe('health screening over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const saveHealth = (me: SignedIn, health: object, over: object = {}) =>
    t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...PROFILE, ...over, health });
  const generate = (me: SignedIn, body: object) =>
    t.http
      .post('/api/workout/generate')
      .set(me.auth)
      .send({ userId: me.user.id, ...body });
  const ruledOut = (workout: WorkoutView) =>
    workout.exercises
      .map((e) => catalogueExercise(e.catalogueId!)!)
      .filter((e) => e.lying || e.impact === 'high' || e.pattern === 'plyometric' || e.allOut || e.level === 'advanced')
      .map((e) => e.id);

  it('keeps the answers private: GET /api/profile answers them, GET /api/user does not carry them; a bad answer changes nothing', async () => {
    const me = await signIn(t);
    const saved = await saveHealth(me, { ...PREGNANT, conditions: ['high_blood_pressure'] }).expect(200);
    expect(saved.body.health).toEqual({ ...PREGNANT, conditions: ['high_blood_pressure'] });
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body.health).toEqual(saved.body.health);
    const user = (await t.http.get('/api/user').set(me.auth).expect(200)).body;
    expect(JSON.stringify(user)).not.toMatch(/pregnan|blood_pressure/);
    const refused = await saveHealth(me, { ...PREGNANT, pregnancyWeeks: 50 }).expect(400);
    expect(refused.body).toMatchObject({
      code: 'PROFILE_INVALID_HEALTH',
      message: 'Weeks of pregnancy must be a whole number between 1-42.',
    });
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body.health).toEqual(saved.body.health);
    // A profile saved without health answers keeps the ones given.
    await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...PROFILE, age: 32 })
      .expect(200);
    expect((await t.http.get('/api/profile').set(me.auth).expect(200)).body.health).toEqual(saved.body.health);
  });

  it("makes a pregnant member's 30-minute advanced HIIT at intermediate with no supine, jumping or all-out work, and says to ask her midwife or doctor", async () => {
    const me = await signIn(t);
    await saveHealth(me, PREGNANT).expect(200);
    const workout = (await generate(me, { type: 'hiit', difficulty: 'advanced', duration: 30 }).expect(201))
      .body as WorkoutView;
    expect(workout.difficulty).toBe('intermediate');
    expect(ruledOut(workout)).toEqual([]);
    expect(workout.notes[0]).toMatch(/Pregnancy, week 22: .*midwife or doctor/);
    // SWAP keeps to the same limits.
    for (const exercise of workout.exercises.filter((e) => e.phase === 'main')) {
      const res = await t.http
        .post('/api/workout/swap')
        .set(me.auth)
        .send({ userId: me.user.id, workoutId: workout.id, exerciseId: exercise.id });
      if (res.status === 409) continue;
      expect(ruledOut(res.body as WorkoutView)).toEqual([]);
    }
  });

  it('keeps SWAP from a limitation saved after the workout was planned', async () => {
    const me = await signIn(t);
    await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...PROFILE, equipment: ['dumbbells', 'kettlebell', 'bench'] })
      .expect(200);
    const workout = (await generate(me, { type: 'strength', difficulty: 'intermediate', duration: 45 }).expect(201))
      .body as WorkoutView;
    await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({ ...PROFILE, equipment: ['dumbbells', 'kettlebell', 'bench'], limitations: ['shoulder'] })
      .expect(200);
    let swapped = 0;
    for (const exercise of workout.exercises) {
      const res = await t.http
        .post('/api/workout/swap')
        .set(me.auth)
        .send({ userId: me.user.id, workoutId: workout.id, exerciseId: exercise.id });
      if (res.status === 409) continue;
      swapped += 1;
      const replacement = (res.body as WorkoutView).exercises.find((e) => e.id === exercise.id)!;
      expect([
        replacement.catalogueId,
        catalogueExercise(replacement.catalogueId!)!.loads.includes('shoulder'),
      ]).toEqual([replacement.catalogueId, false]);
    }
    expect(swapped).toBeGreaterThan(0);
  });

  it('reads "five months pregnant" from the chat: the coach answers with what changes, and the plan from the chat keeps to it', async () => {
    const me = await signIn(t);
    await t.http.put('/api/profile').set(me.auth).send(PROFILE).expect(200);
    const message = "I'm five months pregnant. Can I still do HIIT? 30 minutes";
    const reply = (
      await t.http
        .post('/api/workout/chat')
        .set(me.auth)
        .send({ userId: me.user.id, message, chatHistory: [] })
        .expect(200)
    ).body;
    expect(reply.response).toMatch(/midwife or doctor/);
    expect(reply.response).toMatch(/nothing lying flat on your back/);
    const chatHistory = [
      { role: 'user', content: message },
      { role: 'assistant', content: reply.response },
    ];
    const workout = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(me.auth)
        .send({ userId: me.user.id, chatHistory })
        .expect(201)
    ).body as WorkoutView;
    expect(workout.type).toBe('hiit');
    expect(ruledOut(workout)).toEqual([]);
    expect(workout.notes.join(' ')).toMatch(/midwife or doctor/);
  });

  it('refuses every plan with 409 WORKOUT_NEEDS_CLEARANCE for a red flag, from the profile or the chat, and the coach says to stop and see a doctor', async () => {
    const me = await signIn(t);
    await saveHealth(me, { ...NO_ANSWERS, conditions: ['chest_pain'] }).expect(200);
    const refused = await generate(me, { type: 'strength', difficulty: 'beginner', duration: 30 }).expect(409);
    expect(refused.body).toMatchObject({
      code: 'WORKOUT_NEEDS_CLEARANCE',
      message: expect.stringMatching(/stop exercising and see a doctor.*chest pain/),
    });
    await t.http.get(`/api/workout/today/${me.user.id}`).set(me.auth).expect(200, 'null');

    const other = await signIn(t);
    const chatHistory = [
      { role: 'user', content: 'I blacked out during my last run. Give me a 20 minute cardio workout' },
    ];
    const reply = (
      await t.http
        .post('/api/workout/chat')
        .set(other.auth)
        .send({ userId: other.user.id, message: chatHistory[0].content, chatHistory: [] })
        .expect(200)
    ).body;
    expect(reply.response).toMatch(/stop exercising and see a doctor.*No plan is made/);
    const fromChat = await t.http
      .post('/api/workout/generate-from-chat')
      .set(other.auth)
      .send({ userId: other.user.id, chatHistory })
      .expect(409);
    expect(fromChat.body.code).toBe('WORKOUT_NEEDS_CLEARANCE');
    // A clearance said later lifts it.
    const cleared = [...chatHistory, { role: 'user', content: 'My doctor cleared me to train, nothing was wrong' }];
    await t.http
      .post('/api/workout/generate-from-chat')
      .set(other.auth)
      .send({ userId: other.user.id, chatHistory: cleared })
      .expect(201);
  });
});
