import { Injectable } from '@nestjs/common';
import { LedgerService } from '../ledger/ledger.service';
import { UsersService } from '../users/users.service';
import { REFERRAL_CREDITS } from '../contract';

/** The referrer's reward: +100 once per referred friend, when that friend's first daily proof is validated. */
@Injectable()
export class ReferralsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
  ) {}

  /** Called by the proofs work on a referred user's first validated proof day. True when this call credited. */
  async rewardReferrer(refereeId: string): Promise<boolean> {
    const referee = await this.users.findById(refereeId);
    if (!referee.referredBy || referee.referredBy.equals(referee._id)) return false;
    const { duplicate } = await this.ledger.post({
      userId: referee.referredBy.toString(),
      amount: REFERRAL_CREDITS,
      kind: 'referral',
      reason: `Referral reward: ${referee.username} validated their first proof`,
      idempotencyKey: `referral:${refereeId}`,
      ref: refereeId,
    });
    return !duplicate;
  }
}
