import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { randomBytes, randomUUID } from 'node:crypto';
import { EARNING_ACTIONS, type EarnAction, type EarnResponse, type MarketplaceItem, type PoolView, type RedeemRequest, type RedeemResponse, type RedemptionView } from '../contract';
import { badRequest, conflict } from '../common/errors';
import { LedgerService } from '../ledger/ledger.service';
import { POOL_ACCOUNT_ID } from '../ledger/ledger.rules';
import { dayIn } from '../users/users.rules';
import { isDuplicateKey } from '../database/duplicate-key';
import { INSUFFICIENT_CREDITS, earnPeriod, MARKETPLACE, POOL_RULES, findItem, voucherCode } from './credits.rules';
import { EARN_EVIDENCE, EarnEvidence } from './earn-evidence';
import { Redemption, RedemptionDocument } from './redemption.schema';

const MAX_VOUCHER_ATTEMPTS = 5;

/** The marketplace, redemptions, earning actions and the community pool's public view. */
@Injectable()
export class CreditsService {
  constructor(
    private readonly ledger: LedgerService,
    @InjectModel(Redemption.name) private readonly redemptions: Model<Redemption>,
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
    if (request.cost !== item.cost) throw badRequest(`${item.title} costs ${item.cost} credits, not ${request.cost}`, 'Invalid Cost');
    if (!item.available) throw conflict(`${item.title} is not available right now`, 'Unavailable');

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
    if (entry.userId.toString() !== userId || entry.ref !== item.id) throw conflict('This request id was already used', 'Duplicate Request');
    const redemption = await this.recordRedemption(userId, item, entry._id);
    return { redemption: toView(redemption), balance: await this.ledger.balance(userId) };
  }

  private async recordRedemption(userId: string, item: MarketplaceItem, entryId: string): Promise<RedemptionDocument> {
    for (let attempt = 0; attempt < MAX_VOUCHER_ATTEMPTS; attempt++) {
      const existing = await this.redemptions.findOne({ entryId });
      if (existing) return existing;
      try {
        return await this.redemptions.create({
          userId: new Types.ObjectId(userId),
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
    const rows = await this.redemptions.find({ userId: new Types.ObjectId(userId) }).sort({ createdAt: -1, _id: -1 }).limit(100);
    return rows.map(toView);
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
      throw conflict(`${EARNING_ACTIONS[action].title}: not earned yet today`, 'Not Earned Yet');
    }
    const { entry, duplicate } = await this.ledger.post({
      userId,
      amount: EARNING_ACTIONS[action].credits,
      kind: 'earn',
      reason: EARNING_ACTIONS[action].title,
      idempotencyKey: `earn:${action}:${userId}:${period.key}`,
      ref: action,
    });
    if (duplicate) throw conflict(`${EARNING_ACTIONS[action].title}: already credited ${period.label}`, 'Already Earned');
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
        return this.evidence.watchProofValidatedOn(userId, day);
    }
  }

  async pool(): Promise<PoolView> {
    return { balance: await this.ledger.balance(POOL_ACCOUNT_ID), rules: POOL_RULES };
  }
}

function toView(r: RedemptionDocument): RedemptionView {
  return {
    id: r.id,
    itemId: r.itemId as RedemptionView['itemId'],
    title: r.title,
    cost: r.cost,
    voucherCode: r.voucherCode,
    createdAt: r.createdAt.toISOString(),
  };
}
