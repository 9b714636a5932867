import { timingSafeEqual } from 'node:crypto';

import { ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';

import { AuthRateLimitGuard } from '../auth/rate-limit.guard';
import { AppError } from '../common/errors';

/**
 * The operator routes (GET /metrics) when OPERATOR_TOKEN is set; without it they are open only
 * outside production (a deployment forgetting the token must not publish its traffic and queues).
 * The token is a credential: a wrong
 * one spends from its address's credential-check budget (429 past it, as sign-in does); the right
 * one never does, so a scraper polling every few seconds is not limited.
 */
@Injectable()
export class OperatorTokenGuard extends AuthRateLimitGuard {
  protected override readonly refusal = 'Too many operator token attempts, try again in a minute';

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const token = this.config.operatorToken;
    if (!token && this.config.env === 'production') {
      throw new AppError(
        'OPERATOR_TOKEN_REQUIRED',
        'Set OPERATOR_TOKEN on the server: the operator routes are closed in production without it',
      );
    }
    const req = context.switchToHttp().getRequest<Request>();
    if (!token || sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) return true;
    await super.canActivate(context);
    throw new AppError('OPERATOR_TOKEN_REQUIRED', 'Send the operator token as a bearer token');
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
