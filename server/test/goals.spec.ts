import { randomUUID } from 'node:crypto';

import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { Goal } from '../src/goals/goal.schema';
import { GoalSettlement } from '../src/goals/goal-settlement';
import { GoalsRepository } from '../src/goals/goals.repository';
import { POOL_ACCOUNT_ID } from '../src/ledger/ledger.rules';
import { LedgerService } from '../src/ledger/ledger.service';
import { LedgerEntry } from '../src/ledger/ledger-entry.schema';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { User } from '../src/users/user.schema';
import { dayIn } from '../src/users/users.rules';
import { WorkoutSession } from '../src/workouts/workout-session.schema';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { advanceToNextMorning, clockOf } from './support/sessions';
import { analyseWeightReport } from './support/uploads';

const DAY_MS = 24 * 3600_000;
const inDays = (n: number) => dayIn(new Date(Date.now() + n * DAY_MS));

describe('prediction goals: safety, staking, settlement', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let settlement: GoalSettlement;
  let ledgerReads: LedgerReadsService;
  let users: Model<User>;
  let goals: Model<Goal>;
  let entries: Model<LedgerEntry>;
  let sessions: Model<WorkoutSession>;

  beforeAll(async () => {
    // A short schedule so the maintenance job's settlement can be observed in the test.
    t = await startTestApp({ GOAL_SETTLE_INTERVAL_MS: '700' });
    ledger = t.app.get(LedgerService);
    settlement = t.app.get(GoalSettlement);
    ledgerReads = t.app.get(LedgerReadsService);
    users = t.app.get(getModelToken(User.name));
    goals = t.app.get(getModelToken(Goal.name));
    entries = t.app.get(getModelToken(LedgerEntry.name));
    sessions = t.app.get(getModelToken(WorkoutSession.name));
  });
  afterAll(() => t.close());

  const grant = (userId: string, amount: number) =>
    ledger.post({ userId, amount, kind: 'grant', reason: 'test grant' });
  const balanceOf = (userId: string) => ledgerReads.balance(userId);
  const createGoal = (m: SignedIn, body: Record<string, unknown>) =>
    t.http
      .post('/api/goals')
      .set(m.auth)
      .send({ userId: m.user.id, title: 'My goal', ...body });
  const entriesOf = (goalId: string) => entries.countDocuments({ ref: goalId });
  const analysedReport = (m: SignedIn, weight: number) => analyseWeightReport(t, m, weight);

  describe('safety rules', () => {
    it('refuses a weight goal without an analysed report, below BMI 18.5 or faster than 1 kg a week; charges nothing', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 500);
      const noBody = await createGoal(me, {
        metric: 'weight',
        targetValue: 70,
        deadline: inDays(120),
        creditsStaked: 50,
      }).expect(400);
      expect(noBody.body).toEqual({
        statusCode: 400,
        code: 'GOAL_INVALID',
        message: 'Upload a body-scan report before setting a weight goal: weight goals are judged on analysed reports',
        error: 'Invalid Goal',
      });
      // A weight typed into the calculator is not evidence.
      await t.http.post('/api/bmi').set(me.auth).send({ userId: me.user.id, height: 180, weight: 80 }).expect(200);
      await createGoal(me, { metric: 'weight', targetValue: 70, deadline: inDays(120), creditsStaked: 50 }).expect(400);

      await analysedReport(me, 80);
      const tooThin = await createGoal(me, {
        metric: 'weight',
        targetValue: 55,
        deadline: inDays(300),
        creditsStaked: 50,
      }).expect(400);
      expect(tooThin.body.message).toBe(
        'That target would take your BMI below 18.5; the lowest healthy weight for your height is 60 kg',
      );
      const tooFast = await createGoal(me, {
        metric: 'weight',
        targetValue: 75,
        deadline: inDays(14),
        creditsStaked: 50,
      }).expect(400);
      expect(tooFast.body.message).toMatch(
        /^That is more than 1 kg per week; choose a deadline on or after \d{4}-\d{2}-\d{2}$/,
      );
      await createGoal(me, { metric: 'streak', targetValue: 7, deadline: inDays(-1), creditsStaked: 50 }).expect(400);
      await createGoal(me, { metric: 'streak', targetValue: 7, deadline: '2025-13-45', creditsStaked: 50 }).expect(400);
      await createGoal(me, { metric: 'steps', targetValue: 7, deadline: inDays(10), creditsStaked: 50 }).expect(400);
      await createGoal(me, {
        metric: 'streak',
        targetValue: 7,
        deadline: inDays(10),
        creditsStaked: { $gt: 0 },
      }).expect(400);
      expect(await balanceOf(me.user.id)).toBe(500);
      expect(await goals.countDocuments({ userId: new Types.ObjectId(me.user.id) })).toBe(0);
    });

    it('accepts a safe weight goal and debits the stake from the ledger', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 300);
      await analysedReport(me, 80);
      const res = await createGoal(me, {
        metric: 'weight',
        targetValue: 77,
        deadline: inDays(35),
        creditsStaked: 120,
      }).expect(201);
      expect(res.body).toMatchObject({
        metric: 'weight',
        currentValue: 80,
        targetValue: 77,
        creditsStaked: 120,
        status: 'active',
        payout: null,
      });
      expect(await balanceOf(me.user.id)).toBe(180);
      const list = await t.http.get(`/api/goals/${me.user.id}`).set(me.auth).expect(200);
      expect(list.body.map((g: { id: string }) => g.id)).toEqual([res.body.id]);
    });

    it('refuses a stake above the balance with 409 and stores no goal', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 40);
      const res = await createGoal(me, {
        metric: 'streak',
        targetValue: 3,
        deadline: inDays(10),
        creditsStaked: 50,
      }).expect(409);
      expect(res.body).toEqual({
        statusCode: 409,
        code: 'LEDGER_INSUFFICIENT_CREDITS',
        message: "You don't have enough credits for this stake",
        error: 'Insufficient Credits',
      });
      expect(await balanceOf(me.user.id)).toBe(40);
      expect(await goals.countDocuments({ userId: new Types.ObjectId(me.user.id) })).toBe(0);
    });
  });

  describe('one open goal per metric, and a failed save', () => {
    it('stores one goal when two submissions for one metric race, and the other stake comes back', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 300);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          createGoal(me, {
            metric: 'workouts',
            targetValue: 3,
            deadline: inDays(10),
            creditsStaked: 50,
            requestId: randomUUID(),
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
      expect(await goals.countDocuments({ userId: new Types.ObjectId(me.user.id), status: 'active' })).toBe(1);
      expect(await balanceOf(me.user.id)).toBe(250);
      expect((await ledgerReads.verify()).problems).toEqual([]);
    });

    it('refuses a retry of a submission whose save failed after its stake was returned, instead of storing it free', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 100);
      const body = {
        metric: 'streak',
        targetValue: 3,
        deadline: inDays(10),
        creditsStaked: 60,
        requestId: randomUUID(),
      };
      const failing = jest
        .spyOn(GoalsRepository.prototype, 'create')
        .mockRejectedValueOnce(new Error('database went away'));
      await createGoal(me, body).expect(500);
      failing.mockRestore();
      expect(await balanceOf(me.user.id)).toBe(100);
      const retry = await createGoal(me, body).expect(409);
      expect(retry.body.code).toBe('GOAL_SUBMISSION_SPENT');
      expect(await goals.countDocuments({ userId: new Types.ObjectId(me.user.id) })).toBe(0);
      expect(await balanceOf(me.user.id)).toBe(100);
      await createGoal(me, { ...body, requestId: randomUUID() }).expect(201);
      expect(await balanceOf(me.user.id)).toBe(40);
    });
  });

  describe('retries and free text', () => {
    it('creates one goal for 50 identical posts with one request id, and answers each with it', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 1000);
      const body = {
        metric: 'streak',
        targetValue: 3,
        deadline: inDays(10),
        creditsStaked: 50,
        requestId: randomUUID(),
      };
      const answers = await Promise.all(Array.from({ length: 50 }, () => createGoal(me, body)));
      expect(new Set(answers.map((res) => `${res.status} ${res.body.id}`)).size).toBe(1);
      expect(answers[0].status).toBe(201);
      expect(await goals.countDocuments({ userId: new Types.ObjectId(me.user.id) })).toBe(1);
      expect(await balanceOf(me.user.id)).toBe(950);
      // A new submission (a new request id) is a new goal, on another metric (one open goal per metric);
      // the same id from another user is theirs.
      const second = await createGoal(me, { ...body, requestId: randomUUID() }).expect(409);
      expect(second.body).toMatchObject({
        code: 'GOAL_METRIC_TAKEN',
        message: 'You already have an open streak goal: one open goal per metric',
      });
      await createGoal(me, { ...body, metric: 'workouts', requestId: randomUUID() }).expect(201);
      const other = await signIn(t);
      await grant(other.user.id, 100);
      const theirs = await createGoal(other, body).expect(201);
      expect(theirs.body.id).not.toBe(answers[0].body.id);
      expect(await balanceOf(me.user.id)).toBe(900);
      expect(await balanceOf(other.user.id)).toBe(50);
    });

    it.each([
      ['NUL', 'Lose\u0000weight'],
      ['an escape sequence', 'Run \u001b[31mred\u001b[0m'],
      ['a C1 control', 'Gain\u0085muscle'],
      ['a right-to-left override', 'Squat \u202egnol'],
      ['a directional isolate', 'Plank \u2067long\u2069'],
      ['a lone high surrogate', 'Bench \ud83d'],
      ['a lone low surrogate', 'Row \ude00'],
      ['a line break', 'Two\nlines'],
    ])('refuses a goal title with %s (400, says why), and charges nothing', async (_, title) => {
      const me = await signIn(t);
      await grant(me.user.id, 100);
      const res = await createGoal(me, {
        title,
        metric: 'streak',
        targetValue: 3,
        deadline: inDays(10),
        creditsStaked: 50,
      }).expect(400);
      expect(res.body.message).toBe(
        'title: must not contain control characters, text-direction overrides or unpaired surrogates',
      );
      expect(await balanceOf(me.user.id)).toBe(100);
    });

    it('keeps titles in any script, with emoji and a right-to-left language', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 100);
      const title = 'Run 5 km 🏃‍♀️ — לרוץ מהר — 走る';
      const res = await createGoal(me, {
        title,
        metric: 'streak',
        targetValue: 3,
        deadline: inDays(10),
        creditsStaked: 50,
      }).expect(201);
      expect(res.body.title).toBe(title);
    });
  });

  describe('settlement', () => {
    it('pays a reached goal its stake plus 50% from the pool, once, even when read and the job race', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 200);
      const created = await createGoal(me, {
        metric: 'streak',
        targetValue: 3,
        deadline: inDays(10),
        creditsStaked: 100,
      }).expect(201);
      expect(await balanceOf(me.user.id)).toBe(100);
      const poolBefore = await balanceOf(POOL_ACCOUNT_ID);

      await users.updateOne(
        { _id: me.user.id },
        { $set: { currentStreak: 3, longestStreak: 3, lastProofDay: dayIn(new Date()) } },
      );
      const reads = await Promise.all([
        ...Array.from({ length: 5 }, () => t.http.get('/api/goals').set(me.auth)),
        settlement.settleAll(),
      ]);
      const goal = (reads[0] as { body: Array<Record<string, unknown>> }).body[0];
      expect(goal).toMatchObject({ id: created.body.id, status: 'won', payout: 150, currentValue: 3 });

      expect(await balanceOf(me.user.id)).toBe(250);
      expect(await balanceOf(POOL_ACCOUNT_ID)).toBe(poolBefore - 50);
      // stake + bonus + settle, nothing more however often it is read
      expect(await entriesOf(created.body.id)).toBe(3);
      await t.http.get(`/api/goals/${me.user.id}`).set(me.auth).expect(200);
      await settlement.settleAll();
      expect(await entriesOf(created.body.id)).toBe(3);
      expect((await ledgerReads.verify()).problems).toEqual([]);
    });

    it('forfeits an unmet goal to the pool after its deadline, once when settled twice', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 100);
      const created = await createGoal(me, {
        metric: 'workouts',
        targetValue: 5,
        deadline: inDays(8),
        creditsStaked: 60,
      }).expect(201);
      const poolBefore = await balanceOf(POOL_ACCOUNT_ID);
      const afterDeadline = new Date(Date.now() + 10 * DAY_MS);

      await Promise.all([settlement.settleAll(afterDeadline), settlement.settleAll(afterDeadline)]);
      await settlement.settleAll(afterDeadline);

      expect(await balanceOf(POOL_ACCOUNT_ID)).toBe(poolBefore + 60);
      expect(await balanceOf(me.user.id)).toBe(40);
      expect(await entriesOf(created.body.id)).toBe(2);
      const [goal] = (await t.http.get('/api/goals').set(me.auth).expect(200)).body;
      expect(goal).toMatchObject({ status: 'lost', payout: null });
    });

    it('counts the sessions that count (half the exercises or more, credits earned) completed since the goal was set', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 50);
      await sessions.create({ ...session(me.user.id), completedAt: new Date(Date.now() - DAY_MS) });
      const created = await createGoal(me, {
        metric: 'workouts',
        targetValue: 3,
        deadline: inDays(7),
        creditsStaked: 20,
      }).expect(201);
      expect(created.body.currentValue).toBe(0);
      await sessions.create(session(me.user.id));
      await sessions.create({ ...session(me.user.id), intensity: 'light' });
      await sessions.create({ ...session(me.user.id), creditsEarned: 0 });
      const [goal] = (await t.http.get('/api/goals').set(me.auth).expect(200)).body;
      expect(goal).toMatchObject({ currentValue: 1, status: 'active' });
    });

    it('is settled by the repeatable maintenance job without anyone reading it', async () => {
      const me = await signIn(t);
      await grant(me.user.id, 80);
      const goalId = new Types.ObjectId();
      await ledger.post({
        userId: me.user.id,
        amount: -80,
        kind: 'goal.stake',
        reason: 'stake',
        idempotencyKey: `goal:${goalId}:stake`,
        ref: goalId.toString(),
      });
      await goals.create({
        _id: goalId,
        userId: new Types.ObjectId(me.user.id),
        title: 'Expired',
        metric: 'streak',
        targetValue: 30,
        deadline: inDays(-2),
        creditsStaked: 80,
      });
      const deadline = Date.now() + 10_000;
      while ((await goals.findById(goalId).lean())!.status === 'active' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect((await goals.findById(goalId).lean())!.status).toBe('lost');
      expect(await entriesOf(goalId.toString())).toBe(2);
    });
  });
});

