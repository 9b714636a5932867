import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import { describeIssues } from '../common/validation';
import { XStartQuery } from '../contract';
import { AuthService } from './auth.service';
import type { XFlowRequest } from './x.strategy';

/**
 * `GET /api/auth/twitter?link=<code>`: consumes the link code before the trip to X and puts its
 * member on the request, where the request-token store keeps it; a used or expired code is left on
 * the request for the route to send back to the profile. Without `link` it is an X sign-in.
 */
@Injectable()
export class XLinkStartGuard implements CanActivate {
  constructor(private readonly auth: AuthService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<XFlowRequest>();
    const query = XStartQuery.safeParse(req.query ?? {});
    if (!query.success)
      throw new AppError('VALIDATION_FAILED', describeIssues(query.error, 'query'), 'Validation Failed');
    if (!query.data.link) return true;
    try {
      req.xLinkUserId = await this.auth.claimLinkCode(query.data.link);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      req.xLinkRefused = err;
    }
    return true;
  }
}
