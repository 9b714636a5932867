import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';

import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { WorkersService } from './workers.service';

@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [JobsController],
  providers: [JobsService, WorkersService],
  exports: [JobsService, WorkersService],
})
export class QueueModule {}
