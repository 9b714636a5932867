import { createHmac } from 'node:crypto';
import type { Readable } from 'node:stream';

import { Inject, Injectable } from '@nestjs/common';

import { ActivitiesService } from '../activities/activities.service';
import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import {
  ACTIVITY_FILE_PURPOSE,
  ACTIVITY_FORMATS,
  activityFormatOfMime,
  checkActivityFile,
  EvidenceCheck,
  PROOF_KINDS,
  PROOF_PURPOSES,
  PROOF_SLOT_PURPOSES,
  ProofChallenge,
  ProofCheckRequest,
  ProofCheckResult,
  ProofDayView,
  ProofKind,
  ProofUploadUrlRequest,
  ProofValidateRequest,
  ProofValidationResult,
  UploadUrlResponse,
} from '../contract';
import { ProofChecks } from '../contract/job-shapes';
import { LedgerReadsService } from '../ledger/ledger-reads.service';
import { UploadsService } from '../uploads/uploads.service';
import { dayIn } from '../users/users.rules';
import { ProofCheckService } from './proof-check.service';
import { alreadyValidated, mediaReused, nothingPending, ProofDayLifecycle, UploadedProof } from './proof-day-lifecycle';
import { ProofDayRecord, ProofDaysRepository } from './proof-days.repository';
import { ProofMediaRepository } from './proof-media.repository';
import {
  challengeCode,
  describeMissing,
  describeRefusal,
  missingKinds,
  nextStreak,
  PROOF_MEDIA_RETENTION_DAYS,
  proofDay,
  requireTimeZone,
  stuckAfterMs,
} from './proofs.rules';

/** How long history answers go back. */
const HISTORY_LIMIT = 90;

/**
 * The daily proof: three files checked together, once per user per day, moving the pending
 * credits into the balance and advancing the streak. Exactly-once rests on inserts against unique
 * indexes (the proof day, each file's sha256) and on keyed ledger postings; see validateAll and
 * ProofDayLifecycle.
 */
@Injectable()
export class ProofsService {
  private readonly challengeSecret: string;

  constructor(
    private readonly days: ProofDaysRepository,
    private readonly media: ProofMediaRepository,
    private readonly lifecycle: ProofDayLifecycle,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadsService,
    private readonly ledgerReads: LedgerReadsService,
    private readonly proofChecks: ProofCheckService,
    private readonly activities: ActivitiesService,
  ) {
    this.challengeSecret = createHmac('sha256', config.jwtSecret)
      .update('sweat-credits proof challenge v1')
      .digest('hex');
  }

  /**
   * A signed URL for one proof file. In the activity slot a file named as an activity export
   * (.fit, .tcx, .gpx, .zip) is an activity file: its declared type must agree with its name, and
   * its upload takes only that format's type (checked on arrival by its first bytes) and size.
   */
  async createUpload(userId: string, request: ProofUploadUrlRequest): Promise<UploadUrlResponse> {
    const activityFile =
      request.kind === 'apple_watch' && request.fileName
        ? checkActivityFile(request.fileName, request.contentType ?? '')
        : null;
    if (activityFile && !activityFile.ok)
      throw new AppError('UPLOAD_UNSUPPORTED_TYPE', activityFile.message, 'Unsupported File Type');
    if (activityFile) {
      const { mime, maxBytes } = ACTIVITY_FORMATS[activityFile.format];
      return this.uploads.createUpload(userId, ACTIVITY_FILE_PURPOSE, request.size, { maxBytes, allowedTypes: [mime] });
    }
    return this.uploads.createUpload(userId, PROOF_PURPOSES[request.kind], request.size);
  }

  async challenge(userId: string, timeZoneName?: string, now = new Date()): Promise<ProofChallenge> {
    const day = proofDay(now, requireTimeZone(timeZoneName));
    const validatedToday = await this.days.isCredited(userId, day);
    return { day, code: challengeCode(this.challengeSecret, userId, day), validatedToday };
  }

