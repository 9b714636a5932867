import { Injectable } from '@nestjs/common';

import { BmiRecordsRepository } from '../bmi/bmi-records.repository';
import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import type { CreateGoalRequest, GoalView } from '../contract';
import { INSUFFICIENT_CREDITS } from '../credits/credits.rules';
import { isDuplicateKey } from '../database/duplicate-key';
import { newId } from '../database/object-id';
import { LedgerService } from '../ledger/ledger.service';
import { LedgerReadsService } from '../ledger/ledger-reads.service';
import { UsersService } from '../users/users.service';
import { GoalProgress } from './goal-progress';
import { GoalSettlement } from './goal-settlement';
import { GoalSlotsRepository } from './goal-slots.repository';
import { GoalRecord, GoalsRepository } from './goals.repository';
import { goalIdFor, goalRefusal, goalStart } from './goals.rules';

/** A slot claim older than this whose goal was never stored is abandoned (its request died). */
const ABANDONED_CLAIM_MS = 60_000;
const metricTaken = (metric: string) =>
  new AppError(
    'GOAL_METRIC_TAKEN',
    `You already have an open ${metric} goal: one open goal per metric`,
    'Goal Already Open',
  );

/**
 * Prediction goals' requests. Setting one moves the stake out of the user's balance (a keyed
 * ledger posting); listing them settles those whose outcome is known (GoalSettlement).
 */
@Injectable()
export class GoalsService {
  constructor(
    private readonly goals: GoalsRepository,
    private readonly ledger: LedgerService,
    private readonly settlement: GoalSettlement,
    private readonly ledgerReads: LedgerReadsService,
    private readonly users: UsersService,
    private readonly progress: GoalProgress,
    private readonly bmiRecords: BmiRecordsRepository,
    private readonly slots: GoalSlotsRepository,
    private readonly clock: Clock,
  ) {}

  async create(userId: string, draft: CreateGoalRequest, now = this.clock.now()): Promise<GoalView> {
    const [user, reportWeightKg] = await Promise.all([
      this.users.view(userId),
      this.bmiRecords.latestReportWeight(userId),
    ]);
    const refusal = goalRefusal(
      draft,
      { heightCm: user.height, reportWeightKg, currentStreak: user.currentStreak, units: user.units },
      now,
    );
    if (refusal) throw new AppError('GOAL_INVALID', refusal, 'Invalid Goal');

    // The id comes first so the stake's key names the goal; the goal is stored once the stake is paid.
    // A request id names one submission: every retry of it names the same goal and stake, paid once.
    const goalId = draft.requestId ? goalIdFor(userId, draft.requestId) : newId();
    // The goal holding the slot is over once settled; one not stored yet is still being set, unless
    // its claimant stopped long ago (a crashed request must not lock the metric for good).
    const isOver = async (held: { goalId: string; claimedAt: Date }) => {
      const goal = await this.goals.findById(held.goalId);
      return goal ? goal.status !== 'active' : now.getTime() - held.claimedAt.getTime() > ABANDONED_CLAIM_MS;
    };
    if (!(await this.slots.claim(userId, draft.metric, goalId, isOver, now))) throw metricTaken(draft.metric);
    try {
      return await this.stakeAndStore(userId, draft, goalId, now);
    } catch (err) {
      // The slot is free again for a goal that is stored; a stored goal (a retry's) keeps it.
      if (!(await this.goals.findById(goalId))) await this.slots.release(userId, draft.metric, goalId);
      throw err;
    }
  }

  /** Pays the stake (keyed by the goal), then stores the goal; a save that fails gives the stake back. */
  private async stakeAndStore(userId: string, draft: CreateGoalRequest, goalId: string, now: Date): Promise<GoalView> {
    const { entry, duplicate } = await this.ledger.spend(
      {
        userId,
        amount: -draft.creditsStaked,
        kind: 'goal.stake',
        reason: `Staked on goal: ${draft.title}`,
        idempotencyKey: `goal:${goalId}:stake`,
        ref: goalId,
      },
      { message: "You don't have enough credits for this stake", title: INSUFFICIENT_CREDITS.title },
    );
    // A retry of a submission whose save failed after its stake was returned must not get the goal free.
    if (duplicate && (await this.ledgerReads.wasReversed(entry.id))) {
      throw new AppError(
        'GOAL_SUBMISSION_SPENT',
        'This goal could not be saved and its stake was returned: set it again',
        'Goal Not Saved',
      );
    }
    let goal: GoalRecord | null;
    try {
      goal = await this.goals.create({
        id: goalId,
        userId,
        title: draft.title,
        metric: draft.metric,
        targetValue: draft.targetValue,
        deadline: draft.deadline,
        creditsStaked: draft.creditsStaked,
        startsAt: now,
      });
    } catch (err) {
      // An earlier or concurrent attempt of this submission stored it: it is this goal.
      goal = isDuplicateKey(err) ? await this.goals.findById(goalId) : null;
      if (!goal) {
        // Only the attempt that paid the stake gives it back.
        if (!duplicate) await this.ledger.reverse(entry.id, `Goal could not be saved: stake returned`);
        throw err;
      }
    }
    return this.viewNow(goal);
  }

  /** The user's goals, newest first, each settled first if its outcome is known. */
  async list(userId: string, now = this.clock.now()): Promise<GoalView[]> {
    const goals = await this.goals.listByUser(userId, 100);
    const valueOf = this.progress.forUser(userId);
    return Promise.all(
      goals.map(async (goal) => {
        const current = await valueOf(goal.metric, goalStart(goal));
        if (goal.status === 'active') await this.settlement.settle(goal, current, now);
        return this.toView(goal, current);
      }),
    );
  }

  /** A goal as its owner sees it now (its progress read). */
  private async viewNow(goal: GoalRecord): Promise<GoalView> {
    return this.toView(goal, await this.progress.forUser(goal.userId)(goal.metric, goalStart(goal)));
  }

  private toView(goal: GoalRecord, currentValue: number): GoalView {
    return {
      id: goal.id,
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
