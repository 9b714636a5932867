import '../src/cli/commands';

import { getModelToken } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { FakeXApi, startFakeXApi } from '../../test/fakes/x-api';
import { Activity } from '../src/activities/activity.schema';
import { CommandContext, findCommand } from '../src/cli/registry';
import { CreditsService } from '../src/credits/credits.service';
import { ReferralsService } from '../src/credits/referrals.service';
import { TweetsService } from '../src/credits/tweets.service';
import { XApiClient } from '../src/credits/x-api.client';
import { POOL_OPENING_BALANCE } from '../src/ledger/ledger.rules';
import { LedgerService } from '../src/ledger/ledger.service';
import { LedgerEntry } from '../src/ledger/ledger-entry.schema';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { User } from '../src/users/user.schema';
import { dayIn } from '../src/users/users.rules';
import { WorkoutSession } from '../src/workouts/workout-session.schema';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { proofClient } from './support/proofs';

const BEARER = 'x-app-bearer-token';
const REFUSED = "Tweet already validated or doesn't contain referral link";

describe('credits: marketplace, redeem, earn, tweet, referral, pool, CLI', () => {
  let t: TestApp;
  let x: FakeXApi;
  let ledger: LedgerService;
  let reads: LedgerReadsService;
  let users: Model<User>;
  let entries: Model<LedgerEntry>;
  let sessions: Model<WorkoutSession>;
  let activities: Model<Activity>;

  beforeAll(async () => {
    x = await startFakeXApi({ bearerToken: BEARER });
    t = await startTestApp({ X_API_BASE_URL: x.url, X_BEARER_TOKEN: BEARER }, { workers: false });
    ledger = t.app.get(LedgerService);
    reads = t.app.get(LedgerReadsService);
    users = t.app.get(getModelToken(User.name));
    entries = t.app.get(getModelToken(LedgerEntry.name));
    sessions = t.app.get(getModelToken(WorkoutSession.name));
    activities = t.app.get(getModelToken(Activity.name));
  });
  afterAll(async () => {
    await t.close();
    await x.close();
  });

  const grant = (userId: string, amount: number) =>
    ledger.post({ userId, amount, kind: 'grant', reason: 'test grant' });
  const balanceOf = async (userId: string) => (await users.findById(userId).lean())!.sweatCredits;

  /** Runs a CLI command in this process against the test app; answers its exit code and printed lines. */
  async function cli(name: string, ...args: string[]): Promise<{ code: number; out: string[] }> {
    const out: string[] = [];
    const ctx: CommandContext = { args, app: async () => t.app, print: (line = '') => out.push(line) };
    const code = (await findCommand(name)!.run(ctx)) ?? 0;
    return { code, out };
  }

  async function expectLedgerSound(userIds: string[]) {
    const report = await reads.verify();
    expect(report.problems).toEqual([]);
    for (const id of userIds) {
      const rows = await entries.find({ userId: new Types.ObjectId(id), account: 'credits' }).lean();
      expect(await balanceOf(id)).toBe(rows.reduce((sum, r) => sum + r.amount, 0));
    }
  }

  describe('marketplace and redeem', () => {
    it('lists the product’s four items', async () => {
      const { auth } = await signIn(t);
      const res = await t.http.get('/api/credits/marketplace').set(auth).expect(200);
      expect(res.body.map((i: { id: string; cost: number }) => [i.id, i.cost])).toEqual([
        ['protein-discount', 250],
        ['gym-pass', 150],
        ['supplement-bundle', 400],
        ['nutrition-plan', 300],
      ]);
    });

    it('lets exactly 4 of 50 simultaneous HTTP redeems of a 150-credit item through a 600 balance', async () => {
      const { user, auth } = await signIn(t);
      await grant(user.id, 600);
      const responses = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.http.post('/api/credits/redeem').set(auth).send({ userId: user.id, itemId: 'gym-pass', cost: 150 }),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(4);
      expect(statuses.filter((s) => s === 409)).toHaveLength(46);
      const refusal = responses.find((r) => r.status === 409)!.body;
      expect(refusal).toEqual({
        statusCode: 409,
        code: 'LEDGER_INSUFFICIENT_CREDITS',
        message: "You don't have enough credits for this item",
        error: 'Insufficient Credits',
      });
      expect(await balanceOf(user.id)).toBe(0);
      const list = await t.http.get('/api/credits/redemptions').set(auth).expect(200);
      expect(list.body).toHaveLength(4);
      expect(new Set(list.body.map((r: { voucherCode: string }) => r.voucherCode)).size).toBe(4);
      expect(list.body[0].voucherCode).toMatch(/^GYM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const verify = await cli('ledger:verify');
      expect(verify.code).toBe(0);
      expect(verify.out.at(-1)).toMatch(/: ok$/);
    });

    it('redeems a replayed request id once, with one voucher', async () => {
      const { user, auth } = await signIn(t);
      await grant(user.id, 1000);
      const body = {
        userId: user.id,
        itemId: 'nutrition-plan',
        cost: 300,
        requestId: '0b3f2c1e-8a4d-4e5f-9a6b-7c8d9e0f1a2b',
      };
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => t.http.post('/api/credits/redeem').set(auth).send(body)),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(new Set(responses.map((r) => r.body.redemption.id)).size).toBe(1);
      expect(await balanceOf(user.id)).toBe(700);
      const other = await signIn(t);
      await grant(other.user.id, 1000);
      await t.http
        .post('/api/credits/redeem')
        .set(other.auth)
        .send({ ...body, userId: other.user.id })
        .expect(409);
      expect(await balanceOf(other.user.id)).toBe(1000);
      // The same id for another item is not this redemption either.
      const otherItem = await t.http
        .post('/api/credits/redeem')
        .set(auth)
        .send({ ...body, itemId: 'gym-pass', cost: 150 })
        .expect(409);
      expect(otherItem.body).toMatchObject({ message: 'This request id was already used', error: 'Duplicate Request' });
      expect(await balanceOf(user.id)).toBe(700);
    });

    it('refuses a cost that is not the catalogue’s, unknown items and unknown fields (400), charging nothing', async () => {
      const { user, auth } = await signIn(t);
      await grant(user.id, 500);
      const wrongCost = await t.http
        .post('/api/credits/redeem')
        .set(auth)
        .send({ userId: user.id, itemId: 'gym-pass', cost: 1 })
        .expect(400);
      expect(wrongCost.body.message).toBe('Gym Pass costs 150 credits, not 1');
      await t.http
        .post('/api/credits/redeem')
        .set(auth)
        .send({ userId: user.id, itemId: 'yacht', cost: 150 })
        .expect(400);
      await t.http
        .post('/api/credits/redeem')
        .set(auth)
        .send({ userId: user.id, itemId: 'gym-pass', cost: 150, admin: true })
        .expect(400);
      await t.http
        .post('/api/credits/redeem')
        .set(auth)
        .send({ userId: user.id, itemId: 'gym-pass', cost: 150, requestId: 'abc' })
        .expect(400);
      expect(await balanceOf(user.id)).toBe(500);
    });

    it('keeps every balance exact under parallel CLI grants and redeems across many users', async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => signIn(t)));
      const work = members.flatMap((m) => [
        ...Array.from({ length: 4 }, () => cli('credits:grant', m.user.username, '100', 'support grant')),
        ...Array.from({ length: 6 }, () =>
          t.http.post('/api/credits/redeem').set(m.auth).send({ userId: m.user.id, itemId: 'gym-pass', cost: 150 }),
        ),
      ]);
      const results = await Promise.all(work);
      const grants = results.filter((r): r is { code: number; out: string[] } => 'code' in r);
      expect(grants.every((g) => g.code === 0)).toBe(true);
      for (const m of members) {
        const rows = await entries.find({ userId: new Types.ObjectId(m.user.id), kind: 'redeem' }).lean();
        // 400 granted per member, 150 per redeem: between 0 and 2 redeems fit, depending on ordering.
        expect(rows.length).toBeLessThanOrEqual(2);
        expect(await balanceOf(m.user.id)).toBe(400 - 150 * rows.length);
      }
      await expectLedgerSound(members.map((m) => m.user.id));
    });
  });

  describe('earn', () => {
    it('credits a reached weekly streak once per day, ignoring the client’s amount', async () => {
      const { user, auth } = await signIn(t);
      await users.updateOne(
        { _id: user.id },
        { $set: { currentStreak: 7, longestStreak: 7, lastProofDay: dayIn(new Date()) } },
      );
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.http.post('/api/credits/earn').set(auth).send({ userId: user.id, action: 'streak', credits: 9999 }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(results.find((r) => r.status === 200)!.body).toEqual({
        action: 'streak',
        credits: 50,
        balance: 50,
        pendingCredits: 0,
        pending: false,
      });
      expect(await balanceOf(user.id)).toBe(50);
    });

    it('answers 409 for actions not earned yet, and 400 for unknown actions', async () => {
      const { user, auth } = await signIn(t);
      const res = await t.http
        .post('/api/credits/earn')
        .set(auth)
        .send({ userId: user.id, action: 'streak', credits: 50 })
        .expect(409);
      expect(res.body.message).toBe('Weekly Streak: not earned yet today');
      await t.http
        .post('/api/credits/earn')
        .set(auth)
        .send({ userId: user.id, action: 'workout', credits: 10 })
        .expect(409);
      await t.http
        .post('/api/credits/earn')
        .set(auth)
        .send({ userId: user.id, action: 'lottery', credits: 10 })
        .expect(400);
      expect(await balanceOf(user.id)).toBe(0);
    });

    /** An activity imported today with these steps, as a validated proof day stores it (activities.spec.ts imports real files). */
    const imported = (userId: string, steps: number) => ({
      userId: new Types.ObjectId(userId),
      proofDayId: new Types.ObjectId(),
      uploadId: new Types.ObjectId(),
      day: dayIn(new Date()),
      format: 'fit' as const,
      kind: 'running' as const,
      startedAt: new Date(),
      durationSeconds: 1800,
      steps,
    });

    it('credits a weight logged, a workout completed and 10,000 steps imported today, from those domains’ data', async () => {
      const { user, auth } = await signIn(t);
      const earn = (action: string) =>
        t.http.post('/api/credits/earn').set(auth).send({ userId: user.id, action, credits: 10 });
      await earn('weight').expect(409);
      await t.http.post('/api/bmi').set(auth).send({ userId: user.id, height: 175, weight: 72 }).expect(200);
      expect((await earn('weight').expect(200)).body).toEqual({
        action: 'weight',
        credits: 5,
        balance: 5,
        pendingCredits: 0,
        pending: false,
      });

      await sessions.create({
        userId: new Types.ObjectId(user.id),
        workoutId: new Types.ObjectId(),
        workout: { name: 'Test', type: 'strength', duration: 30 },
        completedExercises: ['a', 'b'],
        intensity: 'moderate',
        creditsEarned: 20,
      });
      // Complete Workout pays into pending credits, validated with the day's proofs like the session's own.
      expect((await earn('workout').expect(200)).body).toEqual({
        action: 'workout',
        credits: 10,
        balance: 5,
        pendingCredits: 10,
        pending: true,
      });
      await earn('workout').expect(409);
      // 10K Steps: the steps read from today's imported activity files reach 10,000.
      await earn('steps').expect(409);
      await activities.create(imported(user.id, 6000));
      await earn('steps').expect(409);
      await activities.create({ ...imported(user.id, 4000), day: '2020-01-01' });
      await earn('steps').expect(409);
      await activities.create(imported(user.id, 4000));
      expect((await earn('steps').expect(200)).body).toEqual({
        action: 'steps',
        credits: 15,
        balance: 20,
        pendingCredits: 10,
        pending: false,
      });
      expect(await balanceOf(user.id)).toBe(20);
    });

    it('shows each action’s state before the click as evidence appears, and the claim agrees with every state', async () => {
      const { user, auth } = await signIn(t);
      const states = async () =>
        (await t.http.get('/api/credits/earn-actions').set(auth).expect(200)).body as Array<Record<string, unknown>>;
      const byAction = async () => Object.fromEntries((await states()).map(({ action, ...rest }) => [action, rest]));
      /** Claims every action; each answer must be the one its state promised. */
      const claimAll = async () => {
        for (const state of await states()) {
          const res = await t.http.post('/api/credits/earn').set(auth).send({ userId: user.id, action: state.action });
          if (state.claimable) expect(res.status).toBe(200);
          else
            expect([res.status, res.body.code]).toEqual([
              409,
              state.alreadyClaimed ? 'CREDITS_ALREADY_EARNED' : 'CREDITS_NOT_EARNED_YET',
            ]);
        }
      };

      expect(await states()).toEqual([
        {
          action: 'workout',
          credits: 10,
          claimable: false,
          alreadyClaimed: false,
          progress: null,
          missing: 'Complete at least half of a workout today',
          pending: true,
        },
        {
          action: 'streak',
          credits: 50,
          claimable: false,
          alreadyClaimed: false,
          progress: { current: 0, target: 7, unit: 'days' },
          missing: '0/7 days to Weekly Streak',
          pending: false,
        },
        {
          action: 'weight',
          credits: 5,
          claimable: false,
          alreadyClaimed: false,
          progress: null,
          missing: 'Log your weight today (BMI calculator)',
          pending: false,
        },
        {
          action: 'steps',
          credits: 15,
          claimable: false,
          alreadyClaimed: false,
          progress: { current: 0, target: 10_000, unit: 'steps' },
          missing: "0/10,000 steps in today's imported activity files",
          pending: false,
        },
      ]);
      await claimAll();

      await users.updateOne(
        { _id: user.id },
        { $set: { currentStreak: 3, longestStreak: 3, lastProofDay: dayIn(new Date()) } },
      );
      await t.http.post('/api/bmi').set(auth).send({ userId: user.id, height: 175, weight: 72 }).expect(200);
      let now = await byAction();
      expect(now.streak).toMatchObject({
        claimable: false,
        progress: { current: 3, target: 7 },
        missing: '3/7 days to Weekly Streak',
      });
      expect(now.weight).toMatchObject({ claimable: true, missing: null });
      expect(now.workout.claimable).toBe(false);
      await claimAll();
      expect((await byAction()).weight).toMatchObject({
        claimable: false,
        alreadyClaimed: true,
        missing: 'Already claimed today',
      });

      const session = () => ({
        userId: new Types.ObjectId(user.id),
        workoutId: new Types.ObjectId(),
        workout: { name: 'Test', type: 'strength' as const, duration: 30 },
      });
      // One exercise ticked of a generated workout (light, nothing earned) is not a workout done.
      await sessions.create({ ...session(), completedExercises: ['a'], intensity: 'light', creditsEarned: 0 });
      expect((await byAction()).workout).toMatchObject({
        claimable: false,
        missing: 'Complete at least half of a workout today',
      });
      await sessions.create({ ...session(), completedExercises: ['a', 'b'], intensity: 'moderate', creditsEarned: 20 });
      await activities.create({ ...imported(user.id, 6_500) });
      expect((await byAction()).steps).toMatchObject({
        claimable: false,
        progress: { current: 6_500, target: 10_000 },
        missing: "6,500/10,000 steps in today's imported activity files",
      });
      await activities.create({ ...imported(user.id, 4_000) });
      await users.updateOne({ _id: user.id }, { $set: { currentStreak: 7, longestStreak: 7 } });
      now = await byAction();
      expect([now.workout.claimable, now.streak.claimable, now.steps.claimable]).toEqual([true, true, true]);
      await claimAll();
      // Complete Workout's 10 wait in pending credits for the day's proofs.
      expect(await balanceOf(user.id)).toBe(5 + 50 + 15);
      expect((await users.findById(user.id).lean())!.pendingCredits).toBe(10);
      expect((await states()).map((s) => s.missing)).toEqual([
        'Already claimed today',
        'Already claimed this week',
        'Already claimed today',
        'Already claimed today',
      ]);
      await claimAll();
      expect(await balanceOf(user.id)).toBe(70);
      await t.http.get('/api/credits/earn-actions').expect(401);
    });

    it("counts the day in the user's time zone: a workout at 15:00 in Los Angeles earns until that evening's midnight there", async () => {
      const credits = t.app.get(CreditsService);
      const workoutAt = new Date('2026-11-22T23:00:00Z'); // 15:00 on 22 November in Los Angeles, already the 23rd in UTC at 00:00
      const angeleno = await signIn(t);
      const londoner = await signIn(t);
      await users.updateOne(
        { _id: angeleno.user.id },
        { $set: { timeZone: 'America/Los_Angeles', earningTimeZone: 'America/Los_Angeles' } },
      );
      for (const who of [angeleno, londoner]) {
        await sessions.collection.insertOne({
          userId: new Types.ObjectId(who.user.id),
          workoutId: new Types.ObjectId(),
          workout: { name: 'Test', type: 'strength', duration: 30 },
          completedExercises: ['a', 'b'],
          intensity: 'moderate',
          creditsEarned: 20,
          completedAt: workoutAt,
        });
      }
      const evening = new Date('2026-11-23T02:00:00Z'); // 18:00 on the 22nd in Los Angeles, the 23rd in UTC
      const workoutState = async (who: SignedIn, at: Date) =>
        (await credits.earnActions(who.user.id, at)).find((s) => s.action === 'workout')!;
      expect(await workoutState(angeleno, evening)).toMatchObject({ claimable: true });
      expect(await workoutState(londoner, evening)).toMatchObject({
        claimable: false,
        missing: 'Complete at least half of a workout today',
      });
      expect(await credits.earn(angeleno.user.id, 'workout', evening)).toMatchObject({ credits: 10 });
      expect(await workoutState(angeleno, evening)).toMatchObject({
        claimable: false,
        missing: 'Already claimed today',
      });
      await expect(credits.earn(londoner.user.id, 'workout', evening)).rejects.toMatchObject({
        message: 'Complete Workout: not earned yet today',
      });
      const nextMorning = new Date('2026-11-23T16:00:00Z'); // 08:00 on the 23rd in Los Angeles
      await expect(credits.earn(angeleno.user.id, 'workout', nextMorning)).rejects.toMatchObject({
        message: 'Complete Workout: not earned yet today',
      });
      expect(await workoutState(angeleno, nextMorning)).toMatchObject({
        claimable: false,
        alreadyClaimed: false,
        missing: 'Complete at least half of a workout today',
      });
    });
  });

  describe('earning days pinned to the zone of the last validated proof day', () => {
    const at = (iso: string) => new Date(iso);
    /** A counted session completed at `iso` (the Complete Workout evidence). */
    const sessionAt = (m: SignedIn, iso: string) =>
      sessions.collection.insertOne({
        userId: new Types.ObjectId(m.user.id),
        workoutId: new Types.ObjectId(),
        workout: { name: 'Test', type: 'strength', duration: 30 },
        completedExercises: ['a', 'b'],
        intensity: 'moderate',
        creditsEarned: 20,
        completedAt: at(iso),
      });
    const pendingOf = async (m: SignedIn) => (await users.findById(m.user.id).lean())!.pendingCredits;

    it("ignores the profile's zone: moving it to Kiritimati right after a claim opens no second day", async () => {
      const credits = t.app.get(CreditsService);
      const me = await signIn(t);
      await sessionAt(me, '2026-11-20T23:10:00Z');
      expect(await credits.earn(me.user.id, 'workout', at('2026-11-20T23:20:00Z'))).toMatchObject({ credits: 10 });
      // 13:30 on the 21st in Kiritimati: a new day there, but earnings are counted in the proof day's zone.
      await users.updateOne({ _id: me.user.id }, { $set: { timeZone: 'Pacific/Kiritimati' } });
      await sessionAt(me, '2026-11-20T23:30:00Z');
      await expect(credits.earn(me.user.id, 'workout', at('2026-11-20T23:40:00Z'))).rejects.toMatchObject({
        code: 'CREDITS_ALREADY_EARNED',
      });
      expect(await pendingOf(me)).toBe(10);
    });

    it('hops east: a proof day in a zone ahead takes effect once the paid day is over where it was read', async () => {
      const credits = t.app.get(CreditsService);
      const me = await signIn(t);
      await sessionAt(me, '2026-11-20T23:10:00Z');
      expect(await credits.earn(me.user.id, 'workout', at('2026-11-20T23:20:00Z'))).toMatchObject({ credits: 10 });
      // As a proof day validated in Kiritimati leaves it (users.repository recordStreak).
      await users.updateOne({ _id: me.user.id }, { $set: { earningTimeZone: 'Pacific/Kiritimati' } });
      await sessionAt(me, '2026-11-20T23:30:00Z');
      await expect(credits.earn(me.user.id, 'workout', at('2026-11-20T23:45:00Z'))).rejects.toMatchObject({
        code: 'CREDITS_ALREADY_EARNED',
      });
      // Past midnight UTC the 20th is over: the 21st of Kiritimati, where the 23:30 session was done, pays once.
      expect(await credits.earn(me.user.id, 'workout', at('2026-11-21T00:30:00Z'))).toMatchObject({ credits: 10 });
      await expect(credits.earn(me.user.id, 'workout', at('2026-11-21T05:00:00Z'))).rejects.toMatchObject({
        code: 'CREDITS_ALREADY_EARNED',
      });
      expect(await pendingOf(me)).toBe(20);
    });

    it('hops west: a zone behind never reopens a day already paid', async () => {
      const credits = t.app.get(CreditsService);
      const me = await signIn(t);
      await users.updateOne({ _id: me.user.id }, { $set: { earningTimeZone: 'Pacific/Kiritimati' } });
      await sessionAt(me, '2026-11-21T08:30:00Z'); // 22:30 on the 21st in Kiritimati
      expect(await credits.earn(me.user.id, 'workout', at('2026-11-21T09:00:00Z'))).toMatchObject({ credits: 10 });
      await users.updateOne({ _id: me.user.id }, { $set: { earningTimeZone: 'America/Los_Angeles' } });
      // 01:30 on the 21st in Los Angeles: the 21st was paid (in Kiritimati), so it stays paid.
      await expect(credits.earn(me.user.id, 'workout', at('2026-11-21T09:30:00Z'))).rejects.toMatchObject({
        code: 'CREDITS_ALREADY_EARNED',
      });
      await sessionAt(me, '2026-11-21T10:20:00Z'); // 00:20 on the 22nd in Kiritimati
      expect(await credits.earn(me.user.id, 'workout', at('2026-11-21T10:30:00Z'))).toMatchObject({ credits: 10 });
      // 21:00 on the 21st in Los Angeles is still inside the 22nd that was just paid.
      await sessionAt(me, '2026-11-22T04:50:00Z');
      await expect(credits.earn(me.user.id, 'workout', at('2026-11-22T05:00:00Z'))).rejects.toMatchObject({
        code: 'CREDITS_ALREADY_EARNED',
      });
      expect(await pendingOf(me)).toBe(20);
      expect(await balanceOf(me.user.id)).toBe(0);
    });
  });

  describe('tweet validation against the fake X API', () => {
    const tweetUrl = (id: string) => `https://x.com/someone/status/${id}`;
    const validate = (m: SignedIn, url: string) =>
      t.http
        .post('/api/credits/validate-tweet')
        .set(m.auth)
        .send({ userId: m.user.id, tweetUrl: url, referralLink: 'http://evil.example/ref/x' });
    let nextXId = 5000;
    /** Links an X account to the member, as X sign-in does; answers its X id, the posts' author_id. */
    const linkX = async (m: SignedIn) => {
      const xId = String(nextXId++);
      await users.updateOne({ _id: m.user.id }, { $set: { twitterId: xId, twitterHandle: `member${xId}` } });
      return xId;
    };

    it('credits +50 for a post with the user’s own link, once even when sent 20 times at once', async () => {
      const me = await signIn(t);
      x.tweets.set('1001', { text: `Sweat with me ${me.user.referralLink}`, authorId: await linkX(me) });
      const results = await Promise.all(Array.from({ length: 20 }, () => validate(me, tweetUrl('1001'))));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409)).toHaveLength(19);
      expect(results.find((r) => r.status === 409)!.body).toEqual({
        statusCode: 409,
        code: 'CREDITS_ALREADY_EARNED',
        message: REFUSED,
        error: 'Validation Failed',
      });
      expect(await balanceOf(me.user.id)).toBe(50);
      expect(x.requests.at(-1)!.headers.authorization).toBe(`Bearer ${BEARER}`);
    });

    it('finds the link among expanded t.co links, on www./mobile. twitter.com URLs', async () => {
      const me = await signIn(t);
      x.tweets.set('1002', {
        text: 'Join me https://t.co/abc',
        expandedUrls: [me.user.referralLink],
        authorId: await linkX(me),
      });
      const res = await validate(me, `https://mobile.twitter.com/someone/status/1002?s=20`).expect(200);
      expect(res.body).toEqual({ tweetId: '1002', credits: 50, balance: 50 });
    });

    it('refuses a post without the link, with another user’s link, or not found (400), crediting nothing', async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      const mine = await linkX(me);
      x.tweets.set('1003', { text: 'no link at all', authorId: mine });
      x.tweets.set('1004', { text: `use ${other.user.referralLink}`, authorId: mine });
      for (const id of ['1003', '1004', '999999']) {
        const res = await validate(me, tweetUrl(id)).expect(400);
        expect(res.body.message).toBe(REFUSED);
      }
      const invalid = await validate(me, 'https://example.com/status/1').expect(400);
      expect(invalid.body).toEqual({
        statusCode: 400,
        code: 'TWEET_INVALID_URL',
        message: 'Please paste a valid Twitter/X URL',
        error: 'Invalid Tweet URL',
      });
      expect(await balanceOf(me.user.id)).toBe(0);
    });

    it('answers 503 and credits nothing when X is failing, stopped or unconfigured', async () => {
      const me = await signIn(t);
      x.tweets.set('1005', { text: me.user.referralLink, authorId: await linkX(me) });
      x.failWith(503);
      await validate(me, tweetUrl('1005')).expect(503);
      x.failWith(null);
      const stopped = await startFakeXApi({ bearerToken: BEARER });
      await stopped.close();
      const config = { ...(t.app.get(XApiClient) as unknown as { config: object }).config };
      const down = new XApiClient({ ...config, x: { apiBaseUrl: stopped.url, bearerToken: BEARER } } as never);
      await expect(down.tweet('1005')).rejects.toMatchObject({ status: 503 });
      const unconfigured = new XApiClient({ ...config, x: { apiBaseUrl: x.url, bearerToken: undefined } } as never);
      await expect(unconfigured.tweet('1005')).rejects.toMatchObject({ status: 503 });
      expect(await balanceOf(me.user.id)).toBe(0);
      await validate(me, tweetUrl('1005')).expect(200);
    });

    it("refuses a post by another X account carrying the member's link, and a member with no X account linked, crediting nothing", async () => {
      const me = await signIn(t);
      const stranger = await signIn(t);
      x.tweets.set('1011', { text: `Try this ${me.user.referralLink}`, authorId: await linkX(stranger) });
      const unlinked = await validate(me, tweetUrl('1011')).expect(409);
      expect(unlinked.body).toMatchObject({ code: 'TWEET_NO_X_ACCOUNT', error: 'Validation Failed' });
      await linkX(me);
      const notMine = await validate(me, tweetUrl('1011')).expect(400);
      expect(notMine.body).toEqual({
        statusCode: 400,
        code: 'TWEET_NOT_YOURS',
        message: 'This post was not made by the X account linked to your profile',
        error: 'Validation Failed',
      });
      expect(await balanceOf(me.user.id)).toBe(0);
    });

    it('pays one post a day, and a post once ever under its canonical id, whatever URL names it', async () => {
      const tweets = t.app.get(TweetsService);
      const me = await signIn(t);
      const xId = await linkX(me);
      for (const id of ['1021', '1022']) x.tweets.set(id, { text: `Day ${id} ${me.user.referralLink}`, authorId: xId });
      const morning = new Date('2026-11-10T08:00:00Z');
      const nextMorning = new Date('2026-11-11T08:00:00Z');
      expect(await tweets.validate(me.user.id, tweetUrl('1021'), morning)).toMatchObject({
        tweetId: '1021',
        credits: 50,
      });
      await expect(tweets.validate(me.user.id, tweetUrl('1022'), morning)).rejects.toMatchObject({
        code: 'TWEET_DAILY_CAP',
        message: 'One post with your link pays per day: try this one again tomorrow',
      });
      // The same post under another URL (leading zeros, another host) is the same post.
      await expect(
        tweets.validate(me.user.id, 'https://twitter.com/someone/status/0001021', nextMorning),
      ).rejects.toMatchObject({ code: 'CREDITS_ALREADY_EARNED', message: REFUSED });
      expect(await tweets.validate(me.user.id, tweetUrl('1022'), nextMorning)).toMatchObject({
        tweetId: '1022',
        credits: 50,
        balance: 100,
      });
      expect(await balanceOf(me.user.id)).toBe(100);
    });
  });

  describe('referral reward', () => {
    it('pays the referrer +100 once per referred friend with a session that counts, however often it is called', async () => {
      const referrer = await signIn(t);
      const friend = await signIn(t);
      await users.updateOne({ _id: friend.user.id }, { $set: { referredBy: new Types.ObjectId(referrer.user.id) } });
      const referrals = t.app.get(ReferralsService);
      const proofs = proofClient(t);
      // One exercise ticked (a light session) earns the referrer nothing.
      await proofs.addSession(friend, 'light', 2);
      expect(await referrals.rewardReferrer(friend.user.id)).toBe(false);
      await proofs.addSession(friend, 'moderate', 10);
      const results = await Promise.all([
        referrals.rewardReferrer(friend.user.id),
        referrals.rewardReferrer(friend.user.id),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await referrals.rewardReferrer(friend.user.id)).toBe(false);
      expect(await balanceOf(referrer.user.id)).toBe(100);
      expect(await referrals.rewardReferrer(referrer.user.id)).toBe(false);
    });
  });

  describe('pool', () => {
    it('answers the pool balance from the ledger and its rules', async () => {
      const { auth } = await signIn(t);
      const res = await t.http.get('/api/credits/pool').set(auth).expect(200);
      expect(res.body.balance).toBe(POOL_OPENING_BALANCE);
      expect(res.body.rules.join(' ')).toMatch(/12,450/);
    });
  });

  describe('authorization and input', () => {
    it('refuses another user’s id on every credits, goals and transactions route (403) and changes nothing', async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      await grant(me.user.id, 500);
      const them = other.user.id;
      await t.http
        .post('/api/credits/redeem')
        .set(me.auth)
        .send({ userId: them, itemId: 'gym-pass', cost: 150 })
        .expect(403);
      await t.http
        .post('/api/credits/earn')
        .set(me.auth)
        .send({ userId: them, action: 'streak', credits: 50 })
        .expect(403);
      await t.http
        .post('/api/credits/validate-tweet')
        .set(me.auth)
        .send({ userId: them, tweetUrl: 'https://x.com/a/status/1' })
        .expect(403);
      await t.http.get(`/api/goals/${them}`).set(me.auth).expect(403);
      await t.http
        .post('/api/goals')
        .set(me.auth)
        .send({ userId: them, title: 'x', metric: 'streak', targetValue: 3, deadline: '2099-01-01', creditsStaked: 10 })
        .expect(403);
      await t.http.get(`/api/transactions/${them}`).set(me.auth).expect(403);
      expect(await balanceOf(me.user.id)).toBe(500);
      expect(await balanceOf(them)).toBe(0);
    });

    it('answers 400 for injected operators and malformed ids, 401 without a session', async () => {
      const me = await signIn(t);
      await t.http
        .post('/api/credits/redeem')
        .set(me.auth)
        .send({ userId: { $gt: '' }, itemId: 'gym-pass', cost: 150 })
        .expect(400);
      await t.http
        .post('/api/credits/redeem')
        .set(me.auth)
        .send({ userId: me.user.id, itemId: { $ne: null }, cost: 150 })
        .expect(400);
      await t.http.post('/api/credits/earn').set(me.auth).send({ userId: 'not-an-id', action: 'streak' }).expect(400);
      await t.http
        .post('/api/credits/validate-tweet')
        .set(me.auth)
        .send({ userId: me.user.id, tweetUrl: { $regex: '.' } })
        .expect(400);
      await t.http.get('/api/goals/not-an-id').set(me.auth).expect(400);
      await t.http.get('/api/goals/%7B%22%24gt%22%3A%22%22%7D').set(me.auth).expect(400);
      await t.http.get('/api/credits/pool').expect(401);
      await t.http.post('/api/credits/redeem').send({ userId: me.user.id, itemId: 'gym-pass', cost: 150 }).expect(401);
    });
  });

  describe('randomized mixed workload', () => {
    it('leaves every chain sound and every balance equal to the sum of its entries', async () => {
      const members = await Promise.all(Array.from({ length: 8 }, () => signIn(t)));
      const xIds = await Promise.all(
        members.map((m, i) =>
          users.updateOne({ _id: m.user.id }, { $set: { twitterId: `88${i}` } }).then(() => `88${i}`),
        ),
      );
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const items = [
        ['gym-pass', 150],
        ['protein-discount', 250],
        ['nutrition-plan', 300],
      ] as const;
      const operations = Array.from({ length: 96 }, (_, i) => {
        const m = members[Math.floor(random() * members.length)];
        const roll = random();
        if (roll < 0.35)
          return cli('credits:grant', m.user.username, String(50 + Math.floor(random() * 300)), 'random grant');
        if (roll < 0.5)
          return cli('credits:grant', m.user.username, String(-(1 + Math.floor(random() * 100))), 'random take-back');
        if (roll < 0.85) {
          const [itemId, cost] = items[Math.floor(random() * items.length)];
          return t.http.post('/api/credits/redeem').set(m.auth).send({ userId: m.user.id, itemId, cost });
        }
        x.tweets.set(`77${i}`, { text: m.user.referralLink, authorId: xIds[members.indexOf(m)] });
        return t.http
          .post('/api/credits/validate-tweet')
          .set(m.auth)
          .send({ userId: m.user.id, tweetUrl: `https://x.com/u/status/77${i}` });
      });
      const results = await Promise.all(operations);
      for (const r of results) expect('code' in r ? [0, 1] : [200, 409]).toContain('code' in r ? r.code : r.status);
      await expectLedgerSound(members.map((m) => m.user.id));
    });
  });

  describe('operator CLI', () => {
    it('grants, refuses a take-back below 0, reverses once, and verify names a broken user with exit 1', async () => {
      const { user } = await signIn(t);
      const granted = await cli('credits:grant', user.username, '120', 'support', 'grant');
      const entryId = `${user.id}:credits:1`;
      expect(granted).toEqual({ code: 0, out: [`granted 120 to ${user.username}: balance 120 (entry ${entryId})`] });
      const refused = await cli('credits:grant', user.username, '-500', 'too much');
      expect(refused.code).toBe(1);
      expect(refused.out[0]).toMatch(/refused: .* has 120 credits/);
      expect((await cli('credits:grant', 'nobody-here', '5', 'x')).code).toBe(1);
      await expect(cli('credits:grant', user.username, 'abc', 'x')).rejects.toThrow(/non-zero whole amount/);
      await expect(cli('credits:grant', user.username, '5', 'sorry \u202eecnuob')).rejects.toThrow(
        /must not contain control characters/,
      );

      expect((await cli('credits:reverse', entryId, 'granted by mistake')).code).toBe(0);
      expect((await cli('credits:reverse', entryId, 'granted by mistake')).code).toBe(1);
      expect(await balanceOf(user.id)).toBe(0);

      await users.updateOne({ _id: user.id }, { $set: { sweatCredits: 999 } });
      const broken = await cli('ledger:verify');
      expect(broken.code).toBe(1);
      expect(broken.out[0]).toContain(`PROBLEM ${user.username} (${user.id}): credits: cached balance 999`);
      await users.updateOne({ _id: user.id }, { $set: { sweatCredits: 0 } });
      expect((await cli('ledger:verify')).code).toBe(0);
    });
  });
});
