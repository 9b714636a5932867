import { CanActivate, ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';

import { bearerToken } from '../common/auth.guard';
import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { RedisService } from '../redis/redis.service';
import { budgetKey } from './rate-limit.rules';
import { isLoginCode } from './session.rules';

/**
 * Credential checks (sign-in, challenges, login codes, the X callback, wallet links) per client
 * address per minute, counted in Redis so every API replica shares the budget. The address is
 * the socket's unless TRUST_PROXY names the proxy in front. With Redis down it lets requests
 * through: sign-in matters more than the limit.
 */
@Injectable()
export class AuthRateLimitGuard implements CanActivate {
  private readonly logger = new Logger('RateLimit');
  /** The 429's message. */
  protected readonly refusal: string = 'Too many sign-in attempts, try again in a minute';

  constructor(
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!this.spends(req)) return true;
    const minute = Math.floor(Date.now() / 60_000);
    const key = this.redis.key('ratelimit', 'auth', budgetKey(req.ip), String(minute));
    let count: number;
    try {
      const [[, incr]] = (await this.redis.client.multi().incr(key).expire(key, 61).exec()) as [[unknown, number]];
      count = incr;
    } catch (err) {
      this.logger.warn(`rate limit skipped: ${(err as Error).message}`);
      return true;
    }
    const limit = this.config.authRateLimitPerMinute;
    http.getResponse<Response>().setHeader('RateLimit-Limit', String(limit));
    if (count > limit) {
      http.getResponse<Response>().setHeader('Retry-After', String(60 - (Math.floor(Date.now() / 1000) % 60)));
      throw new AppError('RATE_LIMITED', this.refusal);
    }
    return true;
  }

  /** Whether this request spends from the budget. */
  protected spends(_req: Request): boolean {
    return true;
  }
}

/**
 * `GET /api/auth/verify`: a login code spends from the budget (they were guessed 40 in 102 ms); a
 * session token does not: its signature cannot be guessed, and every page load presents one.
 */
@Injectable()
export class LoginCodeRateLimitGuard extends AuthRateLimitGuard {
  protected override spends(req: Request): boolean {
    const token = bearerToken(req);
    return token !== undefined && isLoginCode(token);
  }
}
