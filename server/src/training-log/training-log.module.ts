import { Module } from '@nestjs/common';

import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { ExerciseHistoryService } from './exercise-history.service';
import { LoggedSetsModule } from './logged-sets.module';
import { SessionLogService } from './session-log.service';
import { SetChangesService } from './set-changes.service';
import { TrainingLogController } from './training-log.controller';

/** The training log's routes: logging a session set by set, an exercise's history and records, the progress charts. */
@Module({
  imports: [LoggedSetsModule, WorkoutsModule, UsersModule],
  controllers: [TrainingLogController],
  providers: [SessionLogService, ExerciseHistoryService, SetChangesService],
})
export class TrainingLogModule {}
