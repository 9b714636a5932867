import { ExecutionContext, Injectable, Logger } from '@nestjs/common';
import {
  ThrottlerException,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerRequest,
} from '@nestjs/throttler';
import type { Request } from 'express';

import type { SessionUser } from '../common/auth.guard';
import { AppError } from '../common/errors';
import { RateLimitGroup, rateLimitGroupOf, USER_RATE_LIMIT_GROUPS } from './user-rate-limits';

/**
 * @nestjs/throttler's guard, with a named throttler per group of USER_RATE_LIMIT_GROUPS: each
 * applies only to its group's routes, counts per signed-in user (the client address before
 * sign-in), answers the app's coded 429 with a plain `Retry-After`, and lets requests through
 * when Redis is down (the queue they would use is down too, and refuses them itself).
 */
@Injectable()
export class UserThrottlerGuard extends ThrottlerGuard {
  private readonly log = new Logger('RateLimit');

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    const session = req.session as SessionUser | undefined;
    return session?.userId ?? `ip:${String(req.ip)}`;
  }

  protected override async handleRequest(request: ThrottlerRequest): Promise<boolean> {
    try {
      return await super.handleRequest(request);
    } catch (err) {
      if (err instanceof AppError || err instanceof ThrottlerException) throw err;
      this.log.warn(`rate limit skipped: ${(err as Error).message}`);
      return true;
    }
  }

  protected override setResponseHeader(res: Record<string, unknown>, name: string, value: string | number): void {
    // The library suffixes every header with the throttler's name; clients know Retry-After.
    super.setResponseHeader(res, name.startsWith('Retry-After') ? 'Retry-After' : name, value);
  }

  protected override async throwThrottlingException(
    context: ExecutionContext,
    _detail: ThrottlerLimitDetail,
  ): Promise<void> {
    const group = groupOfRequest(context);
    throw new AppError(
      'RATE_LIMITED',
      group ? USER_RATE_LIMIT_GROUPS[group].message : 'Too many requests, try again in a minute',
    );
  }
}

/** The rate-limit group of the route this request matched. */
export function groupOfRequest(context: ExecutionContext): RateLimitGroup | undefined {
  const req = context.switchToHttp().getRequest<Request>();
  const template = req.route?.path as string | undefined;
  return template ? rateLimitGroupOf(req.method, `${req.baseUrl}${template}`) : undefined;
}
