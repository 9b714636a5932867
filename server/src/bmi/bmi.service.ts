import { buffer } from 'node:stream/consumers';

import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import { AchievementsService } from '../achievements/achievements.service';
import { AppError } from '../common/errors';
import {
  BmiAnalysis,
  BmiAnalyzeRequest,
  BmiCalculateRequest,
  BmiConfirmedFigures,
  BmiRecordView,
  BmiResult,
  FALLBACK_TIME_ZONE,
  UploadUrlResponse,
} from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { ProfilesRepository } from '../profile/profiles.repository';
import { JobData, JobName } from '../queue/job-registry';
import { JobsService } from '../queue/jobs.service';
import { OnJob } from '../queue/on-job.decorator';
import { UploadsService } from '../uploads/uploads.service';
import { UsersRepository } from '../users/users.repository';
import { dayIn, instantsOfDayAnywhere } from '../users/users.rules';
import { bmiCategory, bmiOf, isRepeatMeasurement, readMeasurements, reportAgrees } from './bmi.rules';
import { BmiCachesRepository } from './bmi-caches.repository';
import { BmiRecordRow, BmiRecordsRepository } from './bmi-records.repository';
import { BmiReportAnalyzer } from './bmi-report.analyzer';

@Injectable()
export class BmiService {
  constructor(
    private readonly records: BmiRecordsRepository,
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesRepository,
    private readonly caches: BmiCachesRepository,
    private readonly uploads: UploadsService,
    private readonly analyzer: BmiReportAnalyzer,
    private readonly achievements: AchievementsService,
    private readonly jobs: JobsService,
  ) {}

  /** The calculator: docs/product.md checks, a record, and the user's height, weight and latest BMI (display caches). */
  async calculate(userId: string, input: BmiCalculateRequest): Promise<BmiResult> {
    const measured = readMeasurements(input.height, input.weight);
    if (!measured.ok) throw new AppError('BMI_INVALID_MEASUREMENT', measured.message, measured.title);
    const bmi = bmiOf(measured.heightCm, measured.weightKg);
    const category = bmiCategory(bmi);
    // One record a day per member for the same figures: pressing again adds nothing to the history.
    const [latest, timeZone] = await Promise.all([
      this.records.latestCalculatorRecord(userId),
      this.users.findTimeZone(userId),
    ]);
    const zone = timeZone ?? FALLBACK_TIME_ZONE;
    const today = dayIn(new Date(), zone);
    const previous = latest && { height: latest.height, weight: latest.weight, day: dayIn(latest.createdAt, zone) };
    if (!isRepeatMeasurement(previous, { ...measured, day: today })) {
      await this.records.create({
        userId,
        bmi,
        category,
        height: measured.heightCm,
        weight: measured.weightKg,
        source: 'calculator',
      });
    }
    await this.profiles.recordFigures(userId, { height: measured.heightCm, weight: measured.weightKg });
    await this.caches.recordLatest(userId, bmi);
    return { bmi, category };
  }

  /**
   * The member confirms a report whose BMI disagreed with its figures: its height and weight (those
   * it states) become the profile's. Only the caller's own analysed reports; 404 otherwise.
   */
  async confirmReport(userId: string, recordId: string): Promise<BmiConfirmedFigures> {
    const report = await this.records.findReport(userId, recordId);
    if (!report) throw new AppError('BMI_REPORT_NOT_FOUND', 'No analysed report of yours has this id');
    const figures = {
      ...(report.height !== null && { height: report.height }),
      ...(report.weight !== null && { weight: report.weight }),
    };
    await this.profiles.recordFigures(userId, figures);
    const user = await this.users.findById(userId);
    return { height: user?.height ?? null, weight: user?.weight ?? null };
  }

  /** The user's records, newest first. */
  async list(userId: string): Promise<BmiRecordView[]> {
    return (await this.records.listByUser(userId)).map(toView);
  }

  /** Did the user record a BMI on this day (YYYY-MM-DD) of their time zone? For the "Log Weight" earn rule. */
  async hasRecordOn(userId: string, day: string, timeZone = FALLBACK_TIME_ZONE): Promise<boolean> {
    const { from, to } = instantsOfDayAnywhere(day);
    const records = await this.records.createdBetween(userId, from, to);
    return records.some((r) => dayIn(r.createdAt, timeZone) === day);
  }

  async createReportUpload(userId: string, size?: number): Promise<UploadUrlResponse> {
    return this.uploads.createUpload(userId, 'bmi_report', size);
  }

  /** Runs the analysis job on one of the caller's finished report uploads and waits for it. */
  async analyze(userId: string, request: BmiAnalyzeRequest, clientKey?: string): Promise<BmiAnalysis> {
    const upload = await this.uploads.requireFinished(userId, request.fileUrl, 'bmi_report');
    return this.jobs.run(JobName.BmiAnalyze, { ownerId: userId, uploadId: upload.id }, { clientKey });
  }

  /** The `bmi.analyze` job: read the file, analyse it, store the record (once per upload). */
  @OnJob(JobName.BmiAnalyze)
  async runAnalysis(job: Job<JobData<JobName.BmiAnalyze>>): Promise<BmiAnalysis> {
    const { ownerId, uploadId } = job.data;
    const upload = await this.uploads.findFinished(uploadId);
    // At most the purpose's 10 MB, buffered for the PDF reader.
    const bytes = await buffer(await this.uploads.openFile(upload));
    await job.updateProgress(30);
    const analysis = await this.analyzer.analyze({ bytes, mime: upload.mime ?? '' });
    await job.updateProgress(80);
    await this.storeReport(ownerId, uploadId, analysis);
    await job.updateProgress(100);
    return analysis;
  }

  private async storeReport(userId: string, uploadId: string, analysis: BmiAnalysis): Promise<void> {
    const now = new Date();
    try {
      await this.records.create({
        _id: uploadId,
        userId,
        bmi: analysis.bmiValue,
        category: bmiCategory(analysis.bmiValue),
        source: 'report',
        bodyFatPercentage: analysis.bodyFatPercentage ?? null,
        muscleMass: analysis.muscleMass ?? null,
        height: analysis.height ?? null,
        weight: analysis.weight ?? null,
      });
    } catch (err) {
      if (isDuplicateKey(err)) return; // this report was stored already
      throw err;
    }
    // Display caches: the latest BMI, and the month for the profile rank (distinct months with a report);
    // the profile's height and weight where the report states them (the analysis keeps only those in
    // range) and only when its BMI agrees with them (docs/product.md, Body data).
    const { height, weight } = analysis;
    const profile = await this.users.findById(userId);
    const checkHeight = height ?? profile?.height ?? null;
    const checkWeight = weight ?? profile?.weight ?? null;
    const agrees =
      checkHeight !== null && checkWeight !== null && reportAgrees(analysis.bmiValue, checkHeight, checkWeight);
    await this.profiles.recordFigures(userId, {
      ...(agrees && height !== undefined && { height }),
      ...(agrees && weight !== undefined && { weight }),
    });
    await this.caches.recordReport(userId, analysis.bmiValue, dayIn(now).slice(0, 7));
    await this.achievements.award(userId, 'FIRST_BMI_REPORT');
  }
}

function toView(record: BmiRecordRow): BmiRecordView {
  return {
    id: record.id,
    bmi: record.bmi,
    category: record.category,
    height: record.height,
    weight: record.weight,
    createdAt: record.createdAt.toISOString(),
    source: record.source,
  };
}