describe('goal deadlines by the server clock (TEST_CLOCK=1)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ TEST_CLOCK: '1' }, { workers: false })));
  afterAll(() => t.close());

  it('keeps an unmet goal open until the clock passes its deadline, then forfeits its stake to the pool when read', async () => {
    const ledger = t.app.get(LedgerService);
    const ledgerReads = t.app.get(LedgerReadsService);
    const me = await signIn(t);
    await ledger.post({ userId: me.user.id, amount: 100, kind: 'grant', reason: 'test grant' });
    const deadline = dayIn(new Date(clockOf(t).now().getTime() + 8 * DAY_MS));
    const created = await t.http
      .post('/api/goals')
      .set(me.auth)
      .send({
        userId: me.user.id,
        title: 'Five workouts',
        metric: 'workouts',
        targetValue: 5,
        deadline,
        creditsStaked: 60,
      })
      .expect(201);
    const poolBefore = await ledgerReads.balance(POOL_ACCOUNT_ID);
    const goalNow = async () => (await t.http.get('/api/goals').set(me.auth).expect(200)).body[0];

    clockOf(t).advance(7 * DAY_MS);
    expect(await goalNow()).toMatchObject({ id: created.body.id, status: 'active' });
    clockOf(t).advance(3 * DAY_MS);
    expect(await goalNow()).toMatchObject({ id: created.body.id, status: 'lost', payout: null });
    expect(await ledgerReads.balance(POOL_ACCOUNT_ID)).toBe(poolBefore + 60);
    expect(await ledgerReads.balance(me.user.id)).toBe(40);
  });

  it('counts a workouts goal in days with a counted session, from the instant it was set on the clock', async () => {
    const ledger = t.app.get(LedgerService);
    const sessions: Model<WorkoutSession> = t.app.get(getModelToken(WorkoutSession.name));
    const me = await signIn(t);
    await ledger.post({ userId: me.user.id, amount: 100, kind: 'grant', reason: 'test grant' });
    const morning = advanceToNextMorning(t).getTime();
    const minute = 60_000;
    // Finished a minute before the goal is set: not part of it.
    await sessions.create({ ...session(me.user.id), completedAt: new Date(morning - minute) });
    const deadline = dayIn(new Date(morning + 8 * DAY_MS));
    const created = await t.http
      .post('/api/goals')
      .set(me.auth)
      .send({
        userId: me.user.id,
        title: 'Three workouts',
        metric: 'workouts',
        targetValue: 3,
        deadline,
        creditsStaked: 60,
      })
      .expect(201);
    expect(created.body.currentValue).toBe(0);
    // Three short sessions in one afternoon are one workout day, not a won goal.
    for (const offset of [1, 2, 3])
      await sessions.create({ ...session(me.user.id), completedAt: new Date(morning + offset * 20 * minute) });
    const goalNow = async () => (await t.http.get('/api/goals').set(me.auth).expect(200)).body[0];
    expect(await goalNow()).toMatchObject({ currentValue: 1, status: 'active' });
    await sessions.create({ ...session(me.user.id), completedAt: new Date(morning + DAY_MS) });
    await sessions.create({ ...session(me.user.id), completedAt: new Date(morning + 2 * DAY_MS) });
    clockOf(t).advance(2 * DAY_MS + minute);
    expect(await goalNow()).toMatchObject({ currentValue: 3, status: 'won', payout: 90 });
  });
});

function session(userId: string) {
  return {
    userId: new Types.ObjectId(userId),
    workoutId: new Types.ObjectId(),
    workout: { name: 'Test', type: 'strength' as const, duration: 30 },
    completedExercises: ['a', 'b'],
    intensity: 'moderate' as const,
    creditsEarned: 5,
  };
}
