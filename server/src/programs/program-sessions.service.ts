import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import type { WorkoutView } from '../contract';
import { newId } from '../database/object-id';
import { HealthAnswersRepository } from '../profile/health-answers.repository';
import { LoggedSetsRepository } from '../training-log/logged-sets.repository';
import { dayIn } from '../users/users.rules';
import { profileOf, UsersService } from '../users/users.service';
import { catalogueExercise } from '../workouts/catalogue';
import { screen, screenedDifficulty } from '../workouts/screening/screening.rules';
import { planSeed, toWorkoutView } from '../workouts/workout-plans.service';
import { WorkoutsRepository } from '../workouts/workouts.repository';
import { workoutOfPlan } from '../workouts/workouts.rules';
import type { Program } from './catalogue';
import { fitToMember, programSessionPlan } from './program-session.rules';
import { ProgramsService } from './programs.service';
import { type ExerciseSession, sessionsFromLog } from './progression.rules';
import { nextSession, type PlannedSession, type ScheduleState } from './schedule.rules';

/** The newest logged sets of an exercise progression reads: a few sessions' worth, one indexed page. */
const HISTORY_SETS = 60;

/** Today's workout from the member's program: its next session, dosed from the log, stored as any workout is. */
@Injectable()
export class ProgramSessionsService {
  constructor(
    private readonly programs: ProgramsService,
    private readonly workouts: WorkoutsRepository,
    private readonly loggedSets: LoggedSetsRepository,
    private readonly users: UsersService,
    private readonly health: HealthAnswersRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * The program's next session as today's workout (replacing an open one, as a generated workout
   * does); the same workout again while it is open. It is completed and paid through the usual
   * session flow; the program counts it when it reads the enrolment next.
   */
  async issue(userId: string): Promise<WorkoutView> {
    // What the compare-and-set claimed: a new workout's id for the session (none while one is open).
    const claim: { id?: string; session?: PlannedSession } = {};
    const settled = await this.programs.change(userId, (enrolment, today) => {
      delete claim.id;
      const session = dueSession(this.programs.programOf(enrolment), enrolment, today);
      if (enrolment.workoutId && enrolment.workoutIndex === session.index) return {};
      Object.assign(claim, { id: newId(), session });
      return {
        workoutId: claim.id!,
        workoutIndex: session.index,
        ...(session.deload ? { addDeloadWorkout: claim.id! } : {}),
      };
    });
    const { enrolment, program } = settled;
    if (claim.id && claim.session)
      return this.create(userId, claim.id, program, claim.session, new Set(enrolment.deloadWorkouts));
    const open = await this.workouts.findOwned(enrolment.workoutId!, userId);
    if (!open)
      throw new AppError('PROGRAM_NOT_ACTIVE', 'Your program session could not be found: try again', 'Try Again');
    return toWorkoutView(open);
  }

  private async create(
    userId: string,
    id: string,
    program: Program,
    session: PlannedSession,
    deloads: ReadonlySet<string>,
  ): Promise<WorkoutView> {
    const now = this.clock.now();
    const [user, answers, histories] = await Promise.all([
      this.users.findById(userId),
      this.health.find(userId, now),
      this.histories(userId, program, session, deloads),
    ]);
    const screening = screen(answers);
    if (screening.kind === 'refer')
      throw new AppError('WORKOUT_NEEDS_CLEARANCE', screening.message, 'See a Doctor First');
    const limits = screening.kind === 'adapt' ? screening.limits : undefined;
    const profile = profileOf(user);
    const { plan, minutes } = programSessionPlan(program, session, histories);
    const day = program.days[session.day];
    // The program's equipment is the member's choice in following it; SWAP keeps to it and what they have.
    const programEquipment = plan.exercises.flatMap((e) => catalogueExercise(e.catalogueId ?? '')?.equipment ?? []);
    const equipment = [...new Set([...profile.equipment, ...programEquipment])];
    const fitted = fitToMember(
      plan.exercises,
      { equipment, limitations: profile.limitations, screening: limits },
      day.type,
      planSeed(userId, now),
    );
    const request = {
      type: day.type,
      difficulty: screenedDifficulty(program.level, limits),
      minutes,
      equipment,
      limitations: profile.limitations,
      focus: [],
      ...(limits ? { screening: limits } : {}),
    };
    const draft = workoutOfPlan(
      {
        ...plan,
        exercises: fitted.exercises,
        notes: [...(limits?.notes ?? []), ...plan.notes, ...fitted.notes].slice(0, 6),
      },
      request,
    );
    const workout = await this.workouts.create({ id, userId, ...draft, day: dayIn(now) }, now);
    return toWorkoutView(workout);
  }

  /** Each progressing exercise's recent sessions from the log, newest first. */
  private async histories(userId: string, program: Program, session: PlannedSession, deloads: ReadonlySet<string>) {
    const ids = program.days[session.day].slots
      .filter((slot) => slot.target.kind === 'double' || slot.target.kind === 'wave')
      .map((slot) => slot.exercise);
    const entries = await Promise.all(
      [...new Set(ids)].map(
        async (id) =>
          [id, sessionsFromLog(await this.loggedSets.forExercise(userId, id, HISTORY_SETS), deloads)] as const,
      ),
    );
    return new Map<string, ExerciseSession[]>(entries);
  }
}

/** The session the member may train now; 409 with why when there is none. */
function dueSession(program: Program, enrolment: ScheduleState, today: string): PlannedSession {
  if (enrolment.status !== 'active')
    throw new AppError(
      'PROGRAM_NOT_ACTIVE',
      `Your program is ${enrolment.status}: resume it or start one`,
      'Not Active',
    );
  const next = nextSession(program, enrolment, today);
  if (next.kind === 'finished')
    throw new AppError('PROGRAM_FINISHED', 'You completed every session of this program', 'Finished');
  if (next.kind !== 'next') throw new AppError('PROGRAM_NOT_ACTIVE', 'Your program is not active', 'Not Active');
  if (next.when === 'doneToday')
    throw new AppError(
      'PROGRAM_TRAINED_TODAY',
      `You trained today's session; the next is on ${next.nextOn}`,
      'Trained Today',
    );
  return next.session;
}
