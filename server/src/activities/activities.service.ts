import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import {
  ACTIVITY_FILE_PURPOSE,
  ACTIVITY_READ_LIMITS,
  activityFormatOfMime,
  ActivityReadRequest,
  ActivityVerdict,
  ActivityView,
  EvidenceCheck,
} from '../contract';
import type { ActivityReadResult } from '../contract/job-shapes';
import { SeriesShape } from '../contract/job-shapes';
import { isDuplicateKey } from '../database/duplicate-key';
import { Id } from '../database/object-id';
import { proofDay, requireTimeZone } from '../proofs/proofs.rules';
import { JobData, JobName } from '../queue/job-registry';
import { JobsService } from '../queue/jobs.service';
import { OnJob } from '../queue/on-job.decorator';
import { UploadsService } from '../uploads/uploads.service';
import { ActivitiesRepository, ActivityRecord } from './activities.repository';
import { activityKeys, isAccepted, judgeActivity, summarize } from './activity.rules';
import { ActivityClaimsRepository } from './activity-claims.repository';
import { evidenceStrength } from './evidence-strength.rules';
import { readActivity } from './readers/read-activity';
import { ReadDeadline, unreadable } from './readers/read-limits';
import { isSameRecording, lookupKeys, shapeKeys, shapeOf } from './series-shape.rules';

/** Thrown inside a claim when the recording matches an earlier one's shape. */
const REUSED = new Error('activity shape already claimed');

/** How many activities the list answers, newest first. */
const LIST_LIMIT = 100;

export const activityAlreadyUsed = () =>
  new AppError('ACTIVITY_ALREADY_USED', 'This activity was already used as a proof', 'Activity Already Used');

/**
 * Activities imported from files: read and judged by the activity.read job (in the worker, within
 * a time limit), claimed once ever under each key they are known by, stored with the proof day
 * they validated, listed for their owner, and counted for the "10K Steps" earning action.
 */
@Injectable()
export class ActivitiesService {
  constructor(
    private readonly activities: ActivitiesRepository,
    private readonly claims: ActivityClaimsRepository,
    private readonly uploads: UploadsService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** POST /api/activities/read: what one of the caller's activity files shows, judged for today; nothing is stored. */
  async check(userId: string, request: ActivityReadRequest, now = new Date()): Promise<ActivityVerdict> {
    const timeZone = requireTimeZone(request.timeZone);
    const upload = await this.uploads.requireFinished(userId, request.fileUrl, ACTIVITY_FILE_PURPOSE);
    const { verdict } = await this.read(userId, upload.id, proofDay(now, timeZone), timeZone);
    return verdict;
  }

  /** Runs the activity.read job on an upload for a proof day; an unreadable file is a 422. */
  read(userId: string, uploadId: string, day: string, timeZone: string): Promise<ActivityReadResult> {
    // The caller waits as long as the reader may take, plus the queue's own time.
    const timeoutMs = Math.max(this.config.aiJobTimeoutMs, ACTIVITY_READ_LIMITS.timeMs + 5000);
    return this.jobs.run(JobName.ActivityRead, { ownerId: userId, uploadId, day, timeZone }, { timeoutMs });
  }

  /**
   * The activity slot of a proof day holds an activity file: it must pass every rule (422 with the
   * first reason otherwise), then each of its keys is claimed for the day (409 when any was claimed
   * before, by anyone) and the activity is stored. Answers the checks to keep with the day's proof.
   */
  async proveDay(
    userId: string,
    proofDayId: Id,
    uploadId: string,
    day: string,
    timeZone: string,
  ): Promise<EvidenceCheck[]> {
    const { verdict, keys, shape, supporting } = await this.read(userId, uploadId, day, timeZone);
    const refused = verdict.checks.find((c) => !c.passed);
    if (refused) throw new AppError('PROOF_REJECTED', refused.reason, 'Proof Rejected');
    try {
      for (const key of keys) await this.claims.claim(key, { userId, proofDayId });
      if (shape) await this.claimShape(shape, { userId, proofDayId });
    } catch (err) {
      await this.claims.releaseDay(proofDayId);
      throw isDuplicateKey(err) || err === REUSED ? activityAlreadyUsed() : err;
    }
    // Supporting evidence is claimed (it cannot be sent again) but is no activity: no steps, not listed.
    if (supporting) return verdict.checks;
    const { startedAt, ...activity } = verdict.activity;
    await this.activities.insert({ ...activity, startedAt: new Date(startedAt), userId, proofDayId, uploadId, day });
    return verdict.checks;
  }

  /**
   * The same recording dressed otherwise (shifted, rescaled, resampled, trimmed, renamed) is one
   * activity: stored first, then compared with the claims sharing its keys, so two copies sent at
   * once each see the other and both are refused (never both credited).
   */
  private async claimShape(shape: SeriesShape, owner: { userId: string; proofDayId: Id }): Promise<void> {
    await this.claims.claimShape(shape, shapeKeys(shape), owner);
    const others = await this.claims.shapesSharing(lookupKeys(shape), owner.proofDayId);
    if (others.some((other) => isSameRecording(shape, other.shape))) throw REUSED;
  }

  /** Undoes proveDay for a proof day that was not credited: its claims and its activity. */
  async releaseDay(proofDayId: Id): Promise<void> {
    await this.claims.releaseDay(proofDayId);
    await this.activities.deleteByProofDay(proofDayId);
  }

  /** The caller's imported activities, newest first. */
  async list(userId: string): Promise<ActivityView[]> {
    return (await this.activities.listByUser(userId, LIST_LIMIT)).map(toView);
  }

  /** For the "10K Steps" earning action: the steps read from the day's imported files. */
  stepsOn(userId: string, day: string): Promise<number> {
    return this.activities.stepsOn(userId, day);
  }

  /** The activity.read job: reads the file within its time limit and judges it for the proof day. */
  @OnJob(JobName.ActivityRead)
  async runRead(job: Job<JobData<JobName.ActivityRead>>): Promise<ActivityReadResult> {
    const { uploadId, day, timeZone } = job.data;
    const upload = await this.uploads.findFinished(uploadId);
    const format = activityFormatOfMime(upload.mime ?? '');
    if (!format) throw unreadable('This upload is not an activity file');
    const deadline = new ReadDeadline();
    try {
      const source = {
        size: upload.size ?? 0,
        open: (range?: { start: number; end: number }) => this.uploads.openFile(upload, range),
      };
      const reading = await readActivity(format, source, day, timeZone, deadline);
      const shape = shapeOf(reading.series);
      const strength = evidenceStrength(reading, shape);
      const checks = [...judgeActivity(reading, { day, timeZone, now: new Date() }), strength.check];
      const verdict = { accepted: isAccepted(checks), checks, activity: summarize(reading) };
      return { verdict, keys: activityKeys(reading), shape, supporting: strength.supporting };
    } finally {
      deadline.dispose();
    }
  }
}

function toView(record: ActivityRecord): ActivityView {
  return {
    id: record.id,
    day: record.day,
    format: record.format,
    kind: record.kind,
    startedAt: record.startedAt.toISOString(),
    durationSeconds: record.durationSeconds,
    distanceMeters: record.distanceMeters,
    heartRateAvg: record.heartRateAvg,
    heartRateMax: record.heartRateMax,
    calories: record.calories,
    steps: record.steps,
    device: record.device,
  };
}
