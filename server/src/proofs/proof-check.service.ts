import { buffer } from 'node:stream/consumers';

import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { ActivitiesService } from '../activities/activities.service';
import { activityFormatOfMime, ProofCheckResult } from '../contract';
import { ProofChecks } from '../contract/job-shapes';
import { accepted, ranOutOfTime } from '../evidence/evidence.rules';
import { JobData, JobName } from '../queue/job-registry';
import { JobsService } from '../queue/jobs.service';
import { OnJob } from '../queue/on-job.decorator';
import { UploadsService } from '../uploads/uploads.service';
import { ProofChecker } from './proof-checker';
import { ProofChecksRepository } from './proof-checks.repository';
import type { UploadedProof } from './proof-day-lifecycle';

/**
 * The checks of proof files, run by the proof.check job and kept per file and challenge code: a
 * slot is checked as soon as its upload finishes (POST /api/proof/check), and validate-all reuses
 * those results for unchanged files, running the job only for the others.
 */
@Injectable()
export class ProofCheckService {
  constructor(
    private readonly stored: ProofChecksRepository,
    private readonly checker: ProofChecker,
    private readonly jobs: JobsService,
    private readonly uploads: UploadsService,
    private readonly activities: ActivitiesService,
  ) {}

  /**
   * One slot's file, checked for `day`: a picture or video by the proof.check job (or its kept
   * result), an activity file by the activity.read job validate-all also runs (nothing is claimed).
   */
  async checkFile(
    userId: string,
    file: UploadedProof,
    challengeCode: string,
    day: string,
    timeZone: string,
  ): Promise<ProofCheckResult> {
    if (activityFormatOfMime(file.mime)) {
      const { verdict } = await this.activities.read(userId, file.uploadId, day, timeZone);
      return verdict;
    }
    const checks = (await this.checkPictures(userId, challengeCode, [file]))[file.kind] ?? [];
    return { accepted: accepted(checks), checks };
  }

  /** Each file's checks: kept ones for files already checked with this code, the proof.check job for the rest. */
  async checkPictures(userId: string, challengeCode: string, files: UploadedProof[]): Promise<ProofChecks> {
    const kept = await this.stored.findFor(files, challengeCode);
    const unchecked = files.filter((f) => !kept.has(f.uploadId));
    const fresh = unchecked.length
      ? await this.jobs.run(JobName.ProofCheck, {
          ownerId: userId,
          challengeCode,
          files: unchecked.map((f) => ({ kind: f.kind, uploadId: f.uploadId })),
        })
      : {};
    return {
      ...Object.fromEntries(files.filter((f) => kept.has(f.uploadId)).map((f) => [f.kind, kept.get(f.uploadId)!])),
      ...fresh,
    };
  }

  /** The proof.check job: reads the files, answers each one's checks and keeps them (the caller decides what a failure means). */
  @OnJob(JobName.ProofCheck)
  async runCheck(job: Job<JobData<JobName.ProofCheck>>): Promise<ProofChecks> {
    const files = [];
    for (const { kind, uploadId } of job.data.files) {
      const upload = await this.uploads.findFinished(uploadId);
      files.push({
        kind,
        uploadId,
        sha256: upload.sha256!,
        mime: upload.mime ?? '',
        bytes: await buffer(await this.uploads.openFile(upload)),
      });
    }
    await job.updateProgress(40);
    const checks = await this.checker.check(files, job.data.challengeCode);
    for (const file of files) {
      const found = checks[file.kind] ?? [];
      if (!ranOutOfTime(file.kind, found)) await this.stored.save(file, job.data.challengeCode, found);
    }
    await job.updateProgress(100);
    return checks;
  }
}