  /**
   * One slot's file checked as soon as it is uploaded, by the checks validate-all runs (which then
   * reuses the result while the file and today's code are unchanged); a file already used as a proof
   * is refused first (409), as validation would. Nothing is claimed or credited.
   */
  async checkFile(userId: string, request: ProofCheckRequest, now = new Date()): Promise<ProofCheckResult> {
    const timeZone = requireTimeZone(request.timeZone);
    const today = proofDay(now, timeZone);
    const file = await this.requireTodaysFile(userId, request.kind, request.fileUrl, timeZone, today);
    // Said now, not after the slot shows its checks passed: validation would refuse it anyway (after
    // releasing an attempt of the user's that died holding these very files, as validation does).
    await this.liveDay(userId, today, now);
    if (await this.media.anyUsed([file.sha256])) throw mediaReused();
    return this.proofChecks.checkFile(
      userId,
      file,
      challengeCode(this.challengeSecret, userId, today),
      today,
      timeZone,
    );
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
    if (missing.length) throw new AppError('PROOF_MISSING', describeMissing(missing), 'Missing Proofs');
    const today = proofDay(now, timeZone);
    const files = await this.requireTodaysFiles(userId, request.proofs, timeZone, today);

    const existing = await this.liveDay(userId, today, now);
    if (existing) {
      if (existing.status === 'checked') await this.lifecycle.completeAfterCrash(existing);
      throw alreadyValidated();
    }
    if ((await this.ledgerReads.balance(userId, 'pending')) <= 0) throw nothingPending();
    const shas = files.map((f) => f.sha256);
    if (new Set(shas).size < shas.length || (await this.media.anyUsed(shas))) throw mediaReused();

    const step = nextStreak(await this.days.findLastChecked(userId), today);
    if (!step.ok) throw alreadyValidated();

    const day = await this.lifecycle.claim(userId, today, timeZone, step.streak, files);
    const activityFile = files.find((f) => activityFormatOfMime(f.mime));
    const pictures = files.filter((f) => f !== activityFile);
    // Both run to their end before anything is released, so no claim can land after the release.
    const [checked, activity] = await Promise.allSettled([
      this.proofChecks.checkPictures(userId, challengeCode(this.challengeSecret, userId, today), pictures),
      activityFile ? this.activities.proveDay(userId, day.id, activityFile.uploadId, today, timeZone) : null,
    ]);
    if (checked.status === 'rejected' || activity.status === 'rejected') {
      await this.lifecycle.release(day);
      throw checked.status === 'rejected' ? checked.reason : (activity as PromiseRejectedResult).reason;
    }
    const checks: ProofChecks = activity.value ? { ...checked.value, apple_watch: activity.value } : checked.value;
    const refusal = describeRefusal(checks);
    if (refusal) {
      await this.lifecycle.release(day);
      throw new AppError('PROOF_REJECTED', refusal, 'Proof Rejected');
    }
    return this.lifecycle.settle(
      day,
      files.map((f) => ({ ...f, checks: checks[f.kind] ?? [] })),
    );
  }

  /** The caller's validated days, newest first, with each file's kind, size and check results. */
  async history(userId: string): Promise<ProofDayView[]> {
    const days = await this.days.listCredited(userId, HISTORY_LIMIT);
    const deletedUploads = await this.uploads.removedAmong(days.flatMap((day) => day.proofs.map((p) => p.uploadId)));
    return days.map((day) => ({
      day: day.day,
      coinsValidated: day.coinsValidated,
      streakAfter: day.streakAfter,
      validatedAt: day.createdAt.toISOString(),
      proofs: day.proofs.map((p) => ({
        kind: p.kind,
        uploadId: p.uploadId,
        mime: p.mime,
        size: p.size,
        checks: p.checks.map(checkView),
        fileAvailable: !deletedUploads.has(p.uploadId),
      })),
    }));
  }

  /** A proof file, for its owner only. */
  async openMedia(userId: string, uploadId: string): Promise<{ stream: Readable; mime: string; size: number }> {
    const upload = await this.uploads.findFinished(uploadId);
    if (!upload.purpose.startsWith('proof:')) throw new AppError('PROOF_FILE_NOT_FOUND', 'Proof file not found');
    if (upload.owner.toString() !== userId)
      throw new AppError('PROOF_FILE_FORBIDDEN', 'Only the owner can see a proof file');
    if (upload.fileRemovedAt)
      throw new AppError('PROOF_FILE_DELETED', `Proof files are deleted after ${PROOF_MEDIA_RETENTION_DAYS} days`);
    return {
      stream: await this.uploads.openFile(upload),
      mime: upload.mime ?? 'application/octet-stream',
      size: upload.size ?? 0,
    };
  }

  /** Each URL must be a finished upload of the caller for that slot (403/404 otherwise), uploaded today. */
  private async requireTodaysFiles(
    userId: string,
    proofs: ProofValidateRequest['proofs'],
    timeZone: string,
    today: string,
  ): Promise<UploadedProof[]> {
    const files: UploadedProof[] = [];
    for (const kind of PROOF_KINDS)
      files.push(await this.requireTodaysFile(userId, kind, proofs[kind]!, timeZone, today));
    return files;
  }

  private async requireTodaysFile(
    userId: string,
    kind: ProofKind,
    fileUrl: string,
    timeZone: string,
    today: string,
  ): Promise<UploadedProof> {
    const upload = await this.uploads.requireFinished(userId, fileUrl, PROOF_SLOT_PURPOSES[kind]);
    if (dayIn(upload.createdAt, timeZone) !== today)
      throw new AppError('PROOF_TOO_OLD', 'Proofs must be uploaded today. Upload new files.', 'Proof Too Old');
    return { kind, uploadId: upload.id, mime: upload.mime!, size: upload.size!, sha256: upload.sha256! };
  }

  /** Today's proof day of the user; one a request that died left in checking is released (its claims undone) and counts as none. */
  private async liveDay(userId: string, today: string, now: Date): Promise<ProofDayRecord | null> {
    const existing = await this.days.findByUserDay(userId, today);
    if (!existing || !this.isAbandoned(existing, now)) return existing;
    await this.lifecycle.release(existing);
    return null;
  }

  /** A day stuck in `checking` well past the job timeout: its request died mid-check, nothing was credited. */
  private isAbandoned(day: ProofDayRecord, now: Date): boolean {
    return (
      day.status === 'checking' && now.getTime() - day.createdAt.getTime() > stuckAfterMs(this.config.aiJobTimeoutMs)
    );
  }
}

/** Days validated before stored `{engine, detail}`; they read as the file or vision check they were. */
function checkView(
  stored: EvidenceCheck | { engine: 'structural' | 'vision'; passed: boolean; detail: string },
): EvidenceCheck {
  if ('name' in stored) return stored;
  return { name: stored.engine === 'vision' ? 'vision' : 'file', passed: stored.passed, reason: stored.detail };
}
