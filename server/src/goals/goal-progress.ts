import { Injectable } from '@nestjs/common';
import type { GoalMetric, UserView } from '../contract';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';
import { BmiRecordsRepository } from '../bmi/bmi-records.repository';

/** Where a goal's current value comes from: the user's own data, never the client. */
@Injectable()
export class GoalProgress {
  constructor(
    private readonly users: UsersService,
    private readonly workouts: WorkoutsService,
    private readonly bmiRecords: BmiRecordsRepository,
  ) {}

  /**
   * The current value of one user's goals, from evidence only: weight, the latest analysed report's
   * (kg; 0 without one); workouts, sessions that count (COUNTED_SESSION) completed since the goal
   * was set; streak, the streak of validated proof days. The user is read once, however many goals ask.
   */
  forUser(userId: string): (metric: GoalMetric, since: Date) => Promise<number> {
    let user: Promise<UserView> | undefined;
    return async (metric, since) => {
      if (metric === 'workouts') return this.workouts.countCountedSessionsSince(userId, since);
      if (metric === 'weight') return (await this.bmiRecords.latestReportWeight(userId)) ?? 0;
      user ??= this.users.view(userId);
      return (await user).currentStreak;
    };
  }
}
