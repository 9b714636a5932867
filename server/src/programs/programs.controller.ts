import { Controller, Get, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { Returns, ValidBody, ValidParams } from '../common/validation';
import {
  ActiveProgram,
  ActiveProgramView,
  BuildCoachProgramRequest,
  ProgramActionParam,
  ProgramActionRequest,
  ProgramDetail,
  ProgramIdParam,
  ProgramList,
  ProgramSessionRequest,
  ProgramSummary,
  StartProgramRequest,
  WorkoutView,
} from '../contract';
import { CoachProgramsService } from './coach-programs.service';
import { ProgramSessionsService } from './program-sessions.service';
import { ProgramsService } from './programs.service';

@ApiTags('programs')
@ApiBearerAuth()
@Controller('programs')
export class ProgramsController {
  constructor(
    private readonly programs: ProgramsService,
    private readonly sessions: ProgramSessionsService,
    private readonly coach: CoachProgramsService,
  ) {}

  @Get()
  @Returns(ProgramList)
  list(): ProgramSummary[] {
    return this.programs.list();
  }

  /** The member's program and where they stand in it, or JSON null when they follow none. */
  @Get('active')
  @Returns(ActiveProgram)
  async active(@CurrentUser() me: SessionUser, @Res() res: Response): Promise<void> {
    // Written directly: Nest would answer a null result with an empty body instead of `null`.
    res.json(await this.programs.active(me.userId));
  }

  /** The next session of the member's program becomes today's workout (the same one while it is open). */
  @Post('active/session')
  @Returns(
    WorkoutView,
    201,
    'PROGRAM_NOT_ACTIVE',
    'PROGRAM_FINISHED',
    'PROGRAM_TRAINED_TODAY',
    'WORKOUT_NEEDS_CLEARANCE',
  )
  session(
    @CurrentUser() me: SessionUser,
    @ValidBody(ProgramSessionRequest) body: ProgramSessionRequest,
  ): Promise<WorkoutView> {
    assertSelf(me, body.userId);
    return this.sessions.issue(me.userId);
  }

  /** The coach builds a program from the profile, the health answers and the chat; followed from today, replacing any. */
  @Post('coach')
  @Returns(ActiveProgramView, 201, 'WORKOUT_NEEDS_CLEARANCE')
  buildWithCoach(
    @CurrentUser() me: SessionUser,
    @ValidBody(BuildCoachProgramRequest) body: BuildCoachProgramRequest,
  ): Promise<ActiveProgramView> {
    assertSelf(me, body.userId);
    return this.coach.build(me.userId, body);
  }

  @Post('active/:action')
  @Returns(ActiveProgramView, 200, 'PROGRAM_NOT_ACTIVE', 'PROGRAM_NOT_PAUSED')
  act(
    @CurrentUser() me: SessionUser,
    @ValidParams(ProgramActionParam) params: ProgramActionParam,
    @ValidBody(ProgramActionRequest) body: ProgramActionRequest,
  ): Promise<ActiveProgramView> {
    assertSelf(me, body.userId);
    return this.programs.act(me.userId, params.action);
  }

  @Get(':programId')
  @Returns(ProgramDetail, 200, 'PROGRAM_NOT_FOUND')
  detail(@CurrentUser() me: SessionUser, @ValidParams(ProgramIdParam) params: ProgramIdParam): Promise<ProgramDetail> {
    return this.programs.detail(me.userId, params.programId);
  }

  /** Follow the program from today; one already followed is replaced. */
  @Post(':programId/start')
  @Returns(ActiveProgramView, 201, 'PROGRAM_NOT_FOUND')
  start(
    @CurrentUser() me: SessionUser,
    @ValidParams(ProgramIdParam) params: ProgramIdParam,
    @ValidBody(StartProgramRequest) body: StartProgramRequest,
  ): Promise<ActiveProgramView> {
    assertSelf(me, body.userId);
    return this.programs.start(me.userId, params.programId);
  }
}
