import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import { CurrentUser, SessionUser } from '../common/auth.guard';
import { Returns, ValidParams } from '../common/validation';
import { JobStateView } from '../contract';
import { JobsService } from './jobs.service';

const JobIdParam = z.strictObject({
  id: z.string().regex(/^[a-z]+-[a-f0-9]{24}-[A-Za-z0-9-]{8,64}$/, 'id is malformed'),
});

@ApiTags('jobs')
@ApiBearerAuth()
@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  /** State and progress of one of your jobs, for progress displays. */
  @Get(':id')
  @Returns(JobStateView, 200, 'JOB_NOT_FOUND', 'JOB_QUEUE_UNAVAILABLE')
  state(@CurrentUser() me: SessionUser, @ValidParams(JobIdParam) params: z.infer<typeof JobIdParam>) {
    return this.jobs.state(params.id, me.userId);
  }
}
