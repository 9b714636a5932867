import { randomBytes, randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import {
  EARN_ACTIONS,
  type EarnAction,
  type EarnActionState,
  EARNING_ACTIONS,
  type EarnResponse,
  type MarketplaceItem,
  type PoolView,
  type RedeemRequest,
  type RedeemResponse,
  type RedemptionView,
} from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { POOL_ACCOUNT_ID } from '../ledger/ledger.rules';
import { LedgerService } from '../ledger/ledger.service';
import { LedgerReadsService } from '../ledger/ledger-reads.service';
import type { CapDay } from '../workouts/completion.rules';
import {
  earnActionState,
  earnKey,
  earnPeriod,
  findItem,
  INSUFFICIENT_CREDITS,
  MARKETPLACE,
  POOL_RULES,
  voucherCode,
} from './credits.rules';
import { EARN_EVIDENCE, EarnEvidence } from './earn-evidence';
import { EarningDays } from './earning-days';
import { RedemptionRecord, RedemptionsRepository } from './redemptions.repository';

const MAX_VOUCHER_ATTEMPTS = 5;

/** The marketplace, redemptions, earning actions and the community pool's public view. */
@Injectable()
export class CreditsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly ledgerReads: LedgerReadsService,
    private readonly redemptions: RedemptionsRepository,
    @Inject(EARN_EVIDENCE) private readonly evidence: EarnEvidence,
    private readonly days: EarningDays,
    private readonly clock: Clock,
  ) {}

  marketplace(): MarketplaceItem[] {
    return [...MARKETPLACE];
  }

  /**
   * Spends the catalogue cost once per request (`redeem:<requestId>`), then records the voucher
   * keyed by the ledger entry, so a retried request answers the same redemption.
   */
  async redeem(userId: string, request: RedeemRequest): Promise<RedeemResponse> {
    const item = findItem(request.itemId)!;
    if (request.cost !== item.cost)
      throw new AppError(
        'CREDITS_INVALID_COST',
        `${item.title} costs ${item.cost} credits, not ${request.cost}`,
        'Invalid Cost',
      );
    if (!item.available)
      throw new AppError('CREDITS_ITEM_UNAVAILABLE', `${item.title} is not available right now`, 'Unavailable');

    const { entry } = await this.ledger.spend(
      {
        userId,
        amount: -item.cost,
        kind: 'redeem',
        reason: `Redeemed ${item.title}`,
        idempotencyKey: `redeem:${request.requestId ?? randomUUID()}`,
        ref: item.id,
      },
      INSUFFICIENT_CREDITS,
    );
    // A request id replayed for another user or item is not this redemption.
    if (entry.userId !== userId || entry.ref !== item.id)
      throw new AppError('CREDITS_DUPLICATE_REQUEST', 'This request id was already used', 'Duplicate Request');
    const redemption = await this.recordRedemption(userId, item, entry.id);
    return { redemption: toView(redemption), balance: await this.ledgerReads.balance(userId) };
  }

  private async recordRedemption(userId: string, item: MarketplaceItem, entryId: string): Promise<RedemptionRecord> {
    for (let attempt = 0; attempt < MAX_VOUCHER_ATTEMPTS; attempt++) {
      const existing = await this.redemptions.findByEntryId(entryId);
      if (existing) return existing;
      try {
        return await this.redemptions.create({
          userId,
          itemId: item.id,
          title: item.title,
          cost: item.cost,
          voucherCode: voucherCode(item.id, randomBytes(8)),
          entryId,
        });
      } catch (err) {
        // Either a concurrent retry recorded this entry (found next pass) or the voucher code collided.
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new Error(`could not record the redemption of entry ${entryId}`);
  }

  async listRedemptions(userId: string): Promise<RedemptionView[]> {
    return (await this.redemptions.listByUser(userId, 100)).map(toView);
  }

  /**
   * Credits an earning action once per earning day (the streak once per week) when the user has
   * actually done it that day; the amount is docs/product.md's, the account its row's (docs/product.md,
   * Credits): Complete Workout waits in pending credits for the day's proofs, as the session's own.
   */
  async earn(userId: string, action: EarnAction, now = this.clock.now()): Promise<EarnResponse> {
    const {
      day,
      states: [state],
    } = await this.earnStates(userId, [action], now);
    const { title, credits } = EARNING_ACTIONS[action];
    const alreadyEarned = () =>
      new AppError(
        'CREDITS_ALREADY_EARNED',
        `${title}: already credited ${earnPeriod(action, day.day).label}`,
        'Already Earned',
      );
    if (state.alreadyClaimed) throw alreadyEarned();
    if (!state.claimable)
      throw new AppError('CREDITS_NOT_EARNED_YET', `${title}: not earned yet today`, 'Not Earned Yet');
    const { duplicate } = await this.ledger.post({
      userId,
      account: state.pending ? 'pending' : 'credits',
      amount: credits,
      kind: 'earn',
      reason: title,
      idempotencyKey: earnKey(userId, action, day.day),
      ref: action,
    });
    // Two claims at once both found it unclaimed; the ledger's key lets one through.
    if (duplicate) throw alreadyEarned();
    await this.days.paidOn(userId, day);
    const [balance, pendingCredits] = await Promise.all([
      this.ledgerReads.balance(userId),
      this.ledgerReads.balance(userId, 'pending'),
    ]);
    return { action, credits, balance, pendingCredits, pending: state.pending };
  }

  /** Every earning action as CLAIM would find it now, for the cards to show before the click. */
  async earnActions(userId: string, now = this.clock.now()): Promise<EarnActionState[]> {
    return (await this.earnStates(userId, EARN_ACTIONS, now)).states;
  }

  /** The user's earning day and the state of each action on it: one ledger read for all, one evidence read each. */
  private async earnStates(
    userId: string,
    actions: readonly EarnAction[],
    now: Date,
  ): Promise<{ day: CapDay; states: EarnActionState[] }> {
    const day = await this.days.dayOf(userId, now);
    const keys = actions.map((action) => earnKey(userId, action, day.day));
    const [posted, done] = await Promise.all([
      this.ledgerReads.postedKeys(keys),
      Promise.all(actions.map((action) => this.done(userId, action, day.day, day.timeZone))),
    ]);
    return { day, states: actions.map((action, i) => earnActionState(action, day.day, done[i], posted.has(keys[i]))) };
  }

  /** How much of the action the user has done on `day`: the streak's days, the imported steps, otherwise 1 or 0. */
  private async done(userId: string, action: EarnAction, day: string, timeZone: string): Promise<number> {
    switch (action) {
      case 'workout':
        return Number(await this.evidence.workoutCompletedOn(userId, day, timeZone));
      case 'streak':
        return this.evidence.currentStreak(userId);
      case 'weight':
        return Number(await this.evidence.weightLoggedOn(userId, day, timeZone));
      case 'steps':
        // Steps a person typed or a screenshot showed prove nothing: only those read from an imported file count.
        return this.evidence.stepsRecordedOn(userId, day);
    }
  }

  async pool(): Promise<PoolView> {
    return { balance: await this.ledgerReads.balance(POOL_ACCOUNT_ID), rules: POOL_RULES };
  }
}

function toView(r: RedemptionRecord): RedemptionView {
  return {
    id: r.id,
    itemId: r.itemId as RedemptionView['itemId'],
    title: r.title,
    cost: r.cost,
    voucherCode: r.voucherCode,
    createdAt: r.createdAt.toISOString(),
  };
}
