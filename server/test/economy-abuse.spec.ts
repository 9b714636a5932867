import { Keypair } from '@solana/web3.js';

import type { WorkoutView } from '../src/contract';
import { POOL_ACCOUNT_ID } from '../src/ledger/ledger.rules';
import { LedgerService } from '../src/ledger/ledger.service';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { dayIn } from '../src/users/users.rules';
import { SignedIn, signIn, startTestApp, TestApp } from './harness';
import { proofClient } from './support/proofs';
import { startAndLetHalfPass } from './support/sessions';
import { analyseWeightReport } from './support/uploads';

const DAY_MS = 24 * 3600_000;
const inDays = (n: number) => dayIn(new Date(Date.now() + n * DAY_MS));

/**
 * the three attacks on the economy, driven through the API as a script would run
 * them. Each paid out before the goal and referral rules asked for evidence; each must pay nothing.
 */
describe('the economy closed to scripts', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let reads: LedgerReadsService;
  let proofs: ReturnType<typeof proofClient>;

  beforeAll(async () => {
    t = await startTestApp({ TEST_CLOCK: '1' });
    ledger = t.app.get(LedgerService);
    reads = t.app.get(LedgerReadsService);
    proofs = proofClient(t);
  });
  afterAll(() => t.close());

  const grant = (userId: string, amount: number) =>
    ledger.post({ userId, amount, kind: 'grant', reason: 'test grant' });
  const createGoal = (m: SignedIn, body: Record<string, unknown>) =>
    t.http
      .post('/api/goals')
      .set(m.auth)
      .send({ userId: m.user.id, title: 'Script goal', ...body });
  const goalsOf = async (m: SignedIn) =>
    (await t.http.get(`/api/goals/${m.user.id}`).set(m.auth).expect(200)).body as Array<{
      status: string;
      currentValue: number;
    }>;

  /** A generated workout completed with the first `ticked` of its exercises (all of them when not said). */
  async function train(m: SignedIn, ticked?: number): Promise<void> {
    const workout = (
      await t.http
        .post('/api/workout/generate')
        .set(m.auth)
        .send({ userId: m.user.id, type: 'hiit', difficulty: 'intermediate', duration: 30 })
        .expect(201)
    ).body as WorkoutView;
    const ids = workout.exercises.map((e) => e.id).slice(0, ticked ?? workout.exercises.length);
    await startAndLetHalfPass(t, m, workout, ids);
    await t.http
      .post('/api/workout/complete')
      .set(m.auth)
      .send({ userId: m.user.id, workoutId: workout.id, completedExercises: ids })
      .expect(200);
  }

  it('attack 1: five "1 workout by tomorrow" goals staking 200 each are refused; one ticked exercise wins nothing from the pool', async () => {
    const me = await signIn(t);
    await grant(me.user.id, 1000);
    const poolBefore = await reads.balance(POOL_ACCOUNT_ID);

    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        await createGoal(me, { metric: 'workouts', targetValue: 1, deadline: inDays(1), creditsStaked: 200 }),
      );
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0].body).toMatchObject({ code: 'GOAL_INVALID', message: expect.stringMatching(/at least 7 days/) });
    const oneWorkout = await createGoal(me, {
      metric: 'workouts',
      targetValue: 1,
      deadline: inDays(10),
      creditsStaked: 50,
    }).expect(400);
    expect(oneWorkout.body.message).toBe('A workouts goal must ask for at least 3 workouts');

    // The smallest goal the rules allow, once; a second open workouts goal is refused.
    await createGoal(me, { metric: 'workouts', targetValue: 3, deadline: inDays(7), creditsStaked: 150 }).expect(201);
    expect(
      (await createGoal(me, { metric: 'workouts', targetValue: 3, deadline: inDays(8), creditsStaked: 75 }).expect(409))
        .body.code,
    ).toBe('GOAL_METRIC_TAKEN');

    // Generated workouts with one exercise ticked are not sessions that count.
    for (let i = 0; i < 3; i++) await train(me, 1);
    expect(await goalsOf(me)).toEqual([expect.objectContaining({ status: 'active', currentValue: 0 })]);
    expect(await reads.balance(me.user.id)).toBe(850);
    expect(await reads.balance(POOL_ACCOUNT_ID)).toBe(poolBefore);
    expect((await reads.verify()).problems).toEqual([]);
  });

  it('attack 2: a weight goal is not won by typing a lower weight into the BMI calculator', async () => {
    const me = await signIn(t);
    await grant(me.user.id, 500);
    await t.http.post('/api/bmi').set(me.auth).send({ height: 180, weight: 80 }).expect(200);

    // A typed weight is no baseline: a weight goal needs an analysed report.
    const typedOnly = await createGoal(me, {
      metric: 'weight',
      targetValue: 79,
      deadline: inDays(30),
      creditsStaked: 50,
    }).expect(400);
    expect(typedOnly.body.message).toMatch(/^Upload a body-scan report before setting a weight goal/);

    await analyseWeightReport(t, me, 80);
    await createGoal(me, { metric: 'weight', targetValue: 79, deadline: inDays(30), creditsStaked: 50 }).expect(201);
    await t.http.post('/api/bmi').set(me.auth).send({ weight: 79, height: 180 }).expect(200);
    expect(await goalsOf(me)).toEqual([expect.objectContaining({ status: 'active', currentValue: 80 })]);
    expect(await reads.balance(me.user.id)).toBe(450);

    // A later analysed report at the target wins it: stake back plus the pool's 50 %.
    await analyseWeightReport(t, me, 78.9);
    expect(await goalsOf(me)).toEqual([expect.objectContaining({ status: 'won', currentValue: 78.9 })]);
    expect(await reads.balance(me.user.id)).toBe(525);
  });

  it('attack 3: fresh wallets ticking one exercise and sending proof files earn their referrer nothing', async () => {
    const referrer = await signIn(t);
    const cookie = `sweat_ref=${referrer.user.username}`;
    for (let i = 0; i < 2; i++) {
      const wallet = await signIn(t, Keypair.generate(), cookie);
      await train(wallet, 1);
      await proofs.validate(wallet, await proofs.uploadAll(wallet)).expect(200);
    }
    expect(await reads.balance(referrer.user.id)).toBe(0);

    // A friend who trains a session that counts and validates the day earns the referrer the product’s +100, once.
    const friend = await signIn(t, Keypair.generate(), cookie);
    await train(friend);
    await proofs.validate(friend, await proofs.uploadAll(friend)).expect(200);
    expect(await reads.balance(referrer.user.id)).toBe(100);
    expect((await reads.verify()).problems).toEqual([]);
  });
});
