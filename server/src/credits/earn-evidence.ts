import { Injectable } from '@nestjs/common';

import { ActivitiesService } from '../activities/activities.service';
import { BmiService } from '../bmi/bmi.service';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';

/**
 * The questions an earn action asks other domains: did the user do the thing on this day of their
 * time zone? The credits service only talks to this interface, so each answer can be wired to its domain.
 */
export interface EarnEvidence {
  /** A session that counts (at least half of it done, credits earned) completed on that day. */
  workoutCompletedOn(userId: string, day: string, timeZone: string): Promise<boolean>;
  weightLoggedOn(userId: string, day: string, timeZone: string): Promise<boolean>;
  /** Steps read from the activity files imported that day (the user's day). */
  stepsRecordedOn(userId: string, day: string): Promise<number>;
  /** Days in the user's current proof streak (0 once a day was missed). */
  currentStreak(userId: string): Promise<number>;
}

export const EARN_EVIDENCE = Symbol('EARN_EVIDENCE');

/** Answers from the domains: training sessions, BMI records, imported activities, the user's streak. */
@Injectable()
export class DomainEarnEvidence implements EarnEvidence {
  constructor(
    private readonly users: UsersService,
    private readonly workouts: WorkoutsService,
    private readonly bmi: BmiService,
    private readonly activities: ActivitiesService,
  ) {}

  workoutCompletedOn(userId: string, day: string, timeZone: string): Promise<boolean> {
    return this.workouts.hasCountedSessionOn(userId, day, timeZone);
  }

  weightLoggedOn(userId: string, day: string, timeZone: string): Promise<boolean> {
    return this.bmi.hasRecordOn(userId, day, timeZone);
  }

  stepsRecordedOn(userId: string, day: string): Promise<number> {
    return this.activities.stepsOn(userId, day);
  }

  async currentStreak(userId: string): Promise<number> {
    return (await this.users.view(userId)).currentStreak;
  }
}
