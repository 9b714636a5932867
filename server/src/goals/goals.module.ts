import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BmiModule } from '../bmi/bmi.module';
import { LedgerModule } from '../ledger/ledger.module';
import { ProofsModule } from '../proofs/proofs.module';
import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { GoalProgress } from './goal-progress';
import { Goal, GoalSchema } from './goal.schema';
import { GoalsController } from './goals.controller';
import { GoalsRepository } from './goals.repository';
import { GoalsService } from './goals.service';

@Module({
  imports: [UsersModule, LedgerModule, WorkoutsModule, ProofsModule, BmiModule, MongooseModule.forFeature([{ name: Goal.name, schema: GoalSchema }])],
  controllers: [GoalsController],
  providers: [GoalsService, GoalProgress, GoalsRepository],
  exports: [GoalsRepository],
})
export class GoalsModule {}
