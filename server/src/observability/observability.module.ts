import { Global, Module } from '@nestjs/common';

import { QueueModule } from '../queue/queue.module';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';
import { OperatorTokenGuard } from './operator-token.guard';

/** Metrics for every module (the ledger, the workers, the HTTP layer) and their scrape route. */
@Global()
@Module({
  imports: [QueueModule],
  controllers: [MetricsController],
  providers: [MetricsService, OperatorTokenGuard],
  exports: [MetricsService],
})
export class ObservabilityModule {}
