import { Controller, Get, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Connection } from 'mongoose';

import { Public } from '../common/auth.guard';
import { openApiSchema, Returns } from '../common/validation';
import { HealthStatus, Liveness } from '../contract';
import { RedisService, withTimeout } from '../redis/redis.service';
import { readiness } from './health.rules';

@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(
    @InjectConnection() private readonly db: Connection,
    private readonly redis: RedisService,
  ) {}

  /** Liveness: the process answers. Reaches nothing, so an outage elsewhere never gets it restarted. */
  @Public()
  @Get('live')
  @Returns(Liveness)
  live(): Liveness {
    return { status: 'ok' };
  }

  /** Readiness (also at /api/health): 503 without the database; Redis down is 200, reported degraded. */
  @Public()
  @Get(['ready', ''])
  @Returns(HealthStatus, 200)
  @ApiResponse({ status: 503, description: 'The database is down', schema: openApiSchema(HealthStatus) })
  async ready(@Res({ passthrough: true }) res: Response): Promise<HealthStatus> {
    const [database, redis] = await Promise.all([this.pingDatabase(), this.redis.ping()]);
    const { httpStatus, body } = readiness({ database, redis });
    res.status(httpStatus);
    return body;
  }

  private async pingDatabase(): Promise<boolean> {
    try {
      if (!this.db.db) return false;
      await withTimeout(this.db.db.admin().ping(), 1500);
      return true;
    } catch {
      return false;
    }
  }
}
