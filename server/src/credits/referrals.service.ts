import { Injectable } from '@nestjs/common';
import { LedgerService } from '../ledger/ledger.service';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';
import { REFERRAL_CREDITS } from '../contract';

/**
 * The referrer's reward: +100 once per referred friend, once that friend has both trained a session
 * that counts (sessionCounts) and validated a daily proof. Either alone is cheap to script (a
 * ticked exercise; proof files), so a sign-up or a first validated day pays nothing by itself.
 */
@Injectable()
export class ReferralsService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly workouts: WorkoutsService,
  ) {}

  /** Called by the proofs work on each validated proof day of a user. True when this call credited. */
  async rewardReferrer(refereeId: string): Promise<boolean> {
    const referee = await this.users.findById(refereeId);
    if (!referee.referredBy || referee.referredBy.equals(referee._id)) return false;
    if (!(await this.workouts.hasCountedSession(refereeId))) return false;
    const { duplicate } = await this.ledger.post({
      userId: referee.referredBy.toString(),
      amount: REFERRAL_CREDITS,
      kind: 'referral',
      reason: `Referral reward: ${referee.username} trained and validated a daily proof`,
      idempotencyKey: `referral:${refereeId}`,
      ref: refereeId,
    });
    return !duplicate;
  }
}
