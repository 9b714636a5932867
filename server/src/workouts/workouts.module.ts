import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AchievementsModule } from '../achievements/achievements.module';
import { AiModule } from '../ai/ai.module';
import { LedgerModule } from '../ledger/ledger.module';
import { ProfileModule } from '../profile/profile.module';
import { LoggedSetsModule } from '../training-log/logged-sets.module';
import { User, UserSchema } from '../users/user.schema';
import { UsersModule } from '../users/users.module';
import { ChatMessage, ChatMessageSchema } from './chat-message.schema';
import { ChatMessagesRepository } from './chat-messages.repository';
import { CoachChatService } from './coach-chat.service';
import { PaidMinutesRepository } from './paid-minutes.repository';
import { PaidMinutes, PaidMinutesSchema } from './paid-minutes.schema';
import { RecentTrainingService } from './recent-training.service';
import { TrainingStatsRepository } from './training-stats.repository';
import { Workout, WorkoutSchema } from './workout.schema';
import { WorkoutAdjustService } from './workout-adjust.service';
import { WorkoutPlansService } from './workout-plans.service';
import { WorkoutProgressService } from './workout-progress.service';
import { WorkoutSession, WorkoutSessionSchema } from './workout-session.schema';
import { WorkoutSessionsRepository } from './workout-sessions.repository';
import { WorkoutSwapService } from './workout-swap.service';
import { WorkoutsController } from './workouts.controller';
import { WorkoutsRepository } from './workouts.repository';
import { WorkoutsService } from './workouts.service';

@Module({
  imports: [
    UsersModule,
    ProfileModule,
    LedgerModule,
    AchievementsModule,
    AiModule,
    LoggedSetsModule,
    MongooseModule.forFeature([
      { name: Workout.name, schema: WorkoutSchema },
      { name: WorkoutSession.name, schema: WorkoutSessionSchema },
      { name: PaidMinutes.name, schema: PaidMinutesSchema },
      { name: ChatMessage.name, schema: ChatMessageSchema },
      { name: User.name, schema: UserSchema },
    ]),
  ],
  controllers: [WorkoutsController],
  providers: [
    WorkoutsService,
    WorkoutPlansService,
    WorkoutSwapService,
    WorkoutAdjustService,
    WorkoutProgressService,
    CoachChatService,
    RecentTrainingService,
    WorkoutsRepository,
    WorkoutSessionsRepository,
    PaidMinutesRepository,
    ChatMessagesRepository,
    TrainingStatsRepository,
  ],
  exports: [
    WorkoutsService,
    WorkoutPlansService,
    WorkoutsRepository,
    WorkoutSessionsRepository,
    ChatMessagesRepository,
  ],
})
export class WorkoutsModule {}
