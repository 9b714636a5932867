import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { Request } from 'express';
import { AppError, authRequired, forbidden } from './errors';

/** What a verified session token carries. */
export interface SessionUser {
  userId: string;
}

export interface SessionClaims {
  sub: string;
  typ: 'session';
}

const PUBLIC_ROUTE = 'publicRoute';
/** Marks a route that needs no session (sign-in, health, docs). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Global guard: every route needs `Authorization: Bearer <jwt>` unless marked @Public(). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(@Inject(Reflector) private readonly reflector: Reflector, @Inject(JwtService) private readonly jwt: JwtService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request & { session?: SessionUser }>();
    const token = bearerToken(req);
    if (!token) throw authRequired();
    req.session = { userId: await this.verify(token) };
    return true;
  }

  async verify(token: string): Promise<string> {
    try {
      const claims = await this.jwt.verifyAsync<SessionClaims>(token, { algorithms: ['HS256'] });
      if (claims.typ !== 'session' || typeof claims.sub !== 'string') throw new Error('not a session token');
      return claims.sub;
    } catch {
      throw new AppError('SESSION_INVALID', 'Invalid or expired session');
    }
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
