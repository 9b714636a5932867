import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { AchievementsService } from '../src/achievements/achievements.service';
import type { SessionView, WorkoutCompletion, WorkoutView } from '../src/contract';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { dayIn } from '../src/users/users.rules';
import { catalogueExercise } from '../src/workouts/catalogue';
import { capDayCandidates } from '../src/workouts/completion.rules';
import { PaidMinutesRepository } from '../src/workouts/paid-minutes.repository';
import { WorkoutSession } from '../src/workouts/workout-session.schema';
import { WorkoutsRepository } from '../src/workouts/workouts.repository';
import { WorkoutsService } from '../src/workouts/workouts.service';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { advanceToNextMorning, clockOf, startAndLetHalfPass, startSession, tickExercise } from './support/sessions';

describe('workouts, sessions, coach and achievements over HTTP (local AI provider, real worker)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TEST_CLOCK: '1' });
  });
  afterAll(() => t.close());

  const generate = (me: SignedIn, body: Record<string, unknown> = {}) =>
    t.http
      .post('/api/workout/generate')
      .set(me.auth)
      .send({ userId: me.user.id, ...body });
  const complete = (me: SignedIn, workout: WorkoutView, ids: string[]) =>
    t.http.post('/api/workout/complete').set(me.auth).send({
      userId: me.user.id,
      workoutId: workout.id,
      completedExercises: ids,
      creditsEarned: 9999,
      intensity: 'intense',
    });

  it('generates a workout with the product’s defaults that becomes today’s workout', async () => {
    const me = await signIn(t);
    await t.http.get(`/api/workout/today/${me.user.id}`).set(me.auth).expect(200, 'null');
    const res = await generate(me).expect(201);
    const workout = res.body as WorkoutView;
    expect(workout).toMatchObject({ type: 'strength', difficulty: 'intermediate', duration: 45, creditsReward: 21 });
    expect(workout.exercises.map((e) => e.id)).toEqual(workout.exercises.map((_, i) => `ex${i + 1}`));
    expect(workout.exercises[0]).toMatchObject({
      phase: 'warmup',
      name: expect.any(String),
      description: expect.any(String),
    });
    expect(workout.exercises[workout.exercises.length - 1].phase).toBe('cooldown');
    for (const e of workout.exercises) {
      expect(catalogueExercise(e.catalogueId!)).toMatchObject({ name: e.name, equipment: [] });
      expect(e.dose).toEqual(expect.objectContaining({ sets: expect.any(Number) }));
      expect(e.prescription.length).toBeGreaterThan(0);
    }
    const today = await t.http.get('/api/workout/today').set(me.auth).expect(200);
    expect(today.body.id).toBe(workout.id);
  });

  it('refuses options outside docs/product.md and other users’ ids', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    for (const bad of [
      { duration: 20 },
      { type: 'pilates' },
      { difficulty: 'insane' },
      { type: { $gt: '' } },
      { extra: true },
    ]) {
      const res = await generate(me, bad).expect(400);
      expect(res.body.error).toBe('Validation Failed');
    }
    await t.http.post('/api/workout/generate').set(me.auth).send({ userId: other.user.id }).expect(403);
    await t.http.get(`/api/workout/today/${other.user.id}`).set(me.auth).expect(403);
    await t.http.get(`/api/workout/sessions/${other.user.id}`).set(me.auth).expect(403);
    await t.http.get(`/api/achievements/${other.user.id}`).set(me.auth).expect(403);
    await t.http.get('/api/workout/today').expect(401);
  });

  it('recomputes credits and intensity, posts them to pending once, counts the workout and awards badges', async () => {
    const me = await signIn(t);
    const workout = (await generate(me, { type: 'hiit', difficulty: 'advanced', duration: 60 }).expect(201))
      .body as WorkoutView;
    expect(workout.creditsReward).toBe(40);
    const ticked = workout.exercises.slice(0, Math.ceil(workout.exercises.length * 0.8)).map((e) => e.id);
    await startAndLetHalfPass(t, me, workout, ticked);
    const res = await complete(me, workout, [...ticked, ticked[0]]).expect(200);
    const { session, newAchievements } = res.body as WorkoutCompletion;
    expect(session.intensity).toBe('intense');
    expect(session.creditsEarned).toBe(Math.round((40 * ticked.length) / workout.exercises.length));
    expect(newAchievements.map((a) => a.code).sort()).toEqual(['FIRST_INTENSE', 'FIRST_WORKOUT']);

    await complete(me, workout, ticked).expect(409);
    const user = (await t.http.get('/api/user').set(me.auth).expect(200)).body;
    expect(user).toMatchObject({ pendingCredits: session.creditsEarned, sweatCredits: 0, totalWorkouts: 1 });
    expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(session.creditsEarned);

    await t.http.get('/api/workout/today').set(me.auth).expect(200, 'null');
    const sessions = (await t.http.get(`/api/workout/sessions/${me.user.id}`).set(me.auth).expect(200))
      .body as SessionView[];
    expect(sessions).toEqual([
      expect.objectContaining({
        id: session.id,
        workout: { name: workout.name, type: 'hiit', duration: 60 },
        creditsEarned: session.creditsEarned,
      }),
    ]);
    const badges = (await t.http.get('/api/achievements').set(me.auth).expect(200)).body;
    expect(badges.map((b: { title: string }) => b.title).sort()).toEqual(['First Rep', 'Full Send']);

    const workouts = t.app.get(WorkoutsService);
    expect(await workouts.hasCountedSessionOn(me.user.id, dayIn(clockOf(t).now()))).toBe(true);
    expect(await workouts.hasCountedSessionOn(me.user.id, '2020-01-01')).toBe(false);
    // Intense (80 % ticked) and paid: it counts for goals and referrals.
    expect(await workouts.countCountedSessionsSince(me.user.id, new Date(Date.now() - 60_000))).toBe(1);
  });

  it('programs from the saved profile: only the equipment at hand, nothing loading a stated limitation', async () => {
    const me = await signIn(t);
    await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({
        age: 35,
        height: 175,
        weight: 70,
        goal: 'build_muscle',
        equipment: ['dumbbells'],
        limitations: ['knee', 'shoulder'],
        units: 'metric',
        timeZone: 'UTC',
      })
      .expect(200);
    for (const type of ['strength', 'hiit', 'mixed'] as const) {
      const workout = (await generate(me, { type, difficulty: 'intermediate', duration: 45 }).expect(201))
        .body as WorkoutView;
      for (const exercise of workout.exercises) {
        const entry = catalogueExercise(exercise.catalogueId!)!;
        expect([type, entry.id, entry.equipment.every((item) => item === 'dumbbells')]).toEqual([type, entry.id, true]);
        expect([type, entry.id, entry.loads.filter((joint) => joint === 'knee' || joint === 'shoulder')]).toEqual([
          type,
          entry.id,
          [],
        ]);
      }
    }
  });

  it('pays at most 120 planned minutes a day: six 60-minute HIIT sessions completed back to back are not all paid', async () => {
    const me = await signIn(t);
    // Six half-sessions take three hours of the server's clock: all on one day.
    advanceToNextMorning(t);
    const answers: WorkoutCompletion[] = [];
    for (let i = 0; i < 6; i++) {
      const workout = (await generate(me, { type: 'hiit', difficulty: 'advanced', duration: 60 }).expect(201))
        .body as WorkoutView;
      await startAndLetHalfPass(t, me, workout);
      answers.push(
        (
          await complete(
            me,
            workout,
            workout.exercises.map((e) => e.id),
          ).expect(200)
        ).body as WorkoutCompletion,
      );
    }
    expect(answers.map((a) => a.session.creditsEarned)).toEqual([40, 40, 0, 0, 0, 0]);
    expect(answers.map((a) => a.creditsNote === null)).toEqual([true, true, false, false, false, false]);
    expect(answers[2].creditsNote).toMatch(/already plan 120 of 120 minutes/);
    expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(80);
    // All six are recorded: trained, not paid.
    expect((await t.http.get(`/api/workout/sessions/${me.user.id}`).set(me.auth).expect(200)).body).toHaveLength(6);
  });

  it('completes a workout exactly once under 15 simultaneous requests', async () => {
    const me = await signIn(t);
    const workout = (await generate(me, { duration: 15, difficulty: 'beginner' }).expect(201)).body as WorkoutView;
    const ids = workout.exercises.map((e) => e.id);
    await startAndLetHalfPass(t, me, workout);
    const statuses = (await Promise.all(Array.from({ length: 15 }, () => complete(me, workout, ids)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(14);
    const sessions = t.app.get<Model<WorkoutSession>>(getModelToken(WorkoutSession.name));
    expect(await sessions.countDocuments({ workoutId: new Types.ObjectId(workout.id) })).toBe(1);
    expect((await t.http.get('/api/user').set(me.auth)).body).toMatchObject({ pendingCredits: 5, totalWorkouts: 1 });
  });

  it('refuses unknown exercise ids, an empty list and someone else’s workout, changing nothing', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    const workout = (await generate(me).expect(201)).body as WorkoutView;
    const unknown = await complete(me, workout, ['ex1', 'ex999']).expect(400);
    expect(unknown.body.message).toMatch(/ex999/);
    await complete(me, workout, []).expect(400);
    await t.http
      .post('/api/workout/complete')
      .set(other.auth)
      .send({ userId: other.user.id, workoutId: workout.id, completedExercises: ['ex1'] })
      .expect(404);
    await t.http
      .post('/api/workout/complete')
      .set(me.auth)
      .send({ userId: other.user.id, workoutId: workout.id, completedExercises: ['ex1'] })
      .expect(403);
    expect((await t.http.get('/api/user').set(me.auth)).body).toMatchObject({ pendingCredits: 0, totalWorkouts: 0 });
    await startAndLetHalfPass(t, me, workout, ['ex1']);
    const light = (await complete(me, workout, ['ex1']).expect(200)).body as WorkoutCompletion;
    expect(light.session.intensity).toBe('light');
  });

  it('avoids muscles trained hard in the last 48 hours in the next plan', async () => {
    const me = await signIn(t);
    const first = (await generate(me, { type: 'strength' }).expect(201)).body as WorkoutView;
    await startAndLetHalfPass(t, me, first);
    await complete(
      me,
      first,
      first.exercises.map((e) => e.id),
    ).expect(200);
    const next = (await generate(me, { type: 'strength' }).expect(201)).body as WorkoutView;
    expect(next.notes.join(' ')).toMatch(/^Recovery: /);
  });

  it('answers the coach, refuses blank messages, and builds a workout from the conversation', async () => {
    const me = await signIn(t);
    await t.http
      .post('/api/workout/chat')
      .set(me.auth)
      .send({ userId: me.user.id, message: '   ', chatHistory: [] })
      .expect(400);
    await t.http
      .post('/api/workout/chat')
      .set(me.auth)
      .send({ userId: me.user.id, message: 'x'.repeat(1001) })
      .expect(400);
    const jobKey = 'chat-key-0001';
    const reply = await t.http
      .post('/api/workout/chat')
      .set(me.auth)
      .set('x-job-key', jobKey)
      .send({
        userId: me.user.id,
        message: 'How do I lose weight?',
        userProfile: { bmi: 27.2, bmiCategory: 'Overweight' },
        chatHistory: [],
      })
      .expect(200);
    expect(reply.body).toEqual({ response: expect.stringMatching(/overweight range/), workoutGenerated: false });
    const job = await t.http.get(`/api/jobs/ai-${me.user.id}-${jobKey}`).set(me.auth).expect(200);
    expect(job.body).toMatchObject({ name: 'coach.chat', state: 'completed', progress: 100 });

    const chatHistory = Array.from({ length: 30 }, () => ({ role: 'assistant', content: 'Keep going!' }));
    await t.http
      .post('/api/workout/generate-from-chat')
      .set(me.auth)
      .send({ userId: me.user.id, chatHistory: [{ role: 'user', content: 'hello' }] })
      .expect(422, {
        statusCode: 422,
        code: 'AI_NO_CHAT_WORKOUT',
        message: 'Could not generate workout. Please provide more details.',
        error: 'Generation Failed',
      });
    chatHistory.push({ role: 'user', content: 'I want a 30 minute yoga session, my wrist hurts' });
    const workout = (
      await t.http
        .post('/api/workout/generate-from-chat')
        .set(me.auth)
        .send({ userId: me.user.id, chatHistory })
        .expect(201)
    ).body as WorkoutView;
    expect(workout).toMatchObject({ type: 'yoga', duration: 30, difficulty: 'beginner' });
    expect(workout.notes.join(' ')).toMatch(/wrist/);
    expect((await t.http.get('/api/workout/today').set(me.auth)).body.id).toBe(workout.id);
  });

  describe('SWAP', () => {
    const swap = (me: SignedIn, body: Record<string, unknown>) =>
      t.http
        .post('/api/workout/swap')
        .set(me.auth)
        .send({ userId: me.user.id, ...body });

    it("replaces one exercise of today's workout with an equivalent, keeping its place, id and dose shape", async () => {
      const me = await signIn(t);
      const workout = (await generate(me, { type: 'strength', difficulty: 'beginner', duration: 30 }).expect(201))
        .body as WorkoutView;
      // The first main exercise that has an equivalent (one that has none answers 409 and changes nothing).
      let target = workout.exercises[0];
      let updated: WorkoutView | undefined;
      for (const candidate of workout.exercises.filter((e) => e.phase === 'main')) {
        const res = await swap(me, { workoutId: workout.id, exerciseId: candidate.id });
        if (res.status === 409 && res.body.code === 'WORKOUT_NO_EQUIVALENT') continue;
        expect(res.status).toBe(200);
        [target, updated] = [candidate, res.body as WorkoutView];
        break;
      }
      if (!updated) throw new Error('no main exercise of the workout had an equivalent');
      const index = workout.exercises.indexOf(target);
      const replacement = updated.exercises[index];
      expect(replacement).toMatchObject({ id: target.id, phase: 'main' });
      expect(replacement.catalogueId).not.toBe(target.catalogueId);
      expect(catalogueExercise(replacement.catalogueId!)!.pattern).toBe(
        catalogueExercise(target.catalogueId!)!.pattern,
      );
      expect(replacement.dose).toMatchObject({ sets: target.dose!.sets, restSeconds: target.dose!.restSeconds });
      expect(updated.exercises.filter((_, i) => i !== index)).toEqual(workout.exercises.filter((_, i) => i !== index));
      expect((await t.http.get('/api/workout/today').set(me.auth).expect(200)).body).toEqual(updated);
    });

    it('answers coded errors and changes nothing for an unknown exercise, a workout not open today, or no equivalent', async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      const workout = (await generate(me).expect(201)).body as WorkoutView;
      const unknown = await swap(me, { workoutId: workout.id, exerciseId: 'ex999' }).expect(404);
      expect(unknown.body.code).toBe('WORKOUT_EXERCISE_NOT_FOUND');
      expect((await swap(other, { workoutId: workout.id, exerciseId: 'ex1' }).expect(404)).body.code).toBe(
        'WORKOUT_NOT_FOUND',
      );
      await t.http
        .post('/api/workout/swap')
        .set(me.auth)
        .send({ userId: other.user.id, workoutId: workout.id, exerciseId: 'ex1' })
        .expect(403);
      for (const bad of [
        { workoutId: workout.id },
        { workoutId: 'nope', exerciseId: 'ex1' },
        { workoutId: workout.id, exerciseId: 'ex1', extra: 1 },
        { workoutId: workout.id, exerciseId: { $gt: '' } },
      ]) {
        expect((await swap(me, bad).expect(400)).body.error).toBe('Validation Failed');
      }
      expect((await t.http.get('/api/workout/today').set(me.auth)).body).toEqual(workout);

      // A ticked exercise is done: it cannot be swapped until it is unticked.
      await t.http
        .put(`/api/workout/${workout.id}/progress`)
        .set(me.auth)
        .send({ userId: me.user.id, exerciseId: 'ex1', done: true })
        .expect(200);
      expect((await swap(me, { workoutId: workout.id, exerciseId: 'ex1' }).expect(409)).body).toMatchObject({
        code: 'WORKOUT_EXERCISE_DONE',
        error: 'Exercise Done',
      });
      await t.http
        .put(`/api/workout/${workout.id}/progress`)
        .set(me.auth)
        .send({ userId: me.user.id, exerciseId: 'ex1', done: false })
        .expect(200);

      await startAndLetHalfPass(t, me, workout, ['ex1']);
      await complete(me, workout, ['ex1']).expect(200);
      expect((await swap(me, { workoutId: workout.id, exerciseId: 'ex2' }).expect(404)).body.code).toBe(
        'WORKOUT_NOT_FOUND',
      );

      // A workout stored before the catalogue: its exercises have nothing to swap from.
      const now = clockOf(t).now();
      const old = await t.app.get(WorkoutsRepository).create(
        {
          userId: me.user.id,
          name: 'Old Plan',
          type: 'strength',
          difficulty: 'beginner',
          duration: 15,
          creditsReward: 5,
          notes: [],
          day: dayIn(now),
          exercises: [
            {
              id: 'ex1',
              name: 'Push-Up',
              description: 'Press up.',
              phase: 'main',
              prescription: '3 × 10',
              muscles: ['chest'],
            },
          ],
        },
        now,
      );
      const refused = await swap(me, { workoutId: old.id, exerciseId: 'ex1' }).expect(409);
      expect(refused.body).toMatchObject({ code: 'WORKOUT_NO_EQUIVALENT', error: 'No Equivalent' });
    });
  });

  describe('the active session, kept on the server', () => {
    const tick = (me: SignedIn, workoutId: string, exerciseId: string, done = true) =>
      tickExercise(t, me, workoutId, exerciseId, done);
    const today = async (me: SignedIn) =>
      (await t.http.get('/api/workout/today').set(me.auth).expect(200)).body as WorkoutView;

    it('keeps ticks and the start time with today’s workout: the first tick starts it, repeats change nothing', async () => {
      const me = await signIn(t);
      const workout = (await generate(me, { duration: 30 }).expect(201)).body as WorkoutView;
      expect(workout).toMatchObject({ ticked: [], startedAt: null });

      const startedAt = clockOf(t).now().getTime();
      const first = (await tick(me, workout.id, 'ex2').expect(200)).body;
      expect(first).toEqual({ id: workout.id, ticked: ['ex2'], startedAt: expect.any(String) });
      expect(Date.parse(first.startedAt)).toBeGreaterThanOrEqual(startedAt);
      clockOf(t).advance(60_000);
      await tick(me, workout.id, 'ex2').expect(200, first);
      await tick(me, workout.id, 'ex1').expect(200);
      await tick(me, workout.id, 'ex3').expect(200);
      await tick(me, workout.id, 'ex3', false).expect(200);
      await tick(me, workout.id, 'ex3', false).expect(200);
      // A reload reads them back, with the first tick's time as the start (START later keeps it).
      expect(await today(me)).toEqual({ ...workout, ticked: ['ex2', 'ex1'], startedAt: first.startedAt });
      expect((await startSession(t, me, workout.id).expect(200)).body).toEqual({
        id: workout.id,
        ticked: ['ex2', 'ex1'],
        startedAt: first.startedAt,
      });
    });

    it('START records when the session began, once; a new workout is a new session', async () => {
      const me = await signIn(t);
      const workout = (await generate(me).expect(201)).body as WorkoutView;
      const before = clockOf(t).now().getTime();
      const started = (await startSession(t, me, workout.id).expect(200)).body;
      expect(started).toEqual({ id: workout.id, ticked: [], startedAt: expect.any(String) });
      expect(Date.parse(started.startedAt)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(started.startedAt)).toBeLessThanOrEqual(clockOf(t).now().getTime());
      clockOf(t).advance(5 * 60_000);
      expect((await startSession(t, me, workout.id).expect(200)).body.startedAt).toBe(started.startedAt);
      await tick(me, workout.id, 'ex1').expect(200);
      expect((await today(me)).startedAt).toBe(started.startedAt);

      const next = (await generate(me).expect(201)).body as WorkoutView;
      expect(await today(me)).toEqual(next);
      // The replaced workout is no longer today's: its progress cannot change.
      expect((await tick(me, workout.id, 'ex2').expect(404)).body.code).toBe('WORKOUT_NOT_FOUND');
      expect((await startSession(t, me, workout.id).expect(404)).body.code).toBe('WORKOUT_NOT_FOUND');
    });

    it('accepts only the owner’s open workout and its own exercises, changing nothing otherwise', async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      const workout = (await generate(me).expect(201)).body as WorkoutView;
      expect((await tick(me, workout.id, 'ex999').expect(404)).body.code).toBe('WORKOUT_EXERCISE_NOT_FOUND');
      expect((await tick(other, workout.id, 'ex1').expect(404)).body.code).toBe('WORKOUT_NOT_FOUND');
      expect((await startSession(t, other, workout.id).expect(404)).body.code).toBe('WORKOUT_NOT_FOUND');
      await t.http
        .put(`/api/workout/${workout.id}/progress`)
        .set(me.auth)
        .send({ userId: other.user.id, exerciseId: 'ex1', done: true })
        .expect(403);
      await t.http.post(`/api/workout/${workout.id}/start`).set(me.auth).send({ userId: other.user.id }).expect(403);
      await t.http
        .put(`/api/workout/${workout.id}/progress`)
        .send({ userId: me.user.id, exerciseId: 'ex1', done: true })
        .expect(401);
      for (const bad of [
        { exerciseId: 'ex1' },
        { exerciseId: 'ex1', done: 'yes' },
        { exerciseId: '', done: true },
        { exerciseId: { $gt: '' }, done: true },
        { exerciseId: 'ex1', done: true, extra: 1 },
      ]) {
        expect(
          (
            await t.http
              .put(`/api/workout/${workout.id}/progress`)
              .set(me.auth)
              .send({ userId: me.user.id, ...bad })
              .expect(400)
          ).body.code,
        ).toBe('VALIDATION_FAILED');
      }
      expect(
        (
          await t.http
            .put('/api/workout/not-an-id/progress')
            .set(me.auth)
            .send({ userId: me.user.id, exerciseId: 'ex1', done: true })
            .expect(400)
        ).body.code,
      ).toBe('VALIDATION_FAILED');
      expect(await today(me)).toEqual(workout);

      await startAndLetHalfPass(t, me, workout, ['ex1']);
      await complete(me, workout, ['ex1']).expect(200);
      // Completed: the session is over, its ticks stay as they were.
      expect((await tick(me, workout.id, 'ex2').expect(404)).body.code).toBe('WORKOUT_NOT_FOUND');
    });

    it('stays open across midnight (UTC) once started, and is gone the next day when never started', async () => {
      const me = await signIn(t);
      const morning = advanceToNextMorning(t);
      // 23:40 of the same day.
      clockOf(t).advance(22 * 3600_000 + 40 * 60_000);
      const started = (await generate(me, { duration: 45 }).expect(201)).body as WorkoutView;
      await tick(me, started.id, 'ex1').expect(200);
      clockOf(t).advance(40 * 60_000);
      expect(clockOf(t).now().getUTCDate()).not.toBe(morning.getUTCDate());
      expect((await today(me)).id).toBe(started.id);
      await complete(me, started, ['ex1']).expect(200);

      clockOf(t).advance(22 * 3600_000);
      // Generated at 22:20: still today's at 01:20 (six hours from its generation), gone at 04:30.
      const idle = (await generate(me).expect(201)).body as WorkoutView;
      clockOf(t).advance(3 * 3600_000);
      expect((await today(me)).id).toBe(idle.id);
      clockOf(t).advance(3 * 3600_000 + 10 * 60_000);
      await t.http.get('/api/workout/today').set(me.auth).expect(200, 'null');
      expect((await startSession(t, me, idle.id).expect(404)).body.code).toBe('WORKOUT_NOT_FOUND');
    });
  });

  describe('completion only after half the planned time, and the day’s paid minutes claimed atomically', () => {
    it('refuses a session not started, and one started less than half its minutes ago, saying from when (in the user’s time zone)', async () => {
      const me = await signIn(t);
      await t.http
        .put('/api/profile')
        .set(me.auth)
        .send({
          age: 35,
          height: 175,
          weight: 70,
          goal: 'general_fitness',
          equipment: [],
          limitations: [],
          units: 'metric',
          timeZone: 'Asia/Tokyo',
        })
        .expect(200);
      const workout = (await generate(me, { duration: 60 }).expect(201)).body as WorkoutView;
      const ids = workout.exercises.map((e) => e.id);
      expect((await complete(me, workout, ids).expect(409)).body).toMatchObject({
        code: 'WORKOUT_NOT_STARTED',
        error: 'Not Started',
      });

      const { startedAt } = (await startSession(t, me, workout.id).expect(200)).body as { startedAt: string };
      for (const id of ids) await tickExercise(t, me, workout.id, id).expect(200);
      const from = new Date(Math.ceil((Date.parse(startedAt) + 30 * 60_000) / 60_000) * 60_000);
      const inTokyo = from.toLocaleTimeString('en-GB', {
        timeZone: 'Asia/Tokyo',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      const early = await complete(me, workout, ids).expect(409);
      expect(early.body).toEqual({
        statusCode: 409,
        code: 'WORKOUT_TOO_EARLY',
        error: 'Too Early',
        message: `You can complete this session from ${inTokyo} (half of its 60 minutes)`,
      });
      clockOf(t).advance(29 * 60_000);
      expect((await complete(me, workout, ids).expect(409)).body.code).toBe('WORKOUT_TOO_EARLY');
      expect((await t.http.get('/api/user').set(me.auth)).body).toMatchObject({ pendingCredits: 0, totalWorkouts: 0 });

      clockOf(t).advance(60_000);
      const done = (await complete(me, workout, ids).expect(200)).body as WorkoutCompletion;
      expect(done.session.creditsEarned).toBe(workout.creditsReward);
      expect(Date.parse(done.session.completedAt)).toBeGreaterThanOrEqual(Date.parse(startedAt) + 30 * 60_000);
    });

    it('pays a session’s minutes once however many completions of it race (the cap is checked and recorded in one step)', async () => {
      const me = await signIn(t);
      advanceToNextMorning(t);
      const train = async (duration: number) => {
        const workout = (await generate(me, { type: 'hiit', difficulty: 'advanced', duration }).expect(201))
          .body as WorkoutView;
        await startAndLetHalfPass(t, me, workout);
        return workout;
      };
      const first = await train(60);
      expect(
        (
          (
            await complete(
              me,
              first,
              first.exercises.map((e) => e.id),
            ).expect(200)
          ).body as WorkoutCompletion
        ).session.creditsEarned,
      ).toBe(40);

      // 60 + 45 of the day's 120 minutes: eight completions at the same instant claim the 45 once.
      const raced = await train(45);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          complete(
            me,
            raced,
            raced.exercises.map((e) => e.id),
          ),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      expect((answers.find((a) => a.status === 200)!.body as WorkoutCompletion).session.creditsEarned).toBe(30);

      // Counted once, the day has 15 minutes left: a 15-minute session is paid, the next one is not.
      const fits = await train(15);
      expect(
        (
          await complete(
            me,
            fits,
            fits.exercises.map((e) => e.id),
          ).expect(200)
        ).body,
      ).toMatchObject({ session: { creditsEarned: 10 }, creditsNote: null });
      const over = await train(15);
      const unpaid = (
        await complete(
          me,
          over,
          over.exercises.map((e) => e.id),
        ).expect(200)
      ).body as WorkoutCompletion;
      expect(unpaid).toMatchObject({
        session: { creditsEarned: 0 },
        creditsNote: expect.stringContaining('already plan 120 of 120 minutes'),
      });
      expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(80);
      expect((await t.http.get('/api/workout/sessions').set(me.auth).expect(200)).body).toHaveLength(4);
    });
  });

  describe('sessions that cannot be scripted', () => {
    it('completes one session at a time: of four 60-minute workouts started within seconds and completed at once, only today’s is', async () => {
      const me = await signIn(t);
      advanceToNextMorning(t);
      const workouts: WorkoutView[] = [];
      for (let i = 0; i < 4; i++) {
        const workout = (await generate(me, { type: 'hiit', difficulty: 'advanced', duration: 60 }).expect(201))
          .body as WorkoutView;
        await startSession(t, me, workout.id).expect(200);
        for (const exercise of workout.exercises) await tickExercise(t, me, workout.id, exercise.id).expect(200);
        workouts.push(workout);
      }
      clockOf(t).advance(30 * 60_000);
      const answers = await Promise.all(
        workouts.map((w) =>
          complete(
            me,
            w,
            w.exercises.map((e) => e.id),
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([409, 409, 409, 200]);
      for (const refused of answers.slice(0, 3)) {
        expect(refused.body).toEqual({
          statusCode: 409,
          code: 'WORKOUT_NOT_OPEN',
          error: 'Not Open',
          message:
            "A newer workout replaced this one: you train one session at a time, so only today's workout can be completed",
        });
      }
      expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(40);
      expect(
        ((await t.http.get('/api/workout/sessions').set(me.auth).expect(200)).body as SessionView[]).map(
          (s) => s.workoutId,
        ),
      ).toEqual([workouts[3].id]);
      // Asked again: a replaced one is still refused as replaced, the completed one as completed.
      expect(
        (
          await complete(
            me,
            workouts[0],
            workouts[0].exercises.map((e) => e.id),
          ).expect(409)
        ).body.code,
      ).toBe('WORKOUT_NOT_OPEN');
      expect(
        (
          await complete(
            me,
            workouts[3],
            workouts[3].exercises.map((e) => e.id),
          ).expect(409)
        ).body.code,
      ).toBe('WORKOUT_ALREADY_COMPLETED');
    });

    it('pays the ticks the server stored: a list that differs, or nothing ticked, is refused and changes nothing', async () => {
      const me = await signIn(t);
      const workout = (await generate(me, { type: 'hiit', difficulty: 'advanced', duration: 60 }).expect(201))
        .body as WorkoutView;
      const all = workout.exercises.map((e) => e.id);
      await startAndLetHalfPass(t, me, workout, []);
      const nothing = await complete(me, workout, all).expect(409);
      expect(nothing.body).toMatchObject({
        code: 'WORKOUT_TICKS_DIFFER',
        error: 'Ticks Differ',
        message: expect.stringMatching(/^No exercise of this session is ticked/),
      });

      await tickExercise(t, me, workout.id, 'ex2').expect(200);
      await tickExercise(t, me, workout.id, 'ex1').expect(200);
      const more = await complete(me, workout, all).expect(409);
      expect(more.body).toMatchObject({
        code: 'WORKOUT_TICKS_DIFFER',
        message: `This session's ticks changed elsewhere (ticked: ex2, ex1; sent: ${all.join(', ')}): reload to see them, then complete it`,
      });
      expect((await t.http.get('/api/user').set(me.auth)).body).toMatchObject({ pendingCredits: 0, totalWorkouts: 0 });
      await t.http.get('/api/workout/sessions').set(me.auth).expect(200, []);

      const done = (await complete(me, workout, ['ex1', 'ex2', 'ex1']).expect(200)).body as WorkoutCompletion;
      expect(done.session).toMatchObject({ creditsEarned: Math.round((40 * 2) / all.length), intensity: 'light' });
    });

    it('opens no second paid day when the time zone changes between completions', async () => {
      const me = await signIn(t);
      const profile = (timeZone: string) =>
        t.http
          .put('/api/profile')
          .set(me.auth)
          .send({
            age: 35,
            height: 175,
            weight: 70,
            goal: 'general_fitness',
            equipment: [],
            limitations: [],
            units: 'metric',
            timeZone,
          })
          .expect(200);
      const train = async () => {
        const workout = (await generate(me, { type: 'hiit', difficulty: 'advanced', duration: 60 }).expect(201))
          .body as WorkoutView;
        await startAndLetHalfPass(t, me, workout);
        return (
          (
            await complete(
              me,
              workout,
              workout.exercises.map((e) => e.id),
            ).expect(200)
          ).body as WorkoutCompletion
        ).session.creditsEarned;
      };
      await profile('UTC');
      // 01:00 UTC: two hours of the UTC day paid; in Honolulu it is still yesterday, a day nothing was paid on.
      advanceToNextMorning(t);
      expect([await train(), await train()]).toEqual([40, 40]);
      await profile('Pacific/Honolulu');
      expect(await train()).toBe(0);
      expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(80);
    });
  });

  it('claims the day’s paid minutes for at most 120 minutes of 12 workouts claiming at once, each workout once', async () => {
    const repository = t.app.get(PaidMinutesRepository);
    const userId = new Types.ObjectId().toString();
    const workoutIds = Array.from({ length: 12 }, () => new Types.ObjectId().toString());
    const day23 = { day: '2026-11-23', timeZone: 'UTC' };
    const claims = await Promise.all(workoutIds.map((id) => repository.claim(userId, day23, id, 45, 120)));
    expect(claims.filter((c) => c.paid)).toHaveLength(2);
    // A retried completion of a paid workout stays paid; a new one still finds the day full.
    const paidId = workoutIds[claims.findIndex((c) => c.paid)];
    expect(await repository.claim(userId, day23, paidId, 45, 120)).toEqual({ paid: true, minutesToday: 90 });
    expect(await repository.claim(userId, day23, new Types.ObjectId().toString(), 30, 120)).toEqual({
      paid: true,
      minutesToday: 120,
    });
    expect(await repository.claim(userId, day23, new Types.ObjectId().toString(), 15, 120)).toEqual({
      paid: false,
      minutesToday: 120,
    });
    expect(
      await repository.claim(userId, { day: '2026-11-24', timeZone: 'UTC' }, new Types.ObjectId().toString(), 60, 120),
    ).toEqual({ paid: true, minutesToday: 60 });
    // The latest day is what capDay moves on from, with the zone it was read in.
    const around24th = capDayCandidates(new Date('2026-11-24T12:00:00Z'));
    expect(await repository.latestDay(userId, around24th)).toEqual({ day: '2026-11-24', timeZone: 'UTC' });
    expect(await repository.latestDay(userId, capDayCandidates(new Date('2026-11-21T12:00:00Z')))).toEqual({
      day: '2026-11-23',
      timeZone: 'UTC',
    });
    expect(await repository.latestDay(userId, capDayCandidates(new Date('2026-11-30T12:00:00Z')))).toBeNull();
    expect(await repository.latestDay(new Types.ObjectId().toString(), around24th)).toBeNull();
  });

  describe('the test clock', () => {
    it('moves forward through POST /api/test/clock when TEST_CLOCK=1 (and tells its time), for a signed-in caller, within a day', async () => {
      const me = await signIn(t);
      const before = clockOf(t).now().getTime();
      const moved = (await t.http.post('/api/test/clock').set(me.auth).send({ minutes: 30 }).expect(200)).body as {
        now: string;
      };
      expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(30 * 60_000);
      expect(Date.parse(moved.now) - before).toBeLessThan(31 * 60_000);
      const read = (await t.http.get('/api/test/clock').set(me.auth).expect(200)).body as { now: string };
      expect(Date.parse(read.now)).toBeGreaterThanOrEqual(Date.parse(moved.now));
      await t.http.post('/api/test/clock').send({ minutes: 30 }).expect(401);
      for (const minutes of [0, -5, 1441, 1.5, '30'])
        await t.http.post('/api/test/clock').set(me.auth).send({ minutes }).expect(400);
      expect(() => clockOf(t).advance(-1)).toThrow(/forward/);
      const document = (await t.http.get('/api/docs-json').expect(200)).body as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths)).toContain('/api/test/clock');
    });

    it('moves to a time with `until` only when it is ahead, so concurrent callers move it as far as the latest needs', async () => {
      const me = await signIn(t);
      const start = clockOf(t).now().getTime();
      const targets = [20, 35, 10].map((minutes) => new Date(start + minutes * 60_000).toISOString());
      await Promise.all(
        targets.map((until) => t.http.post('/api/test/clock').set(me.auth).send({ until }).expect(200)),
      );
      const now = clockOf(t).now().getTime() - start;
      expect(now).toBeGreaterThanOrEqual(35 * 60_000);
      expect(now).toBeLessThan(36 * 60_000);
      const past = (
        await t.http
          .post('/api/test/clock')
          .set(me.auth)
          .send({ until: new Date(start).toISOString() })
          .expect(200)
      ).body as { now: string };
      expect(Date.parse(past.now) - start).toBeGreaterThanOrEqual(35 * 60_000);
      const tooFar = await t.http
        .post('/api/test/clock')
        .set(me.auth)
        .send({ until: new Date(start + 3 * 24 * 3600_000).toISOString() })
        .expect(400);
      expect(tooFar.body.message).toBe('The clock moves at most a day at a time');
      for (const body of [{ until: 'tomorrow' }, { until: start }, { until: targets[0], minutes: 5 }])
        await t.http.post('/api/test/clock').set(me.auth).send(body).expect(400);
    });
  });

  it('awards each achievement once, even when asked at the same time', async () => {
    const me = await signIn(t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.app.get(AchievementsService).award(me.user.id, 'FIRST_BMI_REPORT')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await t.http.get(`/api/achievements/${me.user.id}`).set(me.auth)).body).toEqual([
      expect.objectContaining({ code: 'FIRST_BMI_REPORT', title: 'Know Your Numbers' }),
    ]);
  });
});
