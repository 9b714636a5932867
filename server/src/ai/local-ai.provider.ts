import type { ChatTurn, Difficulty } from '../contract';
import { AiProvider, ChatWorkoutRequest, CoachContext, PlanRequest, WorkoutPlan } from './ai.provider';
import { readChatRequest } from './local/chat.rules';
import { coachReply } from './local/coach.rules';
import { buildSession } from '../workouts/programming/session.rules';

/** The deterministic coach used when no OpenAI key is configured. */
export class LocalAiProvider implements AiProvider {
  readonly engine = 'SWEAT_LOCAL_COACH_V1';

  async generateWorkout(request: PlanRequest): Promise<WorkoutPlan> {
    const { name, exercises, notes } = buildSession(request);
    return { name, exercises, notes };
  }

  async readWorkoutRequest(history: ChatTurn[], fitnessLevel: Difficulty): Promise<ChatWorkoutRequest | null> {
    return readChatRequest(history, fitnessLevel);
  }

  async coachReply(context: CoachContext): Promise<string> {
    return coachReply(context);
  }
}
