import { Controller, Delete, Get, Headers, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { AI_ROUTE, POSTING } from '../common/route-errors';
import { Returns, ValidBody, ValidParams } from '../common/validation';
import {
  ChatHistoryCleared,
  ChatHistoryView,
  ChatMessageView,
  CoachChatRequest,
  CoachChatResponse,
  CompleteWorkoutRequest,
  GenerateFromChatRequest,
  GenerateWorkoutRequest,
  JOB_KEY_HEADER,
  JobKey,
  OptionalUserIdParam,
  SessionList,
  SessionProgress,
  SessionProgressRequest,
  SessionView,
  StartSessionRequest,
  SwapExerciseRequest,
  TodayWorkout,
  UserIdParam,
  WorkoutCompletion,
  WorkoutIdParam,
  WorkoutView,
} from '../contract';
import { CoachChatService } from './coach-chat.service';
import { WorkoutPlansService } from './workout-plans.service';
import { WorkoutProgressService } from './workout-progress.service';
import { WorkoutSwapService } from './workout-swap.service';
import { WorkoutsService } from './workouts.service';

const JobKeyHeader = () =>
  ApiHeader({
    name: JOB_KEY_HEADER,
    required: false,
    description: 'Follow the AI job at GET /api/jobs/ai-<userId>-<key>',
  });

@ApiTags('workouts')
@ApiBearerAuth()
@Controller('workout')
export class WorkoutsController {
  constructor(
    private readonly plans: WorkoutPlansService,
    private readonly workouts: WorkoutsService,
    private readonly swaps: WorkoutSwapService,
    private readonly progress: WorkoutProgressService,
    private readonly coach: CoachChatService,
  ) {}

  @Post('generate')
  @JobKeyHeader()
  @Returns(WorkoutView, 201, ...AI_ROUTE)
  generate(
    @CurrentUser() me: SessionUser,
    @ValidBody(GenerateWorkoutRequest) body: GenerateWorkoutRequest,
    @Headers(JOB_KEY_HEADER) jobKey?: string,
  ): Promise<WorkoutView> {
    assertSelf(me, body.userId);
    return this.plans.generate(me.userId, body, JobKey.safeParse(jobKey).data);
  }

  /** Today's workout, or JSON null when there is none (or it was completed). */
  @Get(['today', 'today/:userId'])
  @Returns(TodayWorkout)
  async today(
    @CurrentUser() me: SessionUser,
    @ValidParams(OptionalUserIdParam) params: { userId?: string },
    @Res() res: Response,
  ): Promise<void> {
    assertSelf(me, params.userId);
    // Written directly: Nest would answer a null result with an empty body instead of `null`.
    res.json(await this.plans.today(me.userId));
  }

  /** Today's session starts now (START_SESSION); a repeated START keeps the first start. Its progress. */
  @Post(':workoutId/start')
  @Returns(SessionProgress, 200, 'WORKOUT_NOT_FOUND')
  start(
    @CurrentUser() me: SessionUser,
    @ValidParams(WorkoutIdParam) params: WorkoutIdParam,
    @ValidBody(StartSessionRequest) body: StartSessionRequest,
  ): Promise<SessionProgress> {
    assertSelf(me, body.userId);
    return this.progress.start(me.userId, params.workoutId);
  }

  /** One exercise of today's session ticked or unticked (idempotent; the first tick starts the session). Its progress. */
  @Put(':workoutId/progress')
  @Returns(SessionProgress, 200, 'WORKOUT_NOT_FOUND', 'WORKOUT_EXERCISE_NOT_FOUND')
  tick(
    @CurrentUser() me: SessionUser,
    @ValidParams(WorkoutIdParam) params: WorkoutIdParam,
    @ValidBody(SessionProgressRequest) body: SessionProgressRequest,
  ): Promise<SessionProgress> {
    assertSelf(me, body.userId);
    return this.progress.tick(me.userId, params.workoutId, body);
  }

  /**
   * Completes today's session once it started and half its planned minutes passed (409 WORKOUT_TOO_EARLY says from when),
   * paying the ticks stored for it; one session at a time (409 WORKOUT_NOT_OPEN for a replaced or closed workout).
   */
  @Post('complete')
  @Returns(
    WorkoutCompletion,
    200,
    'WORKOUT_NOT_FOUND',
    'WORKOUT_UNKNOWN_EXERCISE',
    'WORKOUT_ALREADY_COMPLETED',
    'WORKOUT_NOT_OPEN',
    'WORKOUT_NOT_STARTED',
    'WORKOUT_TOO_EARLY',
    'WORKOUT_TICKS_DIFFER',
    ...POSTING,
  )
  complete(
    @CurrentUser() me: SessionUser,
    @ValidBody(CompleteWorkoutRequest) body: CompleteWorkoutRequest,
  ): Promise<WorkoutCompletion> {
    assertSelf(me, body.userId);
    return this.workouts.complete(me.userId, body);
  }

  /** One exercise of today's workout replaced by an equivalent (same pattern, equipment at hand, limits kept); the updated workout. */
  @Post('swap')
  @Returns(
    WorkoutView,
    200,
    'WORKOUT_NOT_FOUND',
    'WORKOUT_EXERCISE_NOT_FOUND',
    'WORKOUT_EXERCISE_DONE',
    'WORKOUT_NO_EQUIVALENT',
  )
  swap(
    @CurrentUser() me: SessionUser,
    @ValidBody(SwapExerciseRequest) body: SwapExerciseRequest,
  ): Promise<WorkoutView> {
    assertSelf(me, body.userId);
    return this.swaps.swap(me.userId, body);
  }

  /** Completed sessions, newest first. */
  @Get(['sessions', 'sessions/:userId'])
  @Returns(SessionList)
  sessions(
    @CurrentUser() me: SessionUser,
    @ValidParams(OptionalUserIdParam) params: { userId?: string },
  ): Promise<SessionView[]> {
    assertSelf(me, params.userId);
    return this.workouts.list(me.userId);
  }

  @Post('chat')
  @JobKeyHeader()
  @Returns(CoachChatResponse, 200, ...AI_ROUTE)
  chat(
    @CurrentUser() me: SessionUser,
    @ValidBody(CoachChatRequest) body: CoachChatRequest,
    @Headers(JOB_KEY_HEADER) jobKey?: string,
  ): Promise<CoachChatResponse> {
    assertSelf(me, body.userId);
    return this.coach.chat(me.userId, body, JobKey.safeParse(jobKey).data);
  }

  /** The stored conversation (the latest 100 turns), oldest first. */
  @Get('chat/history/:userId')
  @Returns(ChatHistoryView)
  chatHistory(
    @CurrentUser() me: SessionUser,
    @ValidParams(UserIdParam) params: { userId: string },
  ): Promise<ChatMessageView[]> {
    assertSelf(me, params.userId);
    return this.coach.history(me.userId);
  }

  /** CLEAR_CHAT: forgets the whole conversation. */
  @Delete('chat/history/:userId')
  @Returns(ChatHistoryCleared)
  clearChatHistory(
    @CurrentUser() me: SessionUser,
    @ValidParams(UserIdParam) params: { userId: string },
  ): Promise<ChatHistoryCleared> {
    assertSelf(me, params.userId);
    return this.coach.clear(me.userId);
  }

  @Post('generate-from-chat')
  @JobKeyHeader()
  @Returns(WorkoutView, 201, 'AI_NO_CHAT_WORKOUT', ...AI_ROUTE)
  generateFromChat(
    @CurrentUser() me: SessionUser,
    @ValidBody(GenerateFromChatRequest) body: GenerateFromChatRequest,
    @Headers(JOB_KEY_HEADER) jobKey?: string,
  ): Promise<WorkoutView> {
    assertSelf(me, body.userId);
    return this.plans.generateFromChat(me.userId, body, JobKey.safeParse(jobKey).data);
  }
}
