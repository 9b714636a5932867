import { Injectable } from '@nestjs/common';

import { REFERRAL_CREDITS } from '../contract';
import { LedgerService } from '../ledger/ledger.service';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';

/**
 * The referrer's reward: +100 once per referred friend, on the friend's first validated proof day
 * that follows a session that counts (COUNTED_SESSION): the same evidence goals are judged on, so
 * scripted sign-ups that tick one exercise earn their referrer nothing.
 */
@Injectable()
export class ReferralsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly workouts: WorkoutsService,
  ) {}

  /** Called by the proofs work on each of a referred user's validated proof days. True when this call credited. */
  async rewardReferrer(refereeId: string): Promise<boolean> {
    const referee = await this.users.findById(refereeId);
    if (!referee.referredBy || referee.referredBy === referee.id) return false;
    if ((await this.workouts.countCountedSessionsSince(refereeId, new Date(0))) === 0) return false;
    const { duplicate } = await this.ledger.post({
      userId: referee.referredBy,
      amount: REFERRAL_CREDITS,
      kind: 'referral',
      reason: `Referral reward: ${referee.username} validated their first proof`,
      idempotencyKey: `referral:${refereeId}`,
      ref: refereeId,
    });
    return !duplicate;
  }
}
