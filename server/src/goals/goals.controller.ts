import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { POSTING } from '../common/route-errors';
import { Returns, ValidBody, ValidParams } from '../common/validation';
import { CreateGoalRequest, GoalList, GoalView, OptionalUserIdParam } from '../contract';
import { GoalsService } from './goals.service';

@ApiTags('credits')
@ApiBearerAuth()
@Controller('goals')
export class GoalsController {
  constructor(private readonly goals: GoalsService) {}

  @Get(['', ':userId'])
  @Returns(GoalList)
  list(
    @CurrentUser() me: SessionUser,
    @ValidParams(OptionalUserIdParam) params: { userId?: string },
  ): Promise<GoalView[]> {
    assertSelf(me, params.userId);
    return this.goals.list(me.userId);
  }

  @Post()
  @Returns(GoalView, 201, 'GOAL_INVALID', 'LEDGER_INSUFFICIENT_CREDITS', ...POSTING)
  create(@CurrentUser() me: SessionUser, @ValidBody(CreateGoalRequest) body: CreateGoalRequest): Promise<GoalView> {
    assertSelf(me, body.userId);
    return this.goals.create(me.userId, body);
  }
}
