import { Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import { UsersRepository } from '../users/users.repository';
import { CapDay, capDay } from '../workouts/completion.rules';

/**
 * The day a daily earning is paid on (docs/product.md, Credits): a day of the zone of the member's
 * last validated proof day, which the profile's zone does not move. A new zone takes effect once the
 * last paid day is over where it was read, and the day never moves back (the rule the daily paid
 * minutes follow), so hopping zones around midnight cannot open a second day.
 */
@Injectable()
export class EarningDays {
  constructor(private readonly users: UsersRepository) {}

  async dayOf(userId: string, now: Date): Promise<CapDay> {
    const pin = await this.users.findEarningPin(userId);
    if (!pin) throw new AppError('USER_UNKNOWN', 'User not found');
    return capDay(now, pin.timeZone, pin.lastDay);
  }

  /** A daily earning was paid on `day`: later days are read from it. */
  paidOn(userId: string, day: CapDay): Promise<void> {
    return this.users.recordEarningDay(userId, day);
  }
}
