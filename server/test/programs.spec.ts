import { Types } from 'mongoose';

import type {
  ActiveProgramView,
  MuscleGroup,
  ProgramDetail,
  ProgramSummary,
  WorkoutCompletion,
  WorkoutView,
} from '../src/contract';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { LoggedSetsRepository } from '../src/training-log/logged-sets.repository';
import { catalogueExercise } from '../src/workouts/catalogue';
import { ChatMessagesRepository } from '../src/workouts/chat-messages.repository';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { clockOf, startAndLetHalfPass } from './support/sessions';

const DAY = 24 * 3600_000;

describe('programs over weeks over HTTP (catalogue, enrolment, today’s session from the program)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TEST_CLOCK: '1' });
    // To 09:00 UTC of the next Monday, so the 3-day program's Monday/Wednesday/Friday are known days.
    const now = clockOf(t).now().getTime();
    const midnight = Math.floor(now / DAY) * DAY;
    const weekday = new Date(midnight).getUTCDay() || 7;
    clockOf(t).advance(midnight + (8 - weekday) * DAY + 9 * 3600_000 - now);
  });
  afterAll(() => t.close());

  const active = async (me: SignedIn) =>
    (await t.http.get('/api/programs/active').set(me.auth).expect(200)).body as ActiveProgramView | null;
  const issue = (me: SignedIn) => t.http.post('/api/programs/active/session').set(me.auth).send({ userId: me.user.id });
  const act = (me: SignedIn, action: string) =>
    t.http.post(`/api/programs/active/${action}`).set(me.auth).send({ userId: me.user.id });
  const complete = (me: SignedIn, workout: WorkoutView) =>
    t.http
      .post('/api/workout/complete')
      .set(me.auth)
      .send({
        userId: me.user.id,
        workoutId: workout.id,
        completedExercises: workout.exercises.map((e) => e.id),
      });
  const advanceDays = (days: number) => clockOf(t).advance(days * DAY);
  /** Work sets in the log as an import stores them, a minute apart from `at`. */
  const logSets = (
    me: SignedIn,
    catalogueId: string,
    exerciseName: string,
    muscles: MuscleGroup[],
    at: Date,
    reps: number[],
    loadKg: number,
  ) => {
    const sessionId = new Types.ObjectId();
    return t.app.get(LoggedSetsRepository).insertMany(
      reps.map((count, order) => ({
        userId: me.user.id,
        sessionId,
        key: `test-${catalogueId}-${sessionId.toHexString()}-${order}`,
        exerciseId: 'ex1',
        catalogueId,
        exerciseName,
        muscles,
        kind: 'reps',
        order,
        warmup: false,
        reps: count,
        loadKg,
        performedAt: new Date(at.getTime() + order * 60_000),
        source: 'import',
        records: [],
      })),
    );
  };

  it('lists the catalogue and shows a program’s week; an unknown program is 404 with its code', async () => {
    const me = await signIn(t);
    const list = (await t.http.get('/api/programs').set(me.auth).expect(200)).body as ProgramSummary[];
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.find((p) => p.id === 'couch-to-5k')).toMatchObject({ weeks: 10, daysPerWeek: 3, equipment: [] });
    const detail = (await t.http.get('/api/programs/full-body-3').set(me.auth).expect(200)).body as ProgramDetail;
    expect(detail.days).toHaveLength(3);
    expect(detail.days[0].exercises.find((e) => e.catalogueId === 'goblet-squat')?.plan).toMatch(/3 × 8–12/);
    const missing = await t.http.get('/api/programs/no-such-program').set(me.auth).expect(404);
    expect(missing.body.code).toBe('PROGRAM_NOT_FOUND');
    await t.http.get('/api/programs').expect(401);
    expect(await active(me)).toBeNull();
  });

  it('refuses bad input with 4xx codes and changes nothing', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    expect((await issue(me).expect(409)).body.code).toBe('PROGRAM_NOT_ACTIVE');
    expect((await act(me, 'pause').expect(409)).body.code).toBe('PROGRAM_NOT_ACTIVE');
    await act(me, 'explode').expect(400);
    await t.http.post('/api/programs/full-body-3/start').set(me.auth).send({ userId: other.user.id }).expect(403);
    await t.http
      .post('/api/programs/full-body-3/start')
      .set(me.auth)
      .send({ userId: me.user.id, extra: 1 })
      .expect(400);
    const unknown = await t.http.post('/api/programs/nope/start').set(me.auth).send({ userId: me.user.id }).expect(404);
    expect(unknown.body.code).toBe('PROGRAM_NOT_FOUND');
    expect(await active(me)).toBeNull();
  });

  it('a program day is today’s workout, dosed from the log; completed, it pays as any session and the plan moves on; a missed day shifts it', async () => {
    const me = await signIn(t);
    // Last week's goblet squats, 3 × 12 at 20 kg: the top of the range, so the program adds the smallest dumbbell step.
    const lastWeek = new Date(clockOf(t).now().getTime() - 7 * DAY);
    await logSets(me, 'goblet-squat', 'Goblet Squat', ['legs', 'glutes'], lastWeek, [12, 12, 12], 20);

    const started = (
      await t.http.post('/api/programs/full-body-3/start').set(me.auth).send({ userId: me.user.id }).expect(201)
    ).body as ActiveProgramView;
    expect(started).toMatchObject({
      status: 'active',
      done: 0,
      total: 24,
      next: { when: 'due', session: { week: 1, day: 0, dayName: 'Full Body A' } },
    });
    expect(started.upcoming.map((u) => new Date(`${u.date}T00:00:00Z`).getUTCDay())).toEqual([1, 3, 5, 1, 3, 5]);

    const workout = (await issue(me).expect(201)).body as WorkoutView;
    expect(workout.name).toBe('3-Day Full Body: Full Body A · W1');
    const squat = workout.exercises.find((e) => e.catalogueId === 'goblet-squat')!;
    expect(squat.dose).toMatchObject({ kind: 'reps', sets: 3, reps: 8, loadKg: 22 });
    expect(squat.prescription).toBe('3 × 8 (range 8–12) @ 22 kg · rest 90 s');
    expect(workout.notes.join(' ')).toMatch(/Goblet Squat: every set reached the top/);
    // Asked again while open: the same workout; it is today's workout.
    expect(((await issue(me).expect(201)).body as WorkoutView).id).toBe(workout.id);
    expect((await t.http.get('/api/workout/today').set(me.auth).expect(200)).body.id).toBe(workout.id);
    expect((await active(me))!.workoutId).toBe(workout.id);

    await startAndLetHalfPass(t, me, workout);
    const { session } = (await complete(me, workout).expect(200)).body as WorkoutCompletion;
    expect(session.creditsEarned).toBe(workout.creditsReward);
    expect(await t.app.get(LedgerReadsService).balance(me.user.id, 'pending')).toBe(workout.creditsReward);
    expect(await active(me)).toMatchObject({
      done: 1,
      workoutId: null,
      next: { when: 'doneToday', session: { index: 1 } },
    });
    expect((await issue(me).expect(409)).body.code).toBe('PROGRAM_TRAINED_TODAY');

    // Tuesday: nothing owed. Wednesday passes untrained. Thursday owes Wednesday's day, not Friday's.
    advanceDays(1);
    expect(await active(me)).toMatchObject({ next: { when: 'ahead', session: { day: 1 } } });
    const onSchedule = (await active(me))!.finishOn!;
    advanceDays(2);
    const thursday = (await active(me))!;
    expect(thursday).toMatchObject({
      done: 1,
      next: { when: 'due', behind: 1, session: { index: 1, day: 1, dayName: 'Full Body B' } },
    });
    // Trained today, the missed day is caught up with no change to the finish; the plan after it moves as one.
    expect(thursday.upcoming[0]).toMatchObject({
      date: clockOf(t).now().toISOString().slice(0, 10),
      session: { day: 1 },
    });
    expect(thursday.upcoming[1].session.day).toBe(2);
    expect(thursday.finishOn).toBe(onSchedule);
    const dayB = (await issue(me).expect(201)).body as WorkoutView;
    expect(dayB.name).toBe('3-Day Full Body: Full Body B · W1');
  });

  it('muscles still recovering by the logged volume are left out of the next generated workout', async () => {
    const me = await signIn(t);
    const anHourAgo = new Date(clockOf(t).now().getTime() - 3600_000);
    await logSets(
      me,
      'dumbbell-bench-press',
      'Dumbbell Bench Press',
      ['chest', 'arms', 'shoulders'],
      anHourAgo,
      Array(8).fill(10),
      24,
    );
    const workout = (
      await t.http.post('/api/workout/generate').set(me.auth).send({ userId: me.user.id, type: 'strength' }).expect(201)
    ).body as WorkoutView;
    expect(workout.notes.join(' ')).toMatch(/Recovery: your (chest|arms|shoulders)/);
    expect(workout.exercises.filter((e) => e.phase === 'main' && e.muscles.includes('chest'))).toEqual([]);
  });

  it('pause owes nothing and refuses a session; resume moves the plan; stop ends it', async () => {
    const me = await signIn(t);
    await t.http.post('/api/programs/couch-to-5k/start').set(me.auth).send({ userId: me.user.id }).expect(201);
    expect((await act(me, 'pause').expect(200)).body as ActiveProgramView).toMatchObject({
      status: 'paused',
      next: null,
    });
    expect((await issue(me).expect(409)).body.code).toBe('PROGRAM_NOT_ACTIVE');
    expect((await act(me, 'pause').expect(409)).body.code).toBe('PROGRAM_NOT_ACTIVE');
    advanceDays(3);
    const resumed = (await act(me, 'resume').expect(200)).body as ActiveProgramView;
    expect(resumed.status).toBe('active');
    expect(resumed.next?.behind).toBe(0);
    expect((await act(me, 'resume').expect(409)).body.code).toBe('PROGRAM_NOT_PAUSED');
    const run = (await issue(me).expect(201)).body as WorkoutView;
    expect(run.type).toBe('cardio');
    expect(run.exercises.find((e) => e.catalogueId === 'easy-jog')?.prescription).toBe('8 × run 60 s, walk 90 s');
    expect(((await act(me, 'stop').expect(200)).body as ActiveProgramView).status).toBe('stopped');
  });

  it('the coach builds a program from the profile and the chat; it is followed, shown and trained as any; bad input changes nothing', async () => {
    const me = await signIn(t);
    const other = await signIn(t);
    const build = (body: object, who = me) => t.http.post('/api/programs/coach').set(who.auth).send(body);
    await t.http
      .put('/api/profile')
      .set(me.auth)
      .send({
        age: 34,
        height: 180,
        weight: 82,
        goal: 'build_muscle',
        equipment: ['dumbbells', 'bench'],
        limitations: ['knee'],
        units: 'metric',
        timeZone: 'UTC',
      })
      .expect(200);
    // Refused, and nothing followed: another member's id, days or weeks out of range, unknown fields.
    await build({ userId: other.user.id }).expect(403);
    for (const bad of [
      { daysPerWeek: 7 },
      { daysPerWeek: 1 },
      { weeks: 13 },
      { weeks: '8' },
      { weeks: { $gt: 1 } },
      { extra: 1 },
    ])
      expect((await build({ userId: me.user.id, ...bad }).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect(await active(me)).toBeNull();
    const none = await t.http.get('/api/programs/coach-built').set(me.auth).expect(404);
    expect(none.body.code).toBe('PROGRAM_NOT_FOUND');

    // What the member said in the chat: four days a week for six weeks.
    await t.app
      .get(ChatMessagesRepository)
      .appendExchange(me.user.id, 'Can you build me a program, 4 days a week for 6 weeks?', 'Sure.', clockOf(t).now());
    const built = (await build({ userId: me.user.id }).expect(201)).body as ActiveProgramView;
    expect(built).toMatchObject({
      programId: 'coach-built',
      programName: 'Your 4-Day Upper/Lower',
      status: 'active',
      done: 0,
      total: 24,
    });
    const detail = (await t.http.get('/api/programs/coach-built').set(me.auth).expect(200)).body as ProgramDetail;
    expect(detail).toMatchObject({ goal: 'build_muscle', weeks: 6, daysPerWeek: 4, deloadWeeks: [4] });
    expect(detail.summary).toContain('nothing that loads your knee');
    // Another member sees no program of theirs there.
    await t.http.get('/api/programs/coach-built').set(other.auth).expect(404);

    // Its next session is today's workout: the program's day, nothing that loads the knee.
    const workout = (await issue(me).expect(201)).body as WorkoutView;
    expect(workout.name).toMatch(/Upper A/);
    for (const exercise of workout.exercises)
      expect({
        id: exercise.catalogueId,
        knee: catalogueExercise(exercise.catalogueId!)!.loads.includes('knee'),
      }).toEqual({
        id: exercise.catalogueId,
        knee: false,
      });

    // Chosen days and weeks win over the chat; a catalogue program replaces the coach's.
    const chosen = (await build({ userId: me.user.id, daysPerWeek: 2, weeks: 4 }).expect(201))
      .body as ActiveProgramView;
    expect(chosen).toMatchObject({ programName: 'Your 2-Day Full Body', total: 8 });
    await t.http.post('/api/programs/full-body-3/start').set(me.auth).send({ userId: me.user.id }).expect(201);
    expect((await active(me))?.programId).toBe('full-body-3');
    await t.http.get('/api/programs/coach-built').set(me.auth).expect(404);
  });
});
