import { Injectable } from '@nestjs/common';
import { BmiService } from '../bmi/bmi.service';
import type { GoalMetric } from '../contract';
import { ProofsService } from '../proofs/proofs.service';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';
import { distinctDays, longestRun } from './goals.rules';

/** Where a goal's current value comes from: evidence the other domains accepted, never a number typed alone. */
@Injectable()
export class GoalProgress {
  constructor(
    private readonly users: UsersService,
    private readonly workouts: WorkoutsService,
    private readonly proofs: ProofsService,
    private readonly bmi: BmiService,
  ) {}

  /**
   * The current value of one user's goals: weight, the weight of the latest analysed report (kg);
   * workouts, days with a session that counts since the goal was set; streak, the longest run of
   * validated proof days since then. The time zone is read once, however many goals ask.
   */
  forUser(userId: string): (metric: GoalMetric, since: Date) => Promise<number> {
    let timeZone: Promise<string> | undefined;
    return async (metric, since) => {
      if (metric === 'weight') return (await this.bmi.latestReportedWeight(userId)) ?? 0;
      if (metric === 'streak') return longestRun(await this.proofs.validatedDaysSince(userId, since));
      timeZone ??= this.users.timeZoneOf(userId);
      return distinctDays(await this.workouts.countedSessionTimesSince(userId, since), await timeZone);
    };
  }
}
