import { Controller, Get, Res } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Connection } from 'mongoose';
import { HealthStatus } from '../contract';
import { Public } from '../common/auth.guard';
import { Returns, openApiSchema } from '../common/validation';
import { RedisService, withTimeout } from '../redis/redis.service';

@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(@InjectConnection() private readonly db: Connection, private readonly redis: RedisService) {}

  /** Database and Redis reachability; 503 when either is down so a load balancer can act on it. */
  @Public()
  @Get()
  @Returns(HealthStatus, 200)
  @ApiResponse({ status: 503, description: 'The database or Redis is down', schema: openApiSchema(HealthStatus) })
  async check(@Res({ passthrough: true }) res: Response): Promise<HealthStatus> {
    const [database, redis] = await Promise.all([this.pingDatabase(), this.redis.ping()]);
    const status: HealthStatus = {
      status: database && redis ? 'ok' : 'degraded',
      database: database ? 'up' : 'down',
      redis: redis ? 'up' : 'down',
    };
    if (status.status !== 'ok') res.status(503);
    return status;
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
