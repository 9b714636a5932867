import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { LoggedSet, LoggedSetSchema } from './logged-set.schema';
import { LoggedSetsRepository } from './logged-sets.repository';

/** The training log's store, on its own so that completion (workouts) and the log's routes both read it. */
@Module({
  imports: [MongooseModule.forFeature([{ name: LoggedSet.name, schema: LoggedSetSchema }])],
  providers: [LoggedSetsRepository],
  exports: [LoggedSetsRepository],
})
export class LoggedSetsModule {}
