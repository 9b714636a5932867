import { Injectable } from '@nestjs/common';

import { AiJobs } from '../ai/ai.jobs';
import { Clock } from '../clock/clock';
import {
  CHAT_HISTORY_KEPT,
  CHAT_MESSAGES_SHOWN,
  ChatHistoryCleared,
  ChatMessageView,
  ChatTurn,
  CoachChatRequest,
  CoachChatResponse,
} from '../contract';
import { HealthAnswersRepository } from '../profile/health-answers.repository';
import { UsersService } from '../users/users.service';
import { ChatMessagesRepository } from './chat-messages.repository';
import { coachProfile } from './coach-profile.rules';
import { RecentTrainingService } from './recent-training.service';
import { readAdjustment } from './session-adjust.rules';
import { WorkoutAdjustService } from './workout-adjust.service';
import { planSeed } from './workout-plans.service';

/** The coach conversation: a reply from the user's profile and training, and the conversation kept per user. */
@Injectable()
export class CoachChatService {
  constructor(
    private readonly messages: ChatMessagesRepository,
    private readonly users: UsersService,
    private readonly training: RecentTrainingService,
    private readonly ai: AiJobs,
    private readonly health: HealthAnswersRepository,
    private readonly clock: Clock,
    private readonly adjuster: WorkoutAdjustService,
  ) {}

  /**
   * The coach's reply; the message and the reply are stored (the latest CHAT_MESSAGES_SHOWN are kept). The coach reads the history the client
   * sent (the product’s shape) or, when it sent none, the stored conversation.
   */
  async chat(userId: string, body: CoachChatRequest, jobKey?: string): Promise<CoachChatResponse> {
    const [user, recent, history, health] = await Promise.all([
      this.users.findById(userId),
      this.training.recentTraining(userId),
      body.chatHistory.length ? body.chatHistory.slice(-CHAT_HISTORY_KEPT) : this.storedTurns(userId),
      this.health.find(userId, this.clock.now()),
    ]);
    const askedAt = new Date();
    // "Make today easier / harder / shorter" changes today's session first, so the reply says what it became.
    const adjustment = readAdjustment(body.message);
    const adjusted = adjustment ? await this.adjuster.adjust(userId, adjustment) : undefined;
    const context = {
      message: body.message,
      history,
      profile: coachProfile(user, body.userProfile, health),
      recent,
      seed: planSeed(userId, this.clock.now()),
      adjusted,
    };
    const response = await this.ai.coachReply(userId, context, jobKey);
    await this.messages.appendExchange(userId, body.message, response, askedAt);
    await this.messages.keepLatest(userId, CHAT_MESSAGES_SHOWN);
    return { response, workoutGenerated: adjusted?.kind === 'adjusted' };
  }

  /** The latest turns, oldest first. */
  async history(userId: string): Promise<ChatMessageView[]> {
    const records = await this.messages.listRecent(userId, CHAT_MESSAGES_SHOWN);
    return records.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      timestamp: m.createdAt.toISOString(),
    }));
  }

  async clear(userId: string): Promise<ChatHistoryCleared> {
    return { deleted: await this.messages.deleteAll(userId) };
  }

  private async storedTurns(userId: string): Promise<ChatTurn[]> {
    const records = await this.messages.listRecent(userId, CHAT_HISTORY_KEPT);
    return records.map(({ role, content }) => ({ role, content }));
  }
}
