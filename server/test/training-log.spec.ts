import { randomUUID } from 'node:crypto';

import type {
  ExerciseHistoryView,
  LogSetResult,
  ProgressChartsView,
  SessionLogView,
  WorkoutCompletion,
  WorkoutView,
} from '../src/contract';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { LoggedSetsRepository } from '../src/training-log/logged-sets.repository';
import { rankOf } from '../src/training-log/training-log.rules';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { clockOf, tickExercise } from './support/sessions';

/** The training log over HTTP, as a lifter uses it in the gym and a coach reads it back. */
describe('the training log: sets, records, history, exactly-once payment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TEST_CLOCK: '1' });
  });
  afterAll(() => t.close());

  const generate = async (me: SignedIn, body: Record<string, unknown> = {}) =>
    (
      await t.http
        .post('/api/workout/generate')
        .set(me.auth)
        .send({ userId: me.user.id, type: 'strength', ...body })
        .expect(201)
    ).body as WorkoutView;
  const logSet = (me: SignedIn, workoutId: string, key: string, body: Record<string, unknown>) =>
    t.http
      .put(`/api/workout/${workoutId}/sets/${key}`)
      .set(me.auth)
      .send({ userId: me.user.id, order: 0, ...body });
  const sessionLog = async (me: SignedIn, workoutId: string) =>
    (await t.http.get(`/api/workout/${workoutId}/sets`).set(me.auth).expect(200)).body as SessionLogView;
  const repsExercise = (w: WorkoutView) => w.exercises.find((e) => e.phase === 'main' && e.dose?.kind === 'reps')!;
  const complete = (me: SignedIn, workout: WorkoutView, ids: string[]) =>
    t.http
      .post('/api/workout/complete')
      .set(me.auth)
      .send({ userId: me.user.id, workoutId: workout.id, completedExercises: ids });

  it('logs a set with its reps, load and RPE, edits it under the same key, removes it; the first set starts the session', async () => {
    const me = await signIn(t);
    const workout = await generate(me);
    const exercise = repsExercise(workout);
    const key = randomUUID();
    const first = (
      await logSet(me, workout.id, key, { exerciseId: exercise.id, reps: 8, loadKg: 20, rpe: 8 }).expect(200)
    ).body as LogSetResult;
    expect(first).toEqual({
      set: expect.objectContaining({
        key,
        sessionId: workout.id,
        exerciseId: exercise.id,
        catalogueId: exercise.catalogueId,
        kind: 'reps',
        warmup: false,
        reps: 8,
        loadKg: 20,
        rpe: 8,
        e1rmKg: 25.33,
        source: 'app',
      }),
      newRecords: [],
    });
    const today = (await t.http.get('/api/workout/today').set(me.auth).expect(200)).body as WorkoutView;
    expect(today.startedAt).not.toBeNull();

    // Sent again (a retry): still one set, nothing new announced.
    await logSet(me, workout.id, key, { exerciseId: exercise.id, reps: 8, loadKg: 20, rpe: 8 }).expect(200);
    // Edited: 10 reps after all, RPE dropped.
    const edited = (await logSet(me, workout.id, key, { exerciseId: exercise.id, reps: 10, loadKg: 20 }).expect(200))
      .body as LogSetResult;
    expect(edited.set).toMatchObject({ reps: 10, loadKg: 20, performedAt: first.set.performedAt });
    expect(edited.set.rpe).toBeUndefined();
    const warmKey = randomUUID();
    await logSet(me, workout.id, warmKey, { exerciseId: exercise.id, reps: 12, warmup: true }).expect(200);
    expect((await sessionLog(me, workout.id)).sets.map((s) => [s.key, s.warmup, s.reps])).toEqual([
      [key, false, 10],
      [warmKey, true, 12],
    ]);

    await t.http.delete(`/api/workout/${workout.id}/sets/${warmKey}`).set(me.auth).expect(200, { ok: true });
    await t.http.delete(`/api/workout/${workout.id}/sets/${warmKey}`).set(me.auth).expect(200, { ok: true });
    // A late re-send of the removed set does not bring it back.
    const late = await logSet(me, workout.id, warmKey, { exerciseId: exercise.id, reps: 12, warmup: true }).expect(409);
    expect(late.body.code).toBe('LOG_SET_REMOVED');
    expect((await sessionLog(me, workout.id)).sets.map((s) => s.key)).toEqual([key]);
  });

  it('refuses implausible and ill-fitting sets with stable codes, never a 5xx, changing nothing', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    const workout = await generate(me);
    const exercise = repsExercise(workout);
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ reps: 5, loadKg: 900 }, 422, 'LOG_SET_IMPLAUSIBLE'],
      [{ reps: -3 }, 422, 'LOG_SET_IMPLAUSIBLE'],
      [{ reps: 2000 }, 422, 'LOG_SET_IMPLAUSIBLE'],
      [{ seconds: 30 }, 400, 'LOG_SET_WRONG_KIND'],
      [{ reps: 5, rpe: 11 }, 400, 'VALIDATION_FAILED'],
      [{ reps: 5, rpe: 5 }, 400, 'VALIDATION_FAILED'],
      [{ reps: 2.5 }, 400, 'VALIDATION_FAILED'],
      [{ reps: 5, loadKg: 'heavy' }, 400, 'VALIDATION_FAILED'],
      [{ reps: { $gt: 0 } }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [measures, status, code] of refusals) {
      const res = await logSet(me, workout.id, randomUUID(), { exerciseId: exercise.id, ...measures });
      expect([measures, res.status, res.body.code]).toEqual([measures, status, code]);
    }
    const heavy = await logSet(me, workout.id, randomUUID(), { exerciseId: exercise.id, reps: 5, loadKg: 900 });
    expect(heavy.body).toMatchObject({
      error: 'Implausible Set',
      message: expect.stringMatching(/^900 kg is more than anyone/),
    });
    await logSet(me, workout.id, randomUUID(), { exerciseId: 'ex999', reps: 5 }).expect(404);
    await logSet(me, workout.id, 'short', { exerciseId: exercise.id, reps: 5 }).expect(400);
    await t.http
      .put(`/api/workout/${workout.id}/sets/${randomUUID()}`)
      .set(other.auth)
      .send({ userId: other.user.id, exerciseId: exercise.id, order: 0, reps: 5 })
      .expect(404);
    await t.http
      .put(`/api/workout/${workout.id}/sets/${randomUUID()}`)
      .set(me.auth)
      .send({ userId: other.user.id, exerciseId: exercise.id, order: 0, reps: 5 })
      .expect(403);
    await t.http.get(`/api/workout/${workout.id}/sets`).set(other.auth).expect(404);
    expect((await sessionLog(me, workout.id)).sets).toEqual([]);
    const today = (await t.http.get('/api/workout/today').set(me.auth).expect(200)).body as WorkoutView;
    expect(today.startedAt).toBeNull();
  });

  it('says the imperial reader’s refusal in pounds', async () => {
    const me = await signIn(t);
    await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({
        userId: me.user.id,
        age: 30,
        height: 180,
        weight: 80,
        goal: 'build_muscle',
        equipment: [],
        limitations: [],
        units: 'imperial',
        timeZone: 'UTC',
      })
      .expect(200);
    const workout = await generate(me);
    const res = await logSet(me, workout.id, randomUUID(), {
      exerciseId: repsExercise(workout).id,
      reps: 5,
      loadKg: 900,
    }).expect(422);
    expect(res.body.message).toMatch(/^1984\.2 lb is more than anyone/);
  });

  it('announces a record once when a set beats last week’s, and keeps every set in the history with its records', async () => {
    const me = await signIn(t);
    const workout = await generate(me);
    const exercise = repsExercise(workout);
    const catalogueId = exercise.catalogueId!;
    // Last Monday: 20 kg × 8 (vest) over three sets, logged in an earlier session.
    const lastWeek = new Date(clockOf(t).now().getTime() - 7 * 86_400_000);
    const earlier = '0123456789abcdef01234567';
    await t.app.get(LoggedSetsRepository).insertMany(
      [0, 1, 2].map((order) => ({
        userId: me.user.id,
        sessionId: earlier,
        key: `earlier-${order}-${me.user.id}`,
        exerciseId: 'ex2',
        catalogueId,
        exerciseName: exercise.name,
        muscles: exercise.muscles,
        kind: 'reps' as const,
        order,
        warmup: false,
        reps: 8,
        loadKg: 20,
        e1rmKg: 25.33,
        performedAt: new Date(lastWeek.getTime() + order * 180_000),
        source: 'app' as const,
        rank: rankOf({ reps: 8, loadKg: 20, warmup: false }),
        records: [],
      })),
    );
    const log = await sessionLog(me, workout.id);
    expect(log.lastTime[exercise.id].map((s) => [s.reps, s.loadKg])).toEqual([
      [8, 20],
      [8, 20],
      [8, 20],
    ]);

    // A warm-up sets nothing; 22.5 × 6 is heavier with a better e1RM (27 > 25.33) but less volume (135 < 160).
    const warm = (
      await logSet(me, workout.id, randomUUID(), {
        exerciseId: exercise.id,
        reps: 10,
        loadKg: 30,
        warmup: true,
      }).expect(200)
    ).body as LogSetResult;
    expect(warm.newRecords).toEqual([]);
    const key = randomUUID();
    const heavier = (
      await logSet(me, workout.id, key, { exerciseId: exercise.id, order: 1, reps: 6, loadKg: 22.5 }).expect(200)
    ).body as LogSetResult;
    expect(heavier.newRecords).toEqual(['heaviest', 'best_e1rm']);
    await logSet(me, workout.id, key, { exerciseId: exercise.id, order: 1, reps: 6, loadKg: 22.5 })
      .expect(200)
      .expect((res) => expect(res.body.newRecords).toEqual([]));
    // 20 × 10: most reps at 20 kg and the best volume (200 > 160); not heavier.
    const moreReps = (
      await logSet(me, workout.id, randomUUID(), { exerciseId: exercise.id, order: 2, reps: 10, loadKg: 20 }).expect(
        200,
      )
    ).body as LogSetResult;
    expect(moreReps.newRecords).toEqual(['most_reps', 'best_volume']);
    expect(moreReps.set.records).toEqual(['most_reps', 'best_volume']);

    const history = (await t.http.get(`/api/log/exercises/${catalogueId}`).set(me.auth).expect(200))
      .body as ExerciseHistoryView;
    expect(history.sets).toHaveLength(6);
    expect(history.sets[0].performedAt >= history.sets[5].performedAt).toBe(true);
    const records = Object.fromEntries(history.records.map((r) => [r.kind, r.value]));
    expect(records).toEqual({ heaviest: 22.5, most_reps: 6, best_e1rm: 27, best_volume: 200 });
    const page = (await t.http.get(`/api/log/exercises/${catalogueId}?limit=4`).set(me.auth).expect(200))
      .body as ExerciseHistoryView;
    expect(page.sets).toHaveLength(4);
    const rest = (
      await t.http
        .get(`/api/log/exercises/${catalogueId}?limit=4&before=${encodeURIComponent(page.nextBefore!)}`)
        .set(me.auth)
        .expect(200)
    ).body as ExerciseHistoryView;
    expect([...page.sets, ...rest.sets].map((s) => s.key)).toEqual(history.sets.map((s) => s.key));
    expect(rest.nextBefore).toBeNull();
    // An id in neither the catalogue nor the log names nothing; a catalogue exercise never logged has an empty history.
    const unknown = await t.http.get('/api/log/exercises/not-an-exercise').set(me.auth).expect(404);
    expect(unknown.body.code).toBe('LOG_EXERCISE_UNKNOWN');
    const neverLogged = (await t.http.get('/api/log/exercises/wall-sit').set(me.auth).expect(200))
      .body as ExerciseHistoryView;
    expect(neverLogged.sets).toEqual([]);

    const charts = (await t.http.get('/api/log/progress').set(me.auth).expect(200)).body as ProgressChartsView;
    expect(charts.weeks).toHaveLength(12);
    expect(charts.e1rm[0]).toMatchObject({ catalogueId });
    expect(charts.e1rm[0].bestKg.slice(-2).filter((v) => v !== null).length).toBeGreaterThan(0);
  });

  it('keeps one set for one key however many sends race, and every set of two devices', async () => {
    const me = await signIn(t);
    const workout = await generate(me);
    const exercise = repsExercise(workout);
    const key = randomUUID();
    const statuses = (
      await Promise.all(
        Array.from({ length: 10 }, () => logSet(me, workout.id, key, { exerciseId: exercise.id, reps: 8 })),
      )
    ).map((r) => r.status);
    expect(statuses).toEqual(Array(10).fill(200));
    // Phone and laptop log their own sets at once, each sending each twice.
    const phone = Array.from({ length: 4 }, () => randomUUID());
    const laptop = Array.from({ length: 4 }, () => randomUUID());
    await Promise.all(
      [...phone, ...laptop, ...phone, ...laptop].map((k, i) =>
        logSet(me, workout.id, k, { exerciseId: exercise.id, order: (i % 8) + 1, reps: 6 }).expect(200),
      ),
    );
    const keys = (await sessionLog(me, workout.id)).sets.map((s) => s.key).sort();
    expect(keys).toEqual([key, ...phone, ...laptop].sort());
  });

  it('pays the done sets of the session once, however many completions race; the sets are then closed', async () => {
    const me = await signIn(t);
    const workout = await generate(me, { duration: 30 });
    const exercise = repsExercise(workout);
    const prescribed = exercise.dose!.sets;
    // Only one set of the prescribed ones is logged, and one other exercise is ticked.
    await logSet(me, workout.id, randomUUID(), { exerciseId: exercise.id, reps: 8 }).expect(200);
    const other = workout.exercises.find((e) => e.id !== exercise.id)!;
    await tickExercise(t, me, workout.id, other.id).expect(200);
    clockOf(t).advance(workout.duration * 30_000);
    const results = await Promise.all(Array.from({ length: 8 }, () => complete(me, workout, [other.id])));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const done = results.find((r) => r.status === 200)!.body as WorkoutCompletion;
    const share = 1 + 1 / prescribed;
    expect(done.session.creditsEarned).toBe(Math.round((workout.creditsReward * share) / workout.exercises.length));
    expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(done.session.creditsEarned);

    const closed = await logSet(me, workout.id, randomUUID(), { exerciseId: exercise.id, reps: 8 }).expect(409);
    expect(closed.body.code).toBe('LOG_SESSION_COMPLETED');
    // The finished session's sets are still read back.
    expect((await sessionLog(me, workout.id)).sets).toHaveLength(1);
  });

  it('a batch of set changes answers and stores exactly what the same changes sent one by one do, sent once or again', async () => {
    const [oneByOne, batched] = [await signIn(t), await signIn(t)];
    const [workoutA, workoutB] = [await generate(oneByOne), await generate(batched)];
    const [exerciseA, exerciseB] = [repsExercise(workoutA), repsExercise(workoutB)];
    // 60 changes over 12 sets of one exercise: loads and reps that keep setting records, edits that
    // lower a record's holder, two removals, and one implausible set refused in its place.
    const keys = Array.from({ length: 12 }, (_, i) => `batch-${i}-${randomUUID().slice(0, 8)}`);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    type Change = { kind: 'set'; key: string; reps: number; loadKg: number } | { kind: 'removeSet'; key: string };
    const changes: Change[] = Array.from({ length: 60 }, (_, i): Change => {
      const key = keys[Math.floor(next() * keys.length)];
      if (i === 30 || i === 45) return { kind: 'removeSet', key };
      return {
        kind: 'set',
        key,
        reps: 3 + Math.floor(next() * 10),
        loadKg: i === 20 ? 900 : 20 + 2.5 * Math.floor(next() * 8),
      };
    });
    const asResult = (status: number, body: { code?: string; newRecords?: string[]; set?: { records: string[] } }) =>
      status === 200 ? { ok: true, newRecords: body.newRecords ?? null } : { ok: false, status, code: body.code };

    const sendOneByOne = async () => {
      const answered = [];
      for (const change of changes) {
        const res =
          change.kind === 'set'
            ? await logSet(oneByOne, workoutA.id, change.key, {
                exerciseId: exerciseA.id,
                reps: change.reps,
                loadKg: change.loadKg,
              })
            : await t.http.delete(`/api/workout/${workoutA.id}/sets/${change.key}`).set(oneByOne.auth);
        answered.push(asResult(res.status, res.body));
      }
      return answered;
    };
    const sentOneByOne = await sendOneByOne();
    const sendBatches = async () => {
      const answered = [];
      for (let i = 0; i < changes.length; i += 25) {
        const res = await t.http
          .post(`/api/workout/${workoutB.id}/sets/batch`)
          .set(batched.auth)
          .send({
            userId: batched.user.id,
            changes: changes.slice(i, i + 25).map((c) =>
              c.kind === 'set'
                ? {
                    kind: 'set',
                    setKey: c.key,
                    set: { exerciseId: exerciseB.id, order: 0, reps: c.reps, loadKg: c.loadKg },
                  }
                : { kind: 'removeSet', setKey: c.key },
            ),
          })
          .expect(200);
        for (const result of res.body.results)
          answered.push(
            result.ok
              ? { ok: true, newRecords: result.logged?.newRecords ?? null }
              : { ok: false, status: result.statusCode, code: result.code },
          );
      }
      return answered;
    };
    const sentBatched = await sendBatches();
    expect(sentBatched).toEqual(sentOneByOne);
    expect(sentBatched[20]).toEqual({ ok: false, status: 422, code: 'LOG_SET_IMPLAUSIBLE' });
    expect(sentBatched.filter((r) => r.ok && r.newRecords?.length).length).toBeGreaterThan(3);

    const stored = async (me: SignedIn, workoutId: string) =>
      (await sessionLog(me, workoutId)).sets
        .map((set) => ({ key: set.key, reps: set.reps, loadKg: set.loadKg, records: [...set.records].sort() }))
        .sort((a, b) => a.key.localeCompare(b.key));
    expect(await stored(batched, workoutB.id)).toEqual(await stored(oneByOne, workoutA.id));

    // Sent again (a retry after a lost answer): answered and stored as the same changes sent again
    // one by one (a removal that came before its set now finds it), no set twice.
    expect(await sendBatches()).toEqual(await sendOneByOne());
    const after = await stored(batched, workoutB.id);
    expect(after).toEqual(await stored(oneByOne, workoutA.id));
    expect(new Set(after.map((set) => set.key)).size).toBe(after.length);
    expect((await t.http.get('/api/workout/today').set(batched.auth).expect(200)).body.startedAt).not.toBeNull();
  });

  it('refuses a malformed batch whole with 4xx and changes nothing', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    const workout = await generate(me);
    const exercise = repsExercise(workout);
    const change = {
      kind: 'set',
      setKey: randomUUID(),
      set: { exerciseId: exercise.id, order: 0, reps: 5, loadKg: 20 },
    };
    const batch = (body: object, who = me) =>
      t.http.post(`/api/workout/${workout.id}/sets/batch`).set(who.auth).send(body);
    await batch({ userId: other.user.id, changes: [change] }, me).expect(403);
    for (const bad of [
      { changes: [] },
      { changes: Array.from({ length: 101 }, () => change) },
      { changes: [{ ...change, kind: 'tick' }] },
      { changes: [{ ...change, set: { ...change.set, userId: me.user.id } }] },
      { changes: [{ kind: 'removeSet', setKey: 'x' }] },
      { changes: { $ne: null } },
    ])
      expect((await batch({ userId: me.user.id, ...bad }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    // Another member's workout is not found; nothing was stored anywhere.
    const theirs = await generate(other);
    expect(
      (
        await t.http
          .post(`/api/workout/${theirs.id}/sets/batch`)
          .set(me.auth)
          .send({ userId: me.user.id, changes: [change] })
          .expect(404)
      ).body.code,
    ).toBe('WORKOUT_NOT_FOUND');
    expect((await sessionLog(me, workout.id)).sets).toEqual([]);
  });
});
