import { Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import { FALLBACK_TIME_ZONE } from '../contract';
import { CapDay, capDay } from '../workouts/completion.rules';
import { EarningPinsRepository } from './earning-pins.repository';

/**
 * The day a daily earning is paid on (docs/product.md, Credits): a day of the zone of the member's
 * last validated proof day, which the profile's zone does not move. A new zone takes effect once the
 * last paid day is over where it was read, and the day never moves back (the rule the daily paid
 * minutes follow), so hopping zones around midnight cannot open a second day.
 */
@Injectable()
export class EarningDays {
  constructor(private readonly pins: EarningPinsRepository) {}

  async dayOf(userId: string, now: Date): Promise<CapDay> {
    const pin = await this.pins.find(userId);
    if (!pin) throw new AppError('USER_UNKNOWN', 'User not found');
    return capDay(now, pin.timeZone, pin.lastDay);
  }

  /** The zone daily earnings are counted in (the fallback zone for an unknown user). */
  async zoneOf(userId: string): Promise<string> {
    return (await this.pins.find(userId))?.timeZone ?? FALLBACK_TIME_ZONE;
  }

  /** A daily earning was paid on `day`: later days are read from it. */
  paidOn(userId: string, day: CapDay): Promise<void> {
    return this.pins.recordEarningDay(userId, day);
  }

  /** A validated proof day's zone: daily earnings are counted there from now on. */
  pinZone(userId: string, timeZone: string): Promise<void> {
    return this.pins.pinZone(userId, timeZone);
  }
}
