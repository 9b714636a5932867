import { Module } from '@nestjs/common';

import { LoggedSetsModule } from '../training-log/logged-sets.module';
import { ImportsController } from './imports.controller';
import { ImportsService } from './imports.service';

/** Strong and Hevy CSV into the log (a job with progress), and the log out in their layouts. */
@Module({
  imports: [LoggedSetsModule],
  controllers: [ImportsController],
  providers: [ImportsService],
})
export class ImportsModule {}
