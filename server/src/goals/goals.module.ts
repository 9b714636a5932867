import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { BmiModule } from '../bmi/bmi.module';
import { CreditsModule } from '../credits/credits.module';
import { LedgerModule } from '../ledger/ledger.module';
import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { Goal, GoalSchema } from './goal.schema';
import { GoalProgress } from './goal-progress';
import { GoalSettlement } from './goal-settlement';
import { GoalSlot, GoalSlotSchema } from './goal-slot.schema';
import { GoalSlotsRepository } from './goal-slots.repository';
import { GoalsController } from './goals.controller';
import { GoalsRepository } from './goals.repository';
import { GoalsService } from './goals.service';

@Module({
  imports: [
    UsersModule,
    LedgerModule,
    // A workouts goal counts days of the member's earning zone.
    CreditsModule,
    WorkoutsModule,
    BmiModule,
    MongooseModule.forFeature([
      { name: Goal.name, schema: GoalSchema },
      { name: GoalSlot.name, schema: GoalSlotSchema },
    ]),
  ],
  controllers: [GoalsController],
  providers: [GoalsService, GoalSettlement, GoalProgress, GoalsRepository, GoalSlotsRepository],
  exports: [GoalsRepository],
})
export class GoalsModule {}
