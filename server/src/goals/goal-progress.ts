import { Injectable } from '@nestjs/common';
import type { GoalMetric } from '../contract';
import { UsersService } from '../users/users.service';
import { WorkoutsService } from '../workouts/workouts.service';

/** Where a goal's current value comes from: the user's own data, never the client. */
@Injectable()
export class GoalProgress {
  constructor(
    private readonly users: UsersService,
    private readonly workouts: WorkoutsService,
  ) {}

  /** weight: the current weight (kg); workouts: sessions completed since the goal was set; streak: current streak. */
  async currentValue(userId: string, metric: GoalMetric, since: Date): Promise<number> {
    if (metric === 'workouts') return this.workouts.countSessionsSince(userId, since);
    const user = await this.users.view(userId);
    return metric === 'weight' ? (user.weight ?? 0) : user.currentStreak;
  }
}
