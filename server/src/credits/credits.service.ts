import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { DAILY_STEPS_TARGET, EARNING_ACTIONS, type EarnAction, type EarnResponse, type MarketplaceItem, type PoolView, type RedeemRequest, type RedeemResponse, type RedemptionView } from '../contract';
import { AppError } from '../common/errors';
import { LedgerService } from '../ledger/ledger.service';
import { POOL_ACCOUNT_ID } from '../ledger/ledger.rules';
import { dayIn } from '../users/users.rules';
import { isDuplicateKey } from '../database/duplicate-key';
import { INSUFFICIENT_CREDITS, earnPeriod, MARKETPLACE, POOL_RULES, findItem, voucherCode } from './credits.rules';
import { EARN_EVIDENCE, EarnEvidence } from './earn-evidence';
import { RedemptionRecord, RedemptionsRepository } from './redemptions.repository';

const MAX_VOUCHER_ATTEMPTS = 5;

/** The marketplace, redemptions, earning actions and the community pool's public view. */
@Injectable()
export class CreditsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly redemptions: RedemptionsRepository,
    @Inject(EARN_EVIDENCE) private readonly evidence: EarnEvidence,
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
    if (request.cost !== item.cost) throw new AppError('CREDITS_INVALID_COST', `${item.title} costs ${item.cost} credits, not ${request.cost}`, 'Invalid Cost');
    if (!item.available) throw new AppError('CREDITS_ITEM_UNAVAILABLE', `${item.title} is not available right now`, 'Unavailable');

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
    if (entry.userId.toString() !== userId || entry.ref !== item.id) throw new AppError('CREDITS_DUPLICATE_REQUEST', 'This request id was already used', 'Duplicate Request');
    const redemption = await this.recordRedemption(userId, item, entry._id);
    return { redemption: toView(redemption), balance: await this.ledger.balance(userId) };
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
   * Credits an earning action once per day of the user's time zone (the streak once per week) when
   * the user has actually done it that day; the amount is SPEC's. The day is the one the proofs
   * dialog shows, so a watch proof validated in the evening west of UTC counts for that evening.
   */
  async earn(userId: string, action: EarnAction, now = new Date()): Promise<EarnResponse> {
    const timeZone = await this.evidence.timeZoneOf(userId);
    const day = dayIn(now, timeZone);
    const period = earnPeriod(action, day);
    if (!(await this.isEarned(userId, action, day, timeZone))) {
      throw new AppError('CREDITS_NOT_EARNED_YET', `${EARNING_ACTIONS[action].title}: not earned yet today`, 'Not Earned Yet');
    }
    const { entry, duplicate } = await this.ledger.post({
      userId,
      amount: EARNING_ACTIONS[action].credits,
      kind: 'earn',
      reason: EARNING_ACTIONS[action].title,
      idempotencyKey: `earn:${action}:${userId}:${period.key}`,
      ref: action,
    });
    if (duplicate) throw new AppError('CREDITS_ALREADY_EARNED', `${EARNING_ACTIONS[action].title}: already credited ${period.label}`, 'Already Earned');
    return { action, credits: EARNING_ACTIONS[action].credits, balance: entry.balanceAfter };
  }

  private isEarned(userId: string, action: EarnAction, day: string, timeZone: string): Promise<boolean> {
    switch (action) {
      case 'workout':
        return this.evidence.workoutCompletedOn(userId, day, timeZone);
      case 'streak':
        return this.evidence.weeklyStreakReached(userId);
      case 'weight':
        return this.evidence.weightLoggedOn(userId, day, timeZone);
      case 'steps':
        // Steps a person typed or a screenshot showed prove nothing: only those read from an imported file count.
        return this.evidence.stepsRecordedOn(userId, day).then((steps) => steps >= DAILY_STEPS_TARGET);
    }
  }

  async pool(): Promise<PoolView> {
    return { balance: await this.ledger.balance(POOL_ACCOUNT_ID), rules: POOL_RULES };
  }
}

function toView(r: RedemptionRecord): RedemptionView {
  return {
    id: r._id.toString(),
    itemId: r.itemId as RedemptionView['itemId'],
    title: r.title,
    cost: r.cost,
    voucherCode: r.voucherCode,
    createdAt: r.createdAt.toISOString(),
  };
}
