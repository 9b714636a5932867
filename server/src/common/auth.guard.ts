import { CanActivate, createParamDecorator, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';

import { sessionClaims } from '../auth/session.rules';
import { SessionsService } from '../auth/sessions.service';
import type { UserRecord } from '../users/users.repository';
import { AppError, authRequired, forbidden } from './errors';

/** The signed-in user and the session (token id and its expiry, in seconds) a request came with. */
export interface SessionUser {
  userId: string;
  sessionId: string;
  expiresAt: number;
  /** The user as read when this request's session was checked. */
  user: UserRecord;
}

const PUBLIC_ROUTE = 'publicRoute';
const invalidSession = () => new AppError('SESSION_INVALID', 'Invalid or expired session');
/** Marks a route that needs no session (sign-in, health, docs). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Global guard: every route needs `Authorization: Bearer <jwt>` unless marked @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request & { session?: SessionUser }>();
    const token = bearerToken(req);
    if (!token) throw authRequired();
    req.session = await this.verify(token);
    return true;
  }

  /**
   * A token's session, if the token is signed, whole (an `exp` included), unexpired, and its user
   * still exists and has not signed it out: a signature alone outlived deleted users and sign-outs.
   */
  async verify(token: string): Promise<SessionUser> {
    const claims = sessionClaims(await this.jwt.verifyAsync(token, { algorithms: ['HS256'] }).catch(() => null));
    if (!claims) throw invalidSession();
    const state = await this.sessions.sessionState(claims.sub, claims.jti);
    if (!state) throw invalidSession();
    if (state.revoked || state.epoch !== claims.ep)
      throw new AppError('SESSION_INVALID', 'This session was signed out, please sign in again');
    return { userId: claims.sub, sessionId: claims.jti, expiresAt: claims.exp, user: state.user };
  }
}

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** `@CurrentUser() me: SessionUser` in a handler behind the session guard. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SessionUser => {
  const session = ctx.switchToHttp().getRequest<{ session?: SessionUser }>().session;
  if (!session) throw authRequired();
  return session;
});

/** The server never trusts a userId from the client: naming anyone but yourself is 403. */
export function assertSelf(me: SessionUser, userId: string | undefined): void {
  if (userId !== undefined && userId !== me.userId) throw forbidden();
}
