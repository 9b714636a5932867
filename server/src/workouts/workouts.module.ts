import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AchievementsModule } from '../achievements/achievements.module';
import { AiModule } from '../ai/ai.module';
import { LedgerModule } from '../ledger/ledger.module';
import { UsersModule } from '../users/users.module';
import { PaidMinutes, PaidMinutesSchema } from './paid-minutes.schema';
import { PaidMinutesRepository } from './paid-minutes.repository';
import { Workout, WorkoutSchema } from './workout.schema';
import { WorkoutSession, WorkoutSessionSchema } from './workout-session.schema';
import { WorkoutSessionsRepository } from './workout-sessions.repository';
import { WorkoutPlansService } from './workout-plans.service';
import { WorkoutProgressService } from './workout-progress.service';
import { WorkoutSwapService } from './workout-swap.service';
import { WorkoutsController } from './workouts.controller';
import { WorkoutsRepository } from './workouts.repository';
import { WorkoutsService } from './workouts.service';

@Module({
  imports: [
    UsersModule,
    LedgerModule,
    AchievementsModule,
    AiModule,
    MongooseModule.forFeature([
      { name: Workout.name, schema: WorkoutSchema },
      { name: WorkoutSession.name, schema: WorkoutSessionSchema },
      { name: PaidMinutes.name, schema: PaidMinutesSchema },
    ]),
  ],
  controllers: [WorkoutsController],
  providers: [WorkoutsService, WorkoutPlansService, WorkoutSwapService, WorkoutProgressService, WorkoutsRepository, WorkoutSessionsRepository, PaidMinutesRepository],
  exports: [WorkoutsService, WorkoutsRepository, WorkoutSessionsRepository],
})
export class WorkoutsModule {}
