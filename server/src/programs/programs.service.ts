import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import type { ActiveProgramView, ProgramActionParam, ProgramDetail, ProgramSummary } from '../contract';
import { COACH_PROGRAM_ID, FALLBACK_TIME_ZONE } from '../contract';
import { UsersRepository } from '../users/users.repository';
import { dayIn } from '../users/users.rules';
import { WorkoutSessionsRepository } from '../workouts/workout-sessions.repository';
import { WorkoutsRepository } from '../workouts/workouts.repository';
import { isOpenWorkout } from '../workouts/workouts.rules';
import { catalogueProgram, type Program, PROGRAMS } from './catalogue';
import { EnrolmentChange, EnrolmentRecord, EnrolmentsRepository } from './enrolments.repository';
import { activeProgramView, programDetail, programSummary } from './program-views.rules';
import { daysBetween, resumedStart } from './schedule.rules';

/** A member's enrolment read with its issued session settled, and the day it is for them. */
export interface SettledEnrolment {
  enrolment: EnrolmentRecord;
  program: Program;
  today: string;
  timeZone: string;
}

/** Compare-and-set attempts before a change gives up to a concurrent writer's result. */
const CAS_ATTEMPTS = 5;

/** The programs catalogue, and following one: start, pause, resume, stop, and where the member stands. */
@Injectable()
export class ProgramsService {
  constructor(
    private readonly enrolments: EnrolmentsRepository,
    private readonly workouts: WorkoutsRepository,
    private readonly sessions: WorkoutSessionsRepository,
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  list(): ProgramSummary[] {
    return PROGRAMS.map(programSummary);
  }

  /** A catalogue program's week, or the member's coach-built one's. */
  async detail(userId: string, programId: string): Promise<ProgramDetail> {
    if (programId !== COACH_PROGRAM_ID) return programDetail(this.program(programId));
    const built = (await this.enrolments.find(userId))?.program;
    if (!built)
      throw new AppError('PROGRAM_NOT_FOUND', 'Your coach has not built you a program yet', 'Program Not Found');
    return programDetail(built);
  }

  /** The catalogue's program, or 404 PROGRAM_NOT_FOUND. */
  program(programId: string): Program {
    const program = catalogueProgram(programId);
    if (!program) throw new AppError('PROGRAM_NOT_FOUND', `There is no program ${programId}`, 'Program Not Found');
    return program;
  }

  async active(userId: string): Promise<ActiveProgramView | null> {
    const settled = await this.settled(userId);
    return settled && this.view(settled);
  }

  /** The program an enrolment follows: its own when the coach built it, else the catalogue's. */
  programOf(enrolment: EnrolmentRecord): Program {
    return enrolment.program ?? this.program(enrolment.programId);
  }

  /**
   * Follows the catalogue's `programId`, or a program the coach built, from today; whatever the
   * member followed before is replaced.
   */
  async start(userId: string, chosen: string | Program): Promise<ActiveProgramView> {
    const program = typeof chosen === 'string' ? this.program(chosen) : chosen;
    const timeZone = await this.timeZone(userId);
    const today = dayIn(this.clock.now(), timeZone);
    const enrolment = await this.enrolments.start(
      userId,
      program.id,
      today,
      typeof chosen === 'string' ? null : program,
    );
    return this.view({ enrolment, program, today, timeZone });
  }

  /** Pause (active only), resume (paused only: the days paused move the plan later) or stop. */
  async act(userId: string, action: ProgramActionParam['action']): Promise<ActiveProgramView> {
    const settled = await this.change(userId, (enrolment, today) => {
      if (action === 'resume') {
        if (enrolment.status !== 'paused')
          throw new AppError('PROGRAM_NOT_PAUSED', 'Only a paused program can be resumed', 'Not Paused');
        const paused = enrolment.pausedOn ? daysBetween(enrolment.pausedOn, today) : 0;
        return { status: 'active', startedOn: resumedStart(enrolment.startedOn, paused), pausedOn: null };
      }
      if (enrolment.status !== 'active' && !(action === 'stop' && enrolment.status === 'paused'))
        throw new AppError(
          'PROGRAM_NOT_ACTIVE',
          `Only an active program can be ${action === 'pause' ? 'paused' : 'stopped'}`,
          'Not Active',
        );
      return action === 'pause' ? { status: 'paused', pausedOn: today } : { status: 'stopped' };
    });
    return this.view(settled);
  }

  /**
   * Applies `decide`'s change to the member's settled enrolment by compare-and-set, reading again
   * when a concurrent writer got there first; 409 PROGRAM_NOT_ACTIVE without an enrolment.
   */
  async change(
    userId: string,
    decide: (enrolment: EnrolmentRecord, today: string) => EnrolmentChange,
  ): Promise<SettledEnrolment> {
    for (let attempt = 0; ; attempt++) {
      const settled = await this.settled(userId);
      if (!settled) throw new AppError('PROGRAM_NOT_ACTIVE', 'You are not following a program', 'No Program');
      const changed = await this.enrolments.update(
        userId,
        settled.enrolment.version,
        decide(settled.enrolment, settled.today),
      );
      if (changed) return { ...settled, enrolment: changed };
      if (attempt >= CAS_ATTEMPTS) throw new AppError('DATABASE_UNAVAILABLE', 'The program is busy: try again', 'Busy');
    }
  }

  /**
   * The enrolment with its issued session settled: completed, it counts along the plan (on the
   * day it was completed); no longer today's open workout, it is let go and the session stays owed.
   */
  async settled(userId: string): Promise<SettledEnrolment | null> {
    const timeZone = await this.timeZone(userId);
    for (let attempt = 0; attempt <= CAS_ATTEMPTS; attempt++) {
      const enrolment = await this.enrolments.find(userId);
      if (!enrolment) return null;
      const program = enrolment.program ?? catalogueProgram(enrolment.programId);
      if (!program) return null;
      const now = this.clock.now();
      const today = dayIn(now, timeZone);
      const change = enrolment.workoutId ? await this.settle(userId, enrolment, now, timeZone) : null;
      if (!change) return { enrolment, program, today, timeZone };
      const changed = await this.enrolments.update(userId, enrolment.version, change);
      if (changed) return { enrolment: changed, program, today, timeZone };
    }
    throw new AppError('DATABASE_UNAVAILABLE', 'The program is busy: try again', 'Busy');
  }

  private async settle(
    userId: string,
    enrolment: EnrolmentRecord,
    now: Date,
    timeZone: string,
  ): Promise<EnrolmentChange | null> {
    const workoutId = enrolment.workoutId!;
    const completed = await this.sessions.findByWorkout(workoutId);
    if (completed)
      return {
        done: Math.max(enrolment.done, (enrolment.workoutIndex ?? enrolment.done) + 1),
        lastDoneOn: dayIn(completed.completedAt, timeZone),
        workoutId: null,
        workoutIndex: null,
      };
    const latest = await this.workouts.findLatest(userId);
    const open = latest && latest.id === workoutId && isOpenWorkout(latest, now);
    return open ? null : { workoutId: null, workoutIndex: null };
  }

  private view({ enrolment, program, today }: SettledEnrolment): ActiveProgramView {
    return activeProgramView(program, enrolment, today, enrolment.workoutId);
  }

  private async timeZone(userId: string): Promise<string> {
    return (await this.users.findTimeZone(userId)) ?? FALLBACK_TIME_ZONE;
  }
}
