import { Inject, Module, OnModuleInit } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { APP_CONFIG, AppConfig } from '../config/config';
import { LedgerModule } from '../ledger/ledger.module';
import { WorkersService } from '../queue/workers.service';
import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { GoalProgress } from './goal-progress';
import { Goal, GoalSchema } from './goal.schema';
import { GoalsController } from './goals.controller';
import { GoalsRepository } from './goals.repository';
import { GoalsService } from './goals.service';

const SETTLE_JOB = 'goals.settle';

@Module({
  imports: [UsersModule, LedgerModule, WorkoutsModule, MongooseModule.forFeature([{ name: Goal.name, schema: GoalSchema }])],
  controllers: [GoalsController],
  providers: [GoalsService, GoalProgress, GoalsRepository],
  exports: [GoalsRepository],
})
export class GoalsModule implements OnModuleInit {
  constructor(
    private readonly goals: GoalsService,
    private readonly workers: WorkersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Settlement also runs on every read of a user's goals; the schedule catches goals nobody looks at. */
  onModuleInit(): void {
    this.workers.registerRepeating('maintenance', SETTLE_JOB, this.config.goalSettleIntervalMs, async () => ({ settled: await this.goals.settleAll() }));
  }
}
