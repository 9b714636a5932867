import { HttpStatus, Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { ChatTurn, Difficulty, MuscleGroup } from '../contract';
import { JobsService } from '../queue/jobs.service';
import { JobRefusal } from '../queue/job-errors';
import { WorkersService } from '../queue/workers.service';
import { AI_PROVIDER, AiProvider, AiTimeout, ChatWorkoutRequest, CoachContext, MalformedAiAnswer, PlanRequest, WorkoutPlan } from './ai.provider';

interface GenerateJob {
  ownerId: string;
  request: PlanRequest;
}
interface FromChatJob {
  ownerId: string;
  history: ChatTurn[];
  fitnessLevel: Difficulty;
  /** Trained hard in the last 48 h; joined with the muscles the chat reports sore. */
  recentlyTrained: MuscleGroup[];
}
interface CoachJob {
  ownerId: string;
  context: CoachContext;
}
export interface ChatPlan {
  request: ChatWorkoutRequest;
  plan: WorkoutPlan;
}

export const NO_CHAT_WORKOUT = { status: 422, message: 'Could not generate workout. Please provide more details.', title: 'Generation Failed' };

/**
 * The `ai` queue's jobs and their typed callers. A provider failure is retried by BullMQ with
 * exponential backoff; on the last attempt it becomes a refusal with a message a person can act on.
 */
@Injectable()
export class AiJobs implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly workers: WorkersService,
    @Inject(AI_PROVIDER) private readonly provider: AiProvider,
  ) {}

  onModuleInit(): void {
    this.workers.register<GenerateJob, WorkoutPlan>('ai', 'workout.generate', (job) =>
      this.step(job, () => this.provider.generateWorkout(job.data.request)),
    );
    this.workers.register<FromChatJob, ChatPlan>('ai', 'workout.fromChat', async (job) => {
      const { history, fitnessLevel, recentlyTrained } = job.data;
      const request = await this.step(job, () => this.provider.readWorkoutRequest(history, fitnessLevel), 40);
      if (!request) throw new JobRefusal(NO_CHAT_WORKOUT.status, NO_CHAT_WORKOUT.message, NO_CHAT_WORKOUT.title);
      const avoidMuscles = [...new Set([...recentlyTrained, ...request.soreMuscles])];
      const plan = await this.step(job, () => this.provider.generateWorkout({ ...request, avoidMuscles }));
      return { request, plan };
    });
    this.workers.register<CoachJob, string>('ai', 'coach.chat', (job) => this.step(job, () => this.provider.coachReply(job.data.context)));
  }

  generateWorkout(ownerId: string, request: PlanRequest, clientKey?: string): Promise<WorkoutPlan> {
    return this.jobs.run<WorkoutPlan, GenerateJob>('ai', 'workout.generate', { ownerId, request }, { clientKey });
  }

  workoutFromChat(data: FromChatJob, clientKey?: string): Promise<ChatPlan> {
    return this.jobs.run<ChatPlan, FromChatJob>('ai', 'workout.fromChat', data, { clientKey });
  }

  coachReply(ownerId: string, context: CoachContext, clientKey?: string): Promise<string> {
    return this.jobs.run<string, CoachJob>('ai', 'coach.chat', { ownerId, context }, { clientKey });
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
    return new JobRefusal(HttpStatus.GATEWAY_TIMEOUT, 'The AI service did not answer in time. Please try again.', 'AI Timeout');
  }
  if (err instanceof MalformedAiAnswer) {
    return new JobRefusal(HttpStatus.BAD_GATEWAY, 'The AI service answered in an unexpected format. Please try again.', 'AI Error');
  }
  return new JobRefusal(HttpStatus.SERVICE_UNAVAILABLE, 'The AI service is unavailable right now. Please try again shortly.', 'AI Unavailable');
}
