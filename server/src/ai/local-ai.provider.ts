import type { ChatTurn } from '../contract';
import { ChatDefaults, ChatWorkoutRequest, CoachContext, PlanRequest, WorkoutPlan } from '../contract/job-shapes';
import { buildSession } from '../workouts/programming/session.rules';
import { AiProvider } from './ai.provider';
import { readChatRequest } from './local/chat.rules';
import { coachReply } from './local/coach.rules';

/** The deterministic coach used when no OpenAI key is configured. */
export class LocalAiProvider implements AiProvider {
  readonly engine = 'SWEAT_LOCAL_COACH_V1';

  async generateWorkout(request: PlanRequest): Promise<WorkoutPlan> {
    const { name, exercises, notes } = buildSession(request);
    return { name, exercises, notes };
  }

  async readWorkoutRequest(history: ChatTurn[], defaults: ChatDefaults): Promise<ChatWorkoutRequest | null> {
    return readChatRequest(history, defaults);
  }

  async coachReply(context: CoachContext): Promise<string> {
    return coachReply(context);
  }
}
