import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { JOB_ROUTE, UPLOAD_USE } from '../common/route-errors';
import { Returns, ValidBody, ValidParams } from '../common/validation';
import { ActivityList, ActivityReadRequest, ActivityVerdict, ActivityView, OptionalUserIdParam } from '../contract';
import { ActivitiesService } from './activities.service';

@ApiTags('activities')
@ApiBearerAuth()
@Controller('activities')
export class ActivitiesController {
  constructor(private readonly activities: ActivitiesService) {}

  /**
   * What an uploaded activity file (FIT, TCX, GPX, Apple Health export.zip) shows and whether
   * today's proof would accept it, each rule with its reason; nothing is stored or claimed.
   */
  @Post('read')
  @Returns(ActivityVerdict, 200, 'ACTIVITY_UNREADABLE', 'PROOF_INVALID_TIME_ZONE', ...UPLOAD_USE, ...JOB_ROUTE)
  read(
    @CurrentUser() me: SessionUser,
    @ValidBody(ActivityReadRequest) body: ActivityReadRequest,
  ): Promise<ActivityVerdict> {
    return this.activities.check(me.userId, body);
  }

  /** The caller's imported activities (those that validated a proof day), newest first. */
  @Get(['', ':userId'])
  @Returns(ActivityList)
  list(
    @CurrentUser() me: SessionUser,
    @ValidParams(OptionalUserIdParam) params: { userId?: string },
  ): Promise<ActivityView[]> {
    assertSelf(me, params.userId);
    return this.activities.list(me.userId);
  }
}
