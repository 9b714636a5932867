import { Injectable } from '@nestjs/common';

import type { UserRecord } from '../users/users.repository';
import { revocationPlan } from './session.rules';
import { SessionsRepository } from './sessions.repository';

/** Sign-in sessions: what a token is checked against, signing one out, and signing out everywhere. */
@Injectable()
export class SessionsService {
  constructor(private readonly sessions: SessionsRepository) {}

  /**
   * What a session token is checked against on every request, in one lean read by `_id`: the user,
   * its session epoch and whether this session was signed out. Null when there is no such user.
   */
  sessionState(
    userId: string,
    sessionId: string,
  ): Promise<{ user: UserRecord; epoch: number; revoked: boolean } | null> {
    return this.sessions.findWithSession(userId, sessionId);
  }

  /** Signs one session out; it is remembered until `expiresAt` (seconds), when its token dies anyway. */
  async revokeSession(
    userId: string,
    sessionId: string,
    expiresAt: number,
    now = Date.now(),
    revoked?: Record<string, number>,
  ): Promise<void> {
    // `revoked`: the list as the request's session check has just read it, when the caller has it.
    const { expired, endAll } = revocationPlan(
      revoked ?? (await this.sessions.findRevoked(userId)),
      Math.floor(now / 1000),
    );
    if (endAll) return this.endAllSessions(userId);
    await this.sessions.revoke(userId, sessionId, expiresAt, expired);
  }

  /** "Sign out everywhere": every session issued so far is refused from now on. */
  endAllSessions(userId: string): Promise<void> {
    return this.sessions.endAll(userId);
  }
}
