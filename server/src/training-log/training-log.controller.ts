import { Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { Returns, ValidBody, ValidParams, ValidQuery } from '../common/validation';
import {
  CatalogueIdParam,
  ExerciseHistoryView,
  HistoryQuery,
  LoggedSetParams,
  LogSetRequest,
  LogSetResult,
  OkResponse,
  ProgressChartsView,
  SessionLogView,
  SetChangesRequest,
  SetChangesResult,
  WorkoutIdParam,
} from '../contract';
import { ExerciseHistoryService } from './exercise-history.service';
import { SessionLogService } from './session-log.service';
import { SetChangesService } from './set-changes.service';

/** The training log (docs/product.md, Training log): a session's sets, an exercise's history and records, the progress charts. */
@ApiTags('training log')
@ApiBearerAuth()
@Controller()
export class TrainingLogController {
  constructor(
    private readonly sessionLog: SessionLogService,
    private readonly history: ExerciseHistoryService,
    private readonly setChanges: SetChangesService,
  ) {}

  /** The workout's logged sets and, per exercise, the sets of the last time it was done. */
  @Get('workout/:workoutId/sets')
  @Returns(SessionLogView, 200, 'WORKOUT_NOT_FOUND')
  sets(@CurrentUser() me: SessionUser, @ValidParams(WorkoutIdParam) params: WorkoutIdParam): Promise<SessionLogView> {
    return this.sessionLog.view(me.userId, params.workoutId);
  }

  /** Logs one set of today's session under its key, or edits it (a re-send counts once); the records it set. */
  @Put('workout/:workoutId/sets/:setKey')
  @Returns(
    LogSetResult,
    200,
    'WORKOUT_NOT_FOUND',
    'WORKOUT_EXERCISE_NOT_FOUND',
    'LOG_SET_WRONG_KIND',
    'LOG_SET_IMPLAUSIBLE',
    'LOG_SET_REMOVED',
    'LOG_SET_KEY_TAKEN',
    'LOG_SESSION_COMPLETED',
    'LOG_SESSION_FULL',
  )
  log(
    @CurrentUser() me: SessionUser,
    @ValidParams(LoggedSetParams) params: LoggedSetParams,
    @ValidBody(LogSetRequest) body: LogSetRequest,
  ): Promise<LogSetResult> {
    assertSelf(me, body.userId);
    return this.sessionLog.log(me.userId, params.workoutId, params.setKey, body);
  }

  /** Set changes kept on the device, applied in order; each answered as its own PUT or DELETE would be. */
  @Post('workout/:workoutId/sets/batch')
  @Returns(SetChangesResult, 200, 'WORKOUT_NOT_FOUND', 'LOG_SESSION_COMPLETED')
  batch(
    @CurrentUser() me: SessionUser,
    @ValidParams(WorkoutIdParam) params: WorkoutIdParam,
    @ValidBody(SetChangesRequest) body: SetChangesRequest,
  ): Promise<SetChangesResult> {
    assertSelf(me, body.userId);
    return this.setChanges.apply(me.userId, params.workoutId, body);
  }

  /** Removes one set of today's session (again, or never logged: a no-op). */
  @Delete('workout/:workoutId/sets/:setKey')
  @Returns(OkResponse, 200, 'WORKOUT_NOT_FOUND', 'LOG_SESSION_COMPLETED')
  remove(@CurrentUser() me: SessionUser, @ValidParams(LoggedSetParams) params: LoggedSetParams): Promise<OkResponse> {
    return this.sessionLog.remove(me.userId, params.workoutId, params.setKey);
  }

  /** One exercise's sets, newest first (`before` pages back), and its records. */
  @Get('log/exercises/:catalogueId')
  @Returns(ExerciseHistoryView, 200, 'LOG_EXERCISE_UNKNOWN')
  exercise(
    @CurrentUser() me: SessionUser,
    @ValidParams(CatalogueIdParam) params: { catalogueId: string },
    @ValidQuery(HistoryQuery) query: HistoryQuery,
  ): Promise<ExerciseHistoryView> {
    return this.history.history(me.userId, params.catalogueId, query);
  }

  /** The progress page's charts: best e1RM per week of the most-trained exercises, volume per muscle group per week. */
  @Get('log/progress')
  @Returns(ProgressChartsView)
  progress(@CurrentUser() me: SessionUser): Promise<ProgressChartsView> {
    return this.history.progress(me.userId);
  }
}
