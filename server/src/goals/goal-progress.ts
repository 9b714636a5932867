import { Injectable } from '@nestjs/common';

import { BmiRecordsRepository } from '../bmi/bmi-records.repository';
import { type GoalMetric, type UserView } from '../contract';
import { EarningDays } from '../credits/earning-days';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';

/** Where a goal's current value comes from: the user's own data, never the client. */
@Injectable()
export class GoalProgress {
  constructor(
    private readonly users: UsersService,
    private readonly earningDays: EarningDays,
    private readonly workouts: WorkoutsService,
    private readonly bmiRecords: BmiRecordsRepository,
  ) {}

  /**
   * The current value of one user's goals, from evidence only (docs/product.md, Prediction goals):
   * weight, the latest analysed report's (kg; 0 without one); workouts, days of the user's earning
   * zone with a session that counts (COUNTED_SESSION) completed since the goal was set, one a day at
   * most as the deadline rule assumes; streak, the streak of validated proof days. The user is read once.
   */
  forUser(userId: string): (metric: GoalMetric, since: Date) => Promise<number> {
    let user: Promise<UserView> | undefined;
    let zone: Promise<string> | undefined;
    return async (metric, since) => {
      if (metric === 'workouts') {
        zone ??= this.earningDays.zoneOf(userId);
        return this.workouts.countCountedDaysSince(userId, since, await zone);
      }
      if (metric === 'weight') return (await this.bmiRecords.latestReportWeight(userId)) ?? 0;
      user ??= this.users.view(userId);
      return (await user).currentStreak;
    };
  }
}
