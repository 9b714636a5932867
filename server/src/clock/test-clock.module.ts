import { Module } from '@nestjs/common';

import { AppModule } from '../app.module';
import { TestClockController } from './test-clock.controller';

/** The app plus the route that moves its clock: what http.ts starts when TEST_CLOCK=1, and only then. */
@Module({ imports: [AppModule], controllers: [TestClockController] })
export class TestClockAppModule {}
