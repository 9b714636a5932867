import { Inject, Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';

const MAX_STEP_MS = 24 * 3600_000;

/**
 * The time as the server's rules read it (sessions' start, half time, the day's paid minutes; goal
 * deadlines), so tests control it: with TEST_CLOCK=1 it can be moved forward, never back, so stored
 * times keep their order. Short-lived credentials (upload URLs, sign-in nonces, login codes, session
 * tokens) expire in real time: tests side by side move this shared clock by half a session, which
 * would expire another test's URL between its issue and its use.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this process's clock `ms` forward; refused unless TEST_CLOCK=1. */
  advance(ms: number): Date {
    if (!this.config.testClock) throw new Error('the clock moves only in tests (TEST_CLOCK=1)');
    if (!(ms > 0)) throw new Error('the clock only moves forward');
    this.offsetMs += ms;
    return this.now();
  }

  /** Moves this process's clock to `time` if it is not already past it (at most a day ahead); refused unless TEST_CLOCK=1. */
  advanceTo(time: Date): Date {
    const ahead = time.getTime() - this.now().getTime();
    if (ahead > MAX_STEP_MS)
      throw new AppError('VALIDATION_FAILED', 'The clock moves at most a day at a time', 'Validation Failed');
    return ahead > 0 ? this.advance(ahead) : this.now();
  }
}
