import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../common/auth.guard';
import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MetricsService } from './metrics.service';

/** Prometheus text format for scrapers; behind OPERATOR_TOKEN when one is configured. */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response): Promise<void> {
    if (this.config.operatorToken && !sameSecret(authorization ?? '', `Bearer ${this.config.operatorToken}`)) {
      throw new AppError('OPERATOR_TOKEN_REQUIRED', 'Send the operator token as a bearer token');
    }
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.send(await this.metrics.registry.metrics());
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
