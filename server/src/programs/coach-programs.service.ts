import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import type { ActiveProgramView, BuildCoachProgramRequest } from '../contract';
import { CHAT_HISTORY_KEPT } from '../contract';
import { HealthAnswersRepository } from '../profile/health-answers.repository';
import { profileOf, UsersService } from '../users/users.service';
import { ChatMessagesRepository } from '../workouts/chat-messages.repository';
import { screen } from '../workouts/screening/screening.rules';
import { buildCoachProgram, coachProgramRequest } from './coach-program.rules';
import { ProgramsService } from './programs.service';

/** A program the coach builds from the member's profile, health answers and chat, followed from today. */
@Injectable()
export class CoachProgramsService {
  constructor(
    private readonly programs: ProgramsService,
    private readonly users: UsersService,
    private readonly health: HealthAnswersRepository,
    private readonly chat: ChatMessagesRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Builds the member's program (days and weeks as chosen, else as they said in the chat, else the
   * level's) and follows it from today, replacing any program; 409 WORKOUT_NEEDS_CLEARANCE when
   * their health answers call for a doctor first.
   */
  async build(userId: string, body: BuildCoachProgramRequest): Promise<ActiveProgramView> {
    const [user, answers, turns] = await Promise.all([
      this.users.findById(userId),
      this.health.find(userId, this.clock.now()),
      this.chat.listRecent(userId, CHAT_HISTORY_KEPT),
    ]);
    const screening = screen(answers);
    if (screening.kind === 'refer')
      throw new AppError('WORKOUT_NEEDS_CLEARANCE', screening.message, 'See a Doctor First');
    const profile = profileOf(user);
    const said = turns
      .filter((turn) => turn.role === 'user')
      .map((turn) => turn.content)
      .reverse();
    const request = coachProgramRequest(
      { daysPerWeek: body.daysPerWeek, weeks: body.weeks },
      said,
      { goal: profile.goal, level: user.fitnessLevel, equipment: profile.equipment, limitations: profile.limitations },
      screening.kind === 'adapt' ? screening.limits : undefined,
    );
    return this.programs.start(userId, buildCoachProgram(request));
  }
}
