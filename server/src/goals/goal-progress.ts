import { Injectable } from '@nestjs/common';
import type { GoalMetric, UserView } from '../contract';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';

/** Where a goal's current value comes from: the user's own data, never the client. */
@Injectable()
export class GoalProgress {
  constructor(
    private readonly users: UsersService,
    private readonly workouts: WorkoutsService,
  ) {}

  /**
   * The current value of one user's goals: weight, the current weight (kg); workouts, sessions
   * completed since the goal was set; streak, the current streak. The user is read once, however
   * many goals ask.
   */
  forUser(userId: string): (metric: GoalMetric, since: Date) => Promise<number> {
    let user: Promise<UserView> | undefined;
    return async (metric, since) => {
      if (metric === 'workouts') return this.workouts.countSessionsSince(userId, since);
      user ??= this.users.view(userId);
      const { weight, currentStreak } = await user;
      return metric === 'weight' ? (weight ?? 0) : currentStreak;
    };
  }
}
