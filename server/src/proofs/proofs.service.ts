import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Job } from 'bullmq';
import { Model, Types } from 'mongoose';
import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { AchievementsService } from '../achievements/achievements.service';
import { streakAchievements } from '../achievements/achievements.rules';
import { badRequest, conflict, forbidden, notFound } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import {
  PROOF_KINDS,
  PROOF_PURPOSES,
  ProofChallenge,
  ProofDayView,
  ProofUploadUrlRequest,
  ProofValidateRequest,
  ProofValidationResult,
  UploadUrlResponse,
} from '../contract';
import { ReferralsService } from '../credits/referrals.service';
import { LedgerService } from '../ledger/ledger.service';
import { JobsService } from '../queue/jobs.service';
import { JobData, JobName } from '../queue/job-registry';
import { OnJob } from '../queue/on-job.decorator';
import { UploadsService } from '../uploads/uploads.service';
import { User } from '../users/user.schema';
import { dayIn } from '../users/users.rules';
import { isDuplicateKey } from '../database/duplicate-key';
import { ProofChecker, ProofChecks } from './proof-checker';
import { ProofDay, ProofDayDocument, ProofFile, ProofMedia } from './proof-day.schema';
import {
  PROOF_MEDIA_RETENTION_DAYS,
  challengeCode,
  describeMissing,
  longestStreakAfter,
  missingKinds,
  nextStreak,
  proofDay,
  proofLedgerKeys,
  resolveTimeZone,
} from './proofs.rules';

const DAY_MS = 24 * 3600_000;
/** How long history answers go back. */
const HISTORY_LIMIT = 90;

const alreadyValidated = () => conflict('Proofs already validated today', 'Already Validated');
const nothingPending = () => conflict('You have no pending credits to validate. Complete a workout first.', 'No Pending Credits');
const mediaReused = () => conflict('This photo or video was already used as a proof', 'Proof Already Used');

/** A proof file before its checks ran. */
type UploadedProof = Omit<ProofFile, 'checks'>;

/** Thrown by the drain's amount function when the pending account is empty: nothing is posted. */
class NothingPending extends Error {}

/**
 * The daily proof: three files checked together, once per user per day, moving the pending
 * credits into the balance and advancing the streak. Exactly-once rests on inserts against unique
 * indexes (the proof day, each file's sha256) and on keyed ledger postings; see validateAll.
 */
@Injectable()
export class ProofsService {
  private readonly challengeSecret: string;

  constructor(
    @InjectModel(ProofDay.name) private readonly days: Model<ProofDay>,
    @InjectModel(ProofMedia.name) private readonly media: Model<ProofMedia>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadsService,
    private readonly ledger: LedgerService,
    private readonly achievements: AchievementsService,
    private readonly referrals: ReferralsService,
    private readonly checker: ProofChecker,
    private readonly jobs: JobsService,
  ) {
    this.challengeSecret = createHmac('sha256', config.jwtSecret).update('sweat-credits proof challenge v1').digest('hex');
  }

  async createUpload(userId: string, request: ProofUploadUrlRequest): Promise<UploadUrlResponse> {
    const { uploadURL } = await this.uploads.createUpload(userId, PROOF_PURPOSES[request.kind], request.size);
    return { uploadURL };
  }

  async challenge(userId: string, timeZoneName?: string, now = new Date()): Promise<ProofChallenge> {
    const day = proofDay(now, requireTimeZone(timeZoneName));
    const validatedToday = (await this.days.exists({ userId: new Types.ObjectId(userId), day, status: 'credited' })) !== null;
    return { day, code: challengeCode(this.challengeSecret, userId, day), validatedToday };
  }

  /**
   * Validates today's three proofs. Order matters: every cheap refusal first; then the proof day is
   * claimed by inserting it (the lock: one winner per user and day), each file by inserting its
   * sha256 (used once, ever), the files are checked by the proof.check job, and the pending credits
   * are drained. Any refusal up to there deletes exactly what this attempt inserted, so nothing
   * changes. Then the balance is credited; both ledger postings are keyed, so a retry can complete them.
   */
  async validateAll(userId: string, request: ProofValidateRequest, now = new Date()): Promise<ProofValidationResult> {
    const timeZone = requireTimeZone(request.timeZone);
    const missing = missingKinds(request.proofs);
    if (missing.length) throw badRequest(describeMissing(missing), 'Missing Proofs');
    const today = proofDay(now, timeZone);
    const files = await this.requireTodaysFiles(userId, request.proofs, timeZone, today);

    const existing = await this.days.findOne({ userId: new Types.ObjectId(userId), day: today });
    if (existing && this.isAbandoned(existing, now)) await this.release(existing);
    else if (existing) {
      if (existing.status === 'checked') await this.completeAfterCrash(existing);
      throw alreadyValidated();
    }
    if ((await this.ledger.balance(userId, 'pending')) <= 0) throw nothingPending();
    const shas = files.map((f) => f.sha256);
    if (new Set(shas).size < shas.length || (await this.media.exists({ _id: { $in: shas } }))) throw mediaReused();

    const last = await this.days
      .findOne({ userId: new Types.ObjectId(userId), status: { $ne: 'checking' } }, { day: 1, streakAfter: 1 })
      .sort({ day: -1 })
      .lean();
    const step = nextStreak(last, today);
    if (!step.ok) throw alreadyValidated();

    const day = await this.claimDay(userId, today, timeZone, step.streak, files);
    try {
      await this.claimFiles(day);
      const checks = await this.jobs.run(JobName.ProofCheck, {
        ownerId: userId,
        challengeCode: challengeCode(this.challengeSecret, userId, today),
        files: files.map((f) => ({ kind: f.kind, uploadId: f.uploadId.toString() })),
      });
      day.proofs = files.map((f) => ({ ...f, checks: checks[f.kind] }));
    } catch (err) {
      await this.release(day);
      throw err;
    }
    // From here an error leaves the day `checked`, and a retry completes it (completeAfterCrash).
    day.status = 'checked';
    await this.days.updateOne({ _id: day._id }, { $set: { proofs: day.proofs, status: day.status } });
    const drained = await this.drainPending(day);
    if (drained === null) {
      await this.release(day);
      throw nothingPending();
    }
    return this.credit(day, drained);
  }

