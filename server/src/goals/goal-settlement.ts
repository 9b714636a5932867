import { Injectable, Logger } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { goalBonus } from '../credits/credits.rules';
import { POOL_ACCOUNT_ID } from '../ledger/ledger.rules';
import { LedgerService } from '../ledger/ledger.service';
import { LedgerReadsService } from '../ledger/ledger-reads.service';
import { JobName } from '../queue/job-registry';
import { OnJob } from '../queue/on-job.decorator';
import { GoalProgress } from './goal-progress';
import { GoalRecord, GoalsRepository } from './goals.repository';
import { goalStart, settlementOutcome } from './goals.rules';

/**
 * Settlement of prediction goals: a reached goal is paid back with a pool bonus, an expired one
 * forfeited to the pool. Every movement is a keyed ledger posting, so settling the same goal twice
 * (the scheduled job and a read at once) moves credits once.
 */
@Injectable()
export class GoalSettlement {
  private readonly logger = new Logger('Goals');

  constructor(
    private readonly goals: GoalsRepository,
    private readonly ledger: LedgerService,
    private readonly ledgerReads: LedgerReadsService,
    private readonly progress: GoalProgress,
    private readonly clock: Clock,
  ) {}

  /** Settlement also runs on every read of a user's goals; the schedule catches goals nobody looks at. */
  @OnJob(JobName.GoalsSettle)
  async settleScheduled(): Promise<{ settled: number }> {
    return { settled: await this.settleAll() };
  }

  /**
   * The repeatable maintenance job: settles every active goal whose outcome is known. No batch
   * limit: undecided goals stay active, so a limited read would return the same ones every run.
   */
  async settleAll(now = this.clock.now()): Promise<number> {
    let settled = 0;
    for await (const goal of this.goals.allActive()) {
      const current = await this.progress.forUser(goal.userId)(goal.metric, goalStart(goal));
      if (await this.settle(goal, current, now)) settled++;
    }
    return settled;
  }

  /** Moves a decided goal's credits once; updates `goal` in place. True when the goal is now decided. */
  async settle(goal: GoalRecord, current: number, now: Date): Promise<boolean> {
    const outcome = settlementOutcome(goal, current, now);
    if (outcome === 'active') return false;
    const goalId = goal.id;
    const settleKey = `goal:${goalId}:settle`;
    const { entry } =
      outcome === 'won'
        ? await this.ledger.post({
            userId: goal.userId,
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
    await this.goals.recordOutcome(goal.id, { status: goal.status, payout: goal.payout });
    this.logger.log(`goal ${goalId} settled: ${goal.status}`);
    return true;
  }

  /** The pool's bonus for a won goal, capped by what the pool holds; paid once (`goal:<id>:bonus`). */
  private async payBonus(goal: GoalRecord): Promise<number> {
    const goalId = goal.id;
    const bonus = goalBonus(goal.creditsStaked);
    if (bonus === 0 || (await this.ledgerReads.balance(POOL_ACCOUNT_ID)) === 0) return 0;
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
}
