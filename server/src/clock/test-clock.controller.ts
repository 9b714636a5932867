import { Controller, Get, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { Returns, ValidBody } from '../common/validation';
import { TestClockAdvance, TestClockView } from '../contract';
import { Clock } from './clock';

/** Mounted only with TEST_CLOCK=1 (http.ts): end-to-end tests move the server's clock as they move the browser's. */
@ApiTags('test')
@ApiBearerAuth()
@Controller('test/clock')
export class TestClockController {
  constructor(private readonly clock: Clock) {}

  /** The server's time, to set the browser's clock to it. */
  @Get()
  @Returns(TestClockView)
  now(): TestClockView {
    return { now: this.clock.now().toISOString() };
  }

  /** Moves the server's clock forward by `minutes`, or to `until` unless it is past it; answers the new time. */
  @Post()
  @Returns(TestClockView)
  advance(@ValidBody(TestClockAdvance) body: TestClockAdvance): TestClockView {
    const now =
      'minutes' in body ? this.clock.advance(body.minutes * 60_000) : this.clock.advanceTo(new Date(body.until));
    return { now: now.toISOString() };
  }
}
