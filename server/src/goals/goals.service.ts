import { Injectable, Logger } from '@nestjs/common';
import type { CreateGoalRequest, GoalMetric, GoalView } from '../contract';
import { AppError } from '../common/errors';
import { newId } from '../database/object-id';
import { INSUFFICIENT_CREDITS, goalBonus } from '../credits/credits.rules';
import { LedgerService } from '../ledger/ledger.service';
import { POOL_ACCOUNT_ID } from '../ledger/ledger.rules';
import { BmiService } from '../bmi/bmi.service';
import { LedgerEntry } from '../ledger/ledger-entry.schema';
import { UsersService } from '../users/users.service';
import { GoalProgress } from './goal-progress';
import { GoalRecord, GoalsRepository } from './goals.repository';
import { goalIdFor, goalRefusal, settlementOutcome } from './goals.rules';
import { isDuplicateKey } from '../database/duplicate-key';
import { JobName } from '../queue/job-registry';
import { OnJob } from '../queue/on-job.decorator';

const alreadyOpen = (metric: GoalMetric) =>
  new AppError('GOAL_ALREADY_OPEN', `You already have an open ${metric} goal: reach it or let its deadline pass before setting another`, 'Goal Already Open');

/**
 * Prediction goals. Setting one moves the stake out of the user's balance; settlement pays a reached
 * goal back with a pool bonus, or forfeits an expired one to the pool. Every movement is a keyed
 * ledger posting, so settling the same goal twice (job and read at once) moves credits once.
 */
@Injectable()
export class GoalsService {
  private readonly logger = new Logger('Goals');

  constructor(
    private readonly goals: GoalsRepository,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly progress: GoalProgress,
    private readonly bmi: BmiService,
  ) {}

  async create(userId: string, draft: CreateGoalRequest, now = new Date()): Promise<GoalView> {
    const user = await this.users.findById(userId);
    const reportedWeightKg = draft.metric === 'weight' ? await this.bmi.latestReportedWeight(userId) : null;
    const refusal = goalRefusal(draft, { heightCm: user.height, reportedWeightKg }, now);
    if (refusal) throw new AppError('GOAL_INVALID', refusal, 'Invalid Goal');

    // The id comes first so the stake's key names the goal; the goal is stored once the stake is paid.
    // A request id names one submission: every retry of it names the same goal and stake, paid once.
    const goalId = draft.requestId ? goalIdFor(userId, draft.requestId) : newId();
    const open = await this.goals.findOpen(userId, draft.metric);
    if (open) {
      if (open._id.equals(goalId)) return this.viewNow(open);
      // A goal already decided but not settled yet (nobody read it since) frees its slot now.
      const current = await this.progress.forUser(userId)(open.metric, open.createdAt);
      if (!(await this.settle(open, current, now))) throw alreadyOpen(draft.metric);
    }
    const { entry, paidNow } = await this.payStake(userId, goalId, draft);
    let goal: GoalRecord | null;
    try {
      goal = await this.goals.create({
        _id: goalId,
        userId,
        title: draft.title,
        metric: draft.metric,
        targetValue: draft.targetValue,
        deadline: draft.deadline,
        creditsStaked: draft.creditsStaked,
      });
    } catch (err) {
      // An earlier or concurrent attempt of this submission stored it: it is this goal.
      goal = await this.goals.findById(goalId);
      if (!goal) {
        // Only the attempt that paid the stake gives it back; a retry then pays again (payStake).
        if (paidNow) await this.ledger.reverse(entry._id, 'Goal could not be set: stake returned');
        throw isDuplicateKey(err) ? alreadyOpen(draft.metric) : err;
      }
    }
    return this.viewNow(goal);
  }

  /**
   * Pays a submission's stake once (`goal:<id>:stake`). A stake an earlier attempt paid and got
   * back (its goal could not be saved, `reverse:<entryId>`) no longer stands: the retry pays again
   * under a key naming that reversal, so a goal is never stored on a refunded stake.
   */
  private async payStake(userId: string, goalId: string, draft: CreateGoalRequest): Promise<{ entry: LedgerEntry; paidNow: boolean }> {
    let idempotencyKey = `goal:${goalId}:stake`;
    for (;;) {
      const { entry, duplicate } = await this.ledger.spend(
        { userId, amount: -draft.creditsStaked, kind: 'goal.stake', reason: `Staked on goal: ${draft.title}`, idempotencyKey, ref: goalId },
        { message: "You don't have enough credits for this stake", title: INSUFFICIENT_CREDITS.title },
      );
      if (!duplicate) return { entry, paidNow: true };
      const reversal = await this.ledger.reversalOf(entry._id);
      if (!reversal) return { entry, paidNow: false };
      idempotencyKey = `goal:${goalId}:stake:after:${reversal._id}`;
    }
  }

