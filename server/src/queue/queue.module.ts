import { Global, Module } from '@nestjs/common';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { WorkersService } from './workers.service';

@Global()
@Module({ controllers: [JobsController], providers: [JobsService, WorkersService], exports: [JobsService, WorkersService] })
export class QueueModule {}
