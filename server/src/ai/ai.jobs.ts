import { Inject, Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';

import type { ChatPlan, CoachContext, PlanRequest, WorkoutPlan } from '../contract/job-shapes';
import { JobRefusal } from '../queue/job-errors';
import { JobData, JobName, JobResult } from '../queue/job-registry';
import { JobsService } from '../queue/jobs.service';
import { OnJob } from '../queue/on-job.decorator';
import { screenedDifficulty } from '../workouts/screening/screening.rules';
import { AI_PROVIDER, AiProvider, AiTimeout, MalformedAiAnswer } from './ai.provider';

type AiJob<N extends JobName> = Job<JobData<N>, JobResult<N>>;

export const NO_CHAT_WORKOUT = {
  code: 'AI_NO_CHAT_WORKOUT',
  message: 'Could not generate workout. Please provide more details.',
  title: 'Generation Failed',
} as const;

/**
 * The `ai` queue's jobs and their typed callers. A provider failure is retried by BullMQ with
 * exponential backoff; on the last attempt it becomes a refusal with a message a person can act on.
 */
@Injectable()
export class AiJobs {
  constructor(
    private readonly jobs: JobsService,
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
  ) {}

  generateWorkout(ownerId: string, request: PlanRequest, clientKey?: string): Promise<WorkoutPlan> {
    return this.jobs.run(JobName.WorkoutGenerate, { ownerId, request }, { clientKey });
  }

  /** `recentlyTrained`: trained hard in the last 48 h; joined with the muscles the chat reports sore. */
  workoutFromChat(data: JobData<JobName.WorkoutFromChat>, clientKey?: string): Promise<ChatPlan> {
    return this.jobs.run(JobName.WorkoutFromChat, data, { clientKey });
  }

  coachReply(ownerId: string, context: CoachContext, clientKey?: string): Promise<string> {
    return this.jobs.run(JobName.CoachChat, { ownerId, context }, { clientKey });
  }

  @OnJob(JobName.WorkoutGenerate)
  async planWorkout(job: AiJob<JobName.WorkoutGenerate>): Promise<WorkoutPlan> {
    return this.step(job, () => this.provider.generateWorkout(job.data.request));
  }

  @OnJob(JobName.WorkoutFromChat)
  async planFromChat(job: AiJob<JobName.WorkoutFromChat>): Promise<ChatPlan> {
    const { history, defaults, recentlyTrained, seed } = job.data;
    const request = await this.step(job, () => this.provider.readWorkoutRequest(history, defaults), 40);
    if (!request) throw new JobRefusal(NO_CHAT_WORKOUT.code, NO_CHAT_WORKOUT.message, NO_CHAT_WORKOUT.title);
    const { soreMuscles, ...asked } = request;
    // Every constraint the chat stated reaches the plan; the muscles to rest join the recovering ones.
    const planRequest: PlanRequest = {
      ...asked,
      avoidMuscles: [...new Set([...recentlyTrained, ...soreMuscles])],
      goal: defaults.goal,
      seed,
      // The health screening holds whatever the chat asked for (docs/product.md, Health screening).
      ...(defaults.screening
        ? { difficulty: screenedDifficulty(asked.difficulty, defaults.screening), screening: defaults.screening }
        : {}),
    };
    const plan = await this.step(job, () => this.provider.generateWorkout(planRequest));
    return { request: { ...request, difficulty: planRequest.difficulty }, plan };
  }

  @OnJob(JobName.CoachChat)
  async reply(job: AiJob<JobName.CoachChat>): Promise<string> {
    return this.step(job, () => this.provider.coachReply(job.data.context));
  }

  /** Runs one provider call, then reports progress; maps the last attempt's failure to a clear refusal. */
  private async step<T>(job: Job, call: () => Promise<T>, progressAfter = 100): Promise<T> {
    if (job.progress === 0) await job.updateProgress(10);
    try {
      const result = await call();
      await job.updateProgress(progressAfter);
      return result;
    } catch (err) {
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (err instanceof JobRefusal || !lastAttempt) throw err;
      throw providerFailure(err);
    }
  }
}

function providerFailure(err: unknown): JobRefusal {
  if (err instanceof AiTimeout) {
    return new JobRefusal('AI_TIMEOUT', 'The AI service did not answer in time. Please try again.', 'AI Timeout');
  }
  if (err instanceof MalformedAiAnswer) {
    return new JobRefusal(
      'AI_MALFORMED_ANSWER',
      'The AI service answered in an unexpected format. Please try again.',
      'AI Error',
    );
  }
  return new JobRefusal(
    'AI_UNAVAILABLE',
    'The AI service is unavailable right now. Please try again shortly.',
    'AI Unavailable',
  );
}