  /** The user's goals, newest first, each settled first if its outcome is known. */
  async list(userId: string, now = new Date()): Promise<GoalView[]> {
    const goals = await this.goals.listByUser(userId, 100);
    const valueOf = this.progress.forUser(userId);
    return Promise.all(
      goals.map(async (goal) => {
        const current = await valueOf(goal.metric, goal.createdAt);
        if (goal.status === 'active') await this.settle(goal, current, now);
        return this.toView(goal, current);
      }),
    );
  }

  /** Settlement also runs on every read of a user's goals; the schedule catches goals nobody looks at. */
  @OnJob(JobName.GoalsSettle)
  async settleScheduled(): Promise<{ settled: number }> {
    return { settled: await this.settleAll() };
  }

  /**
   * The repeatable maintenance job: settles every active goal whose outcome is known. No batch
   * limit: undecided goals stay active, so a limited read would return the same ones every run.
   */
  async settleAll(now = new Date()): Promise<number> {
    let settled = 0;
    for await (const goal of this.goals.allActive()) {
      const current = await this.progress.forUser(goal.userId.toString())(goal.metric, goal.createdAt);
      if (await this.settle(goal, current, now)) settled++;
    }
    return settled;
  }

  /** Moves a decided goal's credits once; updates `goal` in place. True when the goal is now decided. */
  private async settle(goal: GoalRecord, current: number, now: Date): Promise<boolean> {
    const outcome = settlementOutcome(goal, current, now);
    if (outcome === 'active') return false;
    const goalId = goal._id.toString();
    const settleKey = `goal:${goalId}:settle`;
    const { entry } =
      outcome === 'won'
        ? await this.ledger.post({
            userId: goal.userId.toString(),
            amount: goal.creditsStaked + (await this.payBonus(goal)),
            kind: 'goal.won',
            reason: `Goal reached: ${goal.title}`,
            idempotencyKey: settleKey,
            ref: goalId,
          })
        : await this.ledger.post({
            userId: POOL_ACCOUNT_ID,
            amount: goal.creditsStaked,
            kind: 'goal.forfeit',
            reason: `Goal missed: ${goal.title}`,
            idempotencyKey: settleKey,
            ref: goalId,
          });
    // A concurrent settlement may have posted first; the entry under the key is the outcome.
    goal.status = entry.kind === 'goal.won' ? 'won' : 'lost';
    goal.payout = entry.kind === 'goal.won' ? entry.amount : null;
    await this.goals.recordOutcome(goal._id, { status: goal.status, payout: goal.payout });
    this.logger.log(`goal ${goalId} settled: ${goal.status}`);
    return true;
  }

  /** The pool's bonus for a won goal, capped by what the pool holds; paid once (`goal:<id>:bonus`). */
  private async payBonus(goal: GoalRecord): Promise<number> {
    const goalId = goal._id.toString();
    const bonus = goalBonus(goal.creditsStaked);
    if (bonus === 0 || (await this.ledger.balance(POOL_ACCOUNT_ID)) === 0) return 0;
    const { entry } = await this.ledger.post({
      userId: POOL_ACCOUNT_ID,
      amount: (poolBalance) => -Math.min(bonus, poolBalance),
      kind: 'goal.bonus',
      reason: `Bonus for goal: ${goal.title}`,
      idempotencyKey: `goal:${goalId}:bonus`,
      ref: goalId,
    });
    return -entry.amount;
  }

  /** A goal as its owner sees it now (its progress read). */
  private async viewNow(goal: GoalRecord): Promise<GoalView> {
    return this.toView(goal, await this.progress.forUser(goal.userId.toString())(goal.metric, goal.createdAt));
  }

  private toView(goal: GoalRecord, currentValue: number): GoalView {
    return {
      id: goal._id.toString(),
      title: goal.title,
      metric: goal.metric,
      creditsStaked: goal.creditsStaked,
      currentValue,
      targetValue: goal.targetValue,
      deadline: goal.deadline,
      status: goal.status,
      payout: goal.payout,
      createdAt: goal.createdAt.toISOString(),
    };
  }
}
