import { Injectable } from '@nestjs/common';

import { AiJobs } from '../ai/ai.jobs';
import { Clock } from '../clock/clock';
import type { PlanRequest } from '../contract/job-shapes';
import { AdjustOutcome } from '../contract/job-shapes';
import { profileOf, UsersService } from '../users/users.service';
import { RecentTrainingService } from './recent-training.service';
import { adjustedShape, SessionAdjustment } from './session-adjust.rules';
import { planSeed, WorkoutPlansService } from './workout-plans.service';
import { WorkoutsRepository } from './workouts.repository';
import { workoutOfPlan } from './workouts.rules';

/** "Make today easier / harder / shorter" from the coach chat: today's open session rebuilt in place, same id. */
@Injectable()
export class WorkoutAdjustService {
  constructor(
    private readonly plans: WorkoutPlansService,
    private readonly workouts: WorkoutsRepository,
    private readonly users: UsersService,
    private readonly training: RecentTrainingService,
    private readonly ai: AiJobs,
    private readonly clock: Clock,
  ) {}

  async adjust(userId: string, adjustment: SessionAdjustment): Promise<AdjustOutcome> {
    const asked = adjustment.kind;
    const open = await this.plans.openWorkout(userId);
    if (!open) return { kind: 'no_workout', asked };
    if (open.ticked?.length) return { kind: 'started', asked, name: open.name };
    const shape = adjustedShape({ difficulty: open.difficulty, minutes: open.duration }, adjustment, open.screening);
    if (!shape)
      return { kind: 'at_limit', asked, name: open.name, minutes: open.duration, difficulty: open.difficulty };
    const [user, avoidMuscles] = await Promise.all([
      this.users.findById(userId),
      this.training.recentlyTrained(userId),
    ]);
    const request: PlanRequest = {
      type: open.type,
      difficulty: shape.difficulty,
      minutes: shape.minutes,
      avoidMuscles,
      equipment: open.equipment ?? [],
      limitations: open.limitations ?? [],
      // The focus and the screening it was planned with hold in the rebuilt session.
      focus: open.focus ?? [],
      ...(open.focusMuscles?.length ? { focusMuscles: open.focusMuscles } : {}),
      ...(open.screening ? { screening: open.screening } : {}),
      goal: profileOf(user).goal,
      seed: planSeed(userId, this.clock.now()),
    };
    const plan = await this.ai.generateWorkout(userId, request);
    const { name, difficulty, duration, creditsReward, exercises, notes } = workoutOfPlan(plan, request);
    // A tick that landed while the plan was being built wins: the session is left as it is.
    if (
      !(await this.workouts.replacePlan(open.id, userId, {
        name,
        difficulty,
        duration,
        creditsReward,
        exercises,
        notes,
      }))
    )
      return { kind: 'started', asked, name: open.name };
    return { kind: 'adjusted', asked, name, minutes: duration, difficulty };
  }
}