  /** The caller's validated days, newest first, with each file's kind, size and check results. */
  async history(userId: string): Promise<ProofDayView[]> {
    const days = await this.days.find({ userId: new Types.ObjectId(userId), status: 'credited' }).sort({ day: -1 }).limit(HISTORY_LIMIT).lean();
    const deletedUploads = await this.uploads.removedAmong(days.flatMap((day) => day.proofs.map((p) => p.uploadId)));
    return days.map((day) => ({
      day: day.day,
      coinsValidated: day.coinsValidated,
      streakAfter: day.streakAfter,
      validatedAt: day.createdAt.toISOString(),
      proofs: day.proofs.map((p) => ({
        kind: p.kind,
        uploadId: p.uploadId.toString(),
        mime: p.mime,
        size: p.size,
        checks: p.checks,
        fileAvailable: !deletedUploads.has(p.uploadId.toString()),
      })),
    }));
  }

  /** A proof file, for its owner only. */
  async openMedia(userId: string, uploadId: string): Promise<{ stream: Readable; mime: string; size: number }> {
    const upload = await this.uploads.findFinished(uploadId);
    if (!upload.purpose.startsWith('proof:')) throw notFound('Proof file not found');
    if (upload.owner.toString() !== userId) throw forbidden('Only the owner can see a proof file');
    if (upload.fileRemovedAt) throw notFound(`Proof files are deleted after ${PROOF_MEDIA_RETENTION_DAYS} days`);
    return { stream: await this.uploads.openFile(upload), mime: upload.mime ?? 'application/octet-stream', size: upload.size ?? 0 };
  }

  /** For the "10K Steps" earn rule: was an activity-watch proof validated on this day (the user's day)? */
  async watchProofValidatedOn(userId: string, day: string): Promise<boolean> {
    return (await this.days.exists({ userId: new Types.ObjectId(userId), day, status: 'credited', 'proofs.kind': 'apple_watch' })) !== null;
  }

  /**
   * The maintenance job's first half: days whose request died mid-way, whatever day they were for
   * (a same-day retry heals its own day earlier). Still `checking` → released (files usable again);
   * `checked` → completed, so drained pending credits always reach the balance. Returns how many.
   */
  /** The scheduled clean-up: days whose request died, and proof files past their retention. */
  @OnJob(JobName.ProofsMaintenance)
  async maintain(): Promise<{ healed: number; filesDeleted: number }> {
    return { healed: await this.healStuckDays(), filesDeleted: await this.sweepOldMedia() };
  }

  async healStuckDays(now = new Date()): Promise<number> {
    const stuck = await this.days.find({ status: { $in: ['checking', 'checked'] }, createdAt: { $lt: new Date(now.getTime() - this.stuckAfterMs()) } });
    for (const day of stuck) {
      if (day.status === 'checking') await this.release(day);
      else await this.completeAfterCrash(day);
    }
    return stuck.length;
  }

