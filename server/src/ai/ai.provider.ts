import type { ChatTurn } from '../contract';
import type { ChatDefaults, ChatWorkoutRequest, CoachContext, PlanRequest, WorkoutPlan } from '../contract/job-shapes';

/** The AI behind workouts and the coach: OpenAI-compatible when a key is set, local otherwise. */
export interface AiProvider {
  readonly engine: string;
  generateWorkout(request: PlanRequest): Promise<WorkoutPlan>;
  /** Reads what workout a conversation asks for; what it does not say comes from `defaults` (the profile). */
  readWorkoutRequest(history: ChatTurn[], defaults: ChatDefaults): Promise<ChatWorkoutRequest | null>;
  coachReply(context: CoachContext): Promise<string>;
}

export const AI_PROVIDER = Symbol('AI_PROVIDER');

/** The provider answered something that does not fit the schema (retried, then a clear error). */
export class MalformedAiAnswer extends Error {
  constructor(detail: string) {
    super(`The AI answer did not match the expected shape: ${detail}`);
    this.name = 'MalformedAiAnswer';
  }
}

/** The provider did not answer within OPENAI_TIMEOUT_MS (retried, then a clear 504). */
export class AiTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`The AI service did not answer within ${timeoutMs} ms`);
    this.name = 'AiTimeout';
  }
}
