import { Injectable } from '@nestjs/common';

import { streakAchievements } from '../achievements/achievements.rules';
import { AchievementsService } from '../achievements/achievements.service';
import { ActivitiesService } from '../activities/activities.service';
import { AppError } from '../common/errors';
import { ProofValidationResult } from '../contract';
import { EarningDays } from '../credits/earning-days';
import { ReferralsService } from '../credits/referrals.service';
import { isDuplicateKey } from '../database/duplicate-key';
import { LedgerService } from '../ledger/ledger.service';
import { ProfilesRepository } from '../profile/profiles.repository';
import { ProofFileView } from './proof-day.schema';
import { ProofDayRecord, ProofDaysRepository } from './proof-days.repository';
import { ProofMediaRepository } from './proof-media.repository';
import { longestStreakAfter, proofLedgerKeys } from './proofs.rules';
import { StreaksRepository } from './streaks.repository';

export const alreadyValidated = () =>
  new AppError('PROOF_ALREADY_VALIDATED', 'Proofs already validated today', 'Already Validated');
export const nothingPending = () =>
  new AppError(
    'PROOF_NOTHING_PENDING',
    'You have no pending credits to validate. Complete a workout first.',
    'No Pending Credits',
  );
export const mediaReused = () =>
  new AppError(
    'PROOF_MEDIA_REUSED',
    'This photo, video or activity file was already used as a proof',
    'Proof Already Used',
  );

/** A proof file before its checks ran. */
export type UploadedProof = Omit<ProofFileView, 'checks'>;

/** Thrown by the drain's amount function when the pending account is empty: nothing is posted. */
class NothingPending extends Error {}

/**
 * A proof day's life once the request passed its cheap checks: claimed (the day, then each file,
 * by inserts against unique indexes), released when anything refuses before the credit (deleting
 * exactly what the attempt inserted), or credited: the pending credits drained and moved into the
 * balance by keyed postings, so a retry after a crash completes the day without paying twice.
 */
@Injectable()
export class ProofDayLifecycle {
  constructor(
    private readonly days: ProofDaysRepository,
    private readonly media: ProofMediaRepository,
    private readonly streaks: StreaksRepository,
    private readonly profiles: ProfilesRepository,
    private readonly earningDays: EarningDays,
    private readonly ledger: LedgerService,
    private readonly achievements: AchievementsService,
    private readonly referrals: ReferralsService,
    private readonly activities: ActivitiesService,
  ) {}

  /** The day, then one insert per file keyed by its sha256: a photo or video proves one day, once, for anyone. */
  async claim(
    userId: string,
    day: string,
    timeZone: string,
    streakAfter: number,
    files: UploadedProof[],
  ): Promise<ProofDayRecord> {
    let claimed: ProofDayRecord;
    try {
      claimed = await this.days.claim({
        userId,
        day,
        timeZone,
        streakAfter,
        proofs: files.map((f) => ({ ...f, checks: [] })),
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw alreadyValidated();
      throw err;
    }
    try {
      for (const file of files)
        await this.media.claim(file.sha256, { userId, uploadId: file.uploadId, proofDayId: claimed.id });
    } catch (err) {
      await this.release(claimed);
      throw isDuplicateKey(err) ? mediaReused() : err;
    }
    return claimed;
  }

  /** Undoes an attempt that did not credit: its proof day and the file and activity claims it made (only its own). */
  async release(day: ProofDayRecord): Promise<void> {
    await this.media.releaseDay(day.id);
    await this.activities.releaseDay(day.id);
    await this.days.delete(day.id);
  }

  /**
   * The files passed: from here an error leaves the day `checked`, and a retry completes it
   * (completeAfterCrash). With nothing pending any more, the day is released (409).
   */
  async settle(day: ProofDayRecord, proofs: ProofFileView[]): Promise<ProofValidationResult> {
    await this.days.recordChecked(day.id, proofs);
    const drained = await this.drainPending(day);
    if (drained === null) {
      await this.release(day);
      throw nothingPending();
    }
    return this.creditDrained(day, drained);
  }

  /**
   * A day whose files passed but whose ledger moves may be missing (the process died between them):
   * both postings are keyed, so repeating them completes the day without paying twice. With nothing
   * left to drain, the day is released and the user can validate again.
   */
  async completeAfterCrash(day: ProofDayRecord): Promise<void> {
    const drained = await this.drainPending(day);
    if (drained === null) await this.release(day);
    else await this.creditDrained(day, drained);
  }

  /** Moves the whole pending balance out, once per day (keyed); answers how much, or null when nothing was pending. */
  private async drainPending(day: ProofDayRecord): Promise<number | null> {
    const userId = day.userId;
    try {
      const { entry } = await this.ledger.post({
        userId,
        account: 'pending',
        // The function sees the balance the entry follows, so the drained amount is exact even under concurrent workouts.
        amount: (balance) => {
          if (balance <= 0) throw new NothingPending();
          return -balance;
        },
        kind: 'proof',
        reason: `Daily proof ${day.day}: pending credits validated`,
        idempotencyKey: proofLedgerKeys(userId, day.day).drain,
        ref: day.id,
      });
      return -entry.amount;
    } catch (err) {
      if (err instanceof NothingPending) return null;
      throw err;
    }
  }

  /** Credits the drained amount (keyed), then the streak display, badges and the referral reward. */
  private async creditDrained(day: ProofDayRecord, drained: number): Promise<ProofValidationResult> {
    const userId = day.userId;
    const { entry } = await this.ledger.post({
      userId,
      amount: drained,
      kind: 'proof',
      reason: 'Daily proof validated',
      idempotencyKey: proofLedgerKeys(userId, day.day).credit,
      ref: day.id,
    });
    await this.days.recordCredited(day.id, drained);
    await this.showStreak(day);
    await this.achievements.awardAll(userId, streakAchievements(day.streakAfter));
    // Every validated day asks (the reward is keyed, once per friend): it is paid on the first one
    // that follows a session that counts, not on sign-up or one ticked exercise.
    await this.referrals.rewardReferrer(userId);
    return { coinsValidated: drained, newBalance: entry.balanceAfter, newStreak: day.streakAfter };
  }

  /** Display fields on the user, unless a later day is shown already. */
  private async showStreak(day: ProofDayRecord): Promise<void> {
    const user = await this.streaks.find(day.userId);
    if (!user || (user.lastProofDay && user.lastProofDay > day.day)) return;
    await this.streaks.record(day.userId, {
      currentStreak: day.streakAfter,
      longestStreak: longestStreakAfter(user.longestStreak, day.streakAfter),
      lastProofDay: day.day,
    });
    // The proof day's zone is the profile's from now on, and the zone daily earnings are counted in.
    await this.profiles.moveTimeZone(day.userId, day.timeZone);
    await this.earningDays.pinZone(day.userId, day.timeZone);
  }
}