  /**
   * The maintenance job's second half: deletes proof files past retention, used in a proof or not;
   * the upload records, proof days and check results stay (the upload marks its file removed).
   */
  async sweepOldMedia(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - PROOF_MEDIA_RETENTION_DAYS * DAY_MS);
    const old = await this.uploads.storedBefore(Object.values(PROOF_PURPOSES), cutoff);
    for (const id of old) await this.uploads.removeFile(id);
    return old.length;
  }

  /** Each URL must be a finished upload of the caller for that kind (403/404 otherwise), uploaded today. */
  private async requireTodaysFiles(
    userId: string,
    proofs: ProofValidateRequest['proofs'],
    timeZone: string,
    today: string,
  ): Promise<UploadedProof[]> {
    const files: UploadedProof[] = [];
    for (const kind of PROOF_KINDS) {
      const upload = await this.uploads.requireFinished(userId, proofs[kind]!, PROOF_PURPOSES[kind]);
      if (dayIn(upload.createdAt, timeZone) !== today) throw badRequest('Proofs must be uploaded today. Upload new files.', 'Proof Too Old');
      files.push({ kind, uploadId: upload._id, mime: upload.mime!, size: upload.size!, sha256: upload.sha256! });
    }
    return files;
  }

  private async claimDay(userId: string, day: string, timeZone: string, streakAfter: number, files: UploadedProof[]) {
    try {
      return await this.days.create({
        userId: new Types.ObjectId(userId),
        day,
        timeZone,
        streakAfter,
        status: 'checking',
        proofs: files.map((f) => ({ ...f, checks: [] })),
      });
    } catch (err) {
      if (isDuplicateKey(err)) throw alreadyValidated();
      throw err;
    }
  }

  /** One insert per file, keyed by its sha256: a photo or video proves one day, once, for anyone. */
  private async claimFiles(day: ProofDayDocument): Promise<void> {
    for (const file of day.proofs) {
      try {
        await this.media.create({ _id: file.sha256, userId: day.userId, uploadId: file.uploadId, proofDayId: day._id });
      } catch (err) {
        if (isDuplicateKey(err)) throw mediaReused();
        throw err;
      }
    }
  }

  /** Undoes an attempt that did not credit: its proof day and the file claims it made (only its own). */
  private async release(day: ProofDayDocument): Promise<void> {
    await this.media.deleteMany({ proofDayId: day._id });
    await this.days.deleteOne({ _id: day._id });
  }

  /** A day stuck in `checking` well past the job timeout: its request died mid-check, nothing was credited. */
  private isAbandoned(day: ProofDayDocument, now: Date): boolean {
    return day.status === 'checking' && now.getTime() - day.createdAt.getTime() > this.stuckAfterMs();
  }

  /** Past twice the proof.check job's timeout, no live request can still be working on a day. */
  private stuckAfterMs(): number {
    return 2 * this.config.aiJobTimeoutMs;
  }

  /** Moves the whole pending balance out, once per day (keyed); answers how much, or null when nothing was pending. */
  private async drainPending(day: ProofDayDocument): Promise<number | null> {
    const userId = day.userId.toString();
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
        ref: day.id as string,
      });
      return -entry.amount;
    } catch (err) {
      if (err instanceof NothingPending) return null;
      throw err;
    }
  }

  /** Credits the drained amount (keyed), then the streak display, badges and the referral reward. */
  private async credit(day: ProofDayDocument, drained: number): Promise<ProofValidationResult> {
    const userId = day.userId.toString();
    const { entry } = await this.ledger.post({
      userId,
      amount: drained,
      kind: 'proof',
      reason: 'Daily proof validated',
      idempotencyKey: proofLedgerKeys(userId, day.day).credit,
      ref: day.id as string,
    });
    await this.days.updateOne({ _id: day._id }, { $set: { status: 'credited', coinsValidated: drained } });
    await this.showStreak(day);
    await this.achievements.awardAll(userId, streakAchievements(day.streakAfter));
    if (!(await this.days.exists({ userId: day.userId, day: { $lt: day.day } }))) await this.referrals.rewardReferrer(userId);
    return { coinsValidated: drained, newBalance: entry.balanceAfter, newStreak: day.streakAfter };
  }

  /** Display fields on the user; plain $set is fine: they derive from proof_days and can be recomputed. */
  private async showStreak(day: ProofDayDocument): Promise<void> {
    const user = await this.users.findById(day.userId, { longestStreak: 1, lastProofDay: 1 }).lean();
    if (!user || (user.lastProofDay && user.lastProofDay > day.day)) return;
    await this.users.updateOne(
      { _id: day.userId },
      {
        $set: {
          currentStreak: day.streakAfter,
          longestStreak: longestStreakAfter(user.longestStreak, day.streakAfter),
          lastProofDay: day.day,
          timeZone: day.timeZone,
        },
      },
    );
  }

  /**
   * A day whose files passed but whose ledger moves may be missing (the process died between them):
   * both postings are keyed, so repeating them completes the day without paying twice. With nothing
   * left to drain, the day is released and the user can validate again.
   */
  private async completeAfterCrash(day: ProofDayDocument): Promise<void> {
    const drained = await this.drainPending(day);
    if (drained === null) await this.release(day);
    else await this.credit(day, drained);
  }

  /** The proof.check job: reads the three files and checks them (422 with the reason when one fails). */
  @OnJob(JobName.ProofCheck)
  async runCheck(job: Job<JobData<JobName.ProofCheck>>): Promise<ProofChecks> {
    const files = [];
    for (const { kind, uploadId } of job.data.files) {
      const upload = await this.uploads.findFinished(uploadId);
      files.push({ kind, mime: upload.mime ?? '', bytes: await buffer(await this.uploads.openFile(upload)) });
    }
    await job.updateProgress(40);
    const checks = await this.checker.check(files, job.data.challengeCode);
    await job.updateProgress(100);
    return checks;
  }
}

function requireTimeZone(name: string | undefined): string {
  const timeZone = resolveTimeZone(name);
  if (!timeZone) throw badRequest(`Unknown time zone "${name}": send an IANA name such as Europe/Berlin`, 'Invalid Time Zone');
  return timeZone;
}
