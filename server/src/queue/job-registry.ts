import { z } from 'zod';

import type { AppConfig } from '../config/config';
import type { BmiAnalysis, ImportResult, PurchaseResult, QueueName } from '../contract';
import { ChatTurn, MuscleGroup, ProofKind } from '../contract';
import type { ActivityReadResult, ChatPlan, CoachContext, ProofChecks, WorkoutPlan } from '../contract/job-shapes';
import { ChatDefaults, PlanRequest } from '../contract/job-shapes';
import { IMPORT_MAX_BYTES, IMPORT_WEIGHT_UNITS } from '../contract/values';

/** Every job the app runs, by name. A name here without a handler stops the process at start. */
export enum JobName {
  WorkoutGenerate = 'workout.generate',
  WorkoutFromChat = 'workout.fromChat',
  CoachChat = 'coach.chat',
  BmiAnalyze = 'bmi.analyze',
  ProofCheck = 'proof.check',
  ActivityRead = 'activity.read',
  PurchaseVerify = 'purchase.verify',
  GoalsSettle = 'goals.settle',
  ProofsMaintenance = 'proofs.maintenance',
  UploadsSweep = 'uploads.sweep',
  LogImport = 'log.import',
}

/** Every job names its owner, so only they can read its state ('system' for scheduled ones). */
const Owned = z.object({ ownerId: z.string().min(1) });
export type OwnedJobData = z.infer<typeof Owned>;
const Scheduled = Owned.extend({ ownerId: z.literal('system') });

const EVERY_15_MINUTES = () => 15 * 60_000;

/**
 * Each job's queue and the shape of its data (checked when it is enqueued and again when a worker
 * takes it, since a job may wait in Redis across a deploy); scheduled jobs also say how often.
 */
export const JOBS = {
  [JobName.WorkoutGenerate]: { queue: 'ai', data: Owned.extend({ request: PlanRequest }) },
  [JobName.WorkoutFromChat]: {
    queue: 'ai',
    data: Owned.extend({
      history: z.array(ChatTurn),
      defaults: ChatDefaults,
      recentlyTrained: z.array(MuscleGroup),
      seed: z.string().max(200).optional(),
    }),
  },
  // The context is built by the server from the user's own records, not from a request body.
  [JobName.CoachChat]: {
    queue: 'ai',
    data: Owned.extend({ context: z.custom<CoachContext>((v) => typeof v === 'object' && v !== null) }),
  },
  [JobName.BmiAnalyze]: { queue: 'ai', data: Owned.extend({ uploadId: z.string().min(1) }) },
  [JobName.ProofCheck]: {
    queue: 'evidence',
    data: Owned.extend({
      challengeCode: z.string().min(1),
      files: z.array(z.object({ kind: ProofKind, uploadId: z.string().min(1) })).min(1),
    }),
  },
  [JobName.ActivityRead]: {
    queue: 'ai',
    data: Owned.extend({
      uploadId: z.string().min(1),
      day: z.string().regex(/^\d{4}-\d\d-\d\d$/),
      timeZone: z.string().min(1),
    }),
  },
  [JobName.PurchaseVerify]: {
    queue: 'chain',
    data: Owned.extend({
      signature: z.string().min(1),
      walletAddress: z.string().min(1),
      credits: z.number().int().positive(),
      sol: z.number().positive(),
      lamports: z.number().int().positive(),
    }),
  },
  [JobName.GoalsSettle]: {
    queue: 'maintenance',
    data: Scheduled,
    repeatEveryMs: (config: AppConfig) => config.goalSettleIntervalMs,
  },
  [JobName.ProofsMaintenance]: { queue: 'maintenance', data: Scheduled, repeatEveryMs: EVERY_15_MINUTES },
  [JobName.UploadsSweep]: { queue: 'maintenance', data: Scheduled, repeatEveryMs: EVERY_15_MINUTES },
  // One at a time per process: a large file is CPU and inserts, never ahead of the app's own work.
  [JobName.LogImport]: {
    queue: 'imports',
    data: Owned.extend({
      csv: z.string().min(1).max(IMPORT_MAX_BYTES),
      units: z.enum(IMPORT_WEIGHT_UNITS),
      mapping: z.record(z.string(), z.string()),
    }),
  },
} as const satisfies Record<JobName, JobDefinition>;

export interface JobDefinition {
  queue: QueueName;
  data: z.ZodType<{ ownerId: string }>;
  repeatEveryMs?: (config: AppConfig) => number;
}

/** What each job's handler answers (and what `JobsService.run` resolves to). */
export interface JobResults {
  [JobName.WorkoutGenerate]: WorkoutPlan;
  [JobName.WorkoutFromChat]: ChatPlan;
  [JobName.CoachChat]: string;
  [JobName.BmiAnalyze]: BmiAnalysis;
  [JobName.ProofCheck]: ProofChecks;
  [JobName.ActivityRead]: ActivityReadResult;
  [JobName.PurchaseVerify]: PurchaseResult;
  [JobName.GoalsSettle]: { settled: number };
  [JobName.ProofsMaintenance]: { healed: number; filesDeleted: number };
  [JobName.UploadsSweep]: number;
  [JobName.LogImport]: ImportResult;
}

export type JobData<N extends JobName> = z.infer<(typeof JOBS)[N]['data']>;
export type JobResult<N extends JobName> = JobResults[N];

export const JOB_NAMES = Object.values(JobName);

export function isJobName(name: string): name is JobName {
  return (JOB_NAMES as string[]).includes(name);
}
