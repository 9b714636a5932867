import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';

import { isObjectId, toObjectId, toView } from '../database/object-id';
import { User } from '../users/user.schema';
import type { UserRecord } from '../users/users.repository';

/** The writer of the user document's sign-in sessions (sessionEpoch, revokedSessions). */
@Injectable()
export class SessionsRepository {
  constructor(@InjectModel(User.name) private readonly users: Model<User>) {}

  /**
   * `_id`: the whole user, with its session epoch and whether session `sessionId` was signed out;
   * null for an unknown user. Read whole: the session guard's one read also serves GET /api/user.
   */
  async findWithSession(
    userId: string,
    sessionId: string,
  ): Promise<{ user: UserRecord; epoch: number; revoked: boolean } | null> {
    if (!isObjectId(userId)) return null;
    const found = await this.users.findById(toObjectId(userId)).lean<User & { _id: Types.ObjectId }>().exec();
    if (!found) return null;
    const user = toView(found);
    const revoked = user.revokedSessions?.[sessionId] !== undefined;
    return { user, epoch: user.sessionEpoch ?? 0, revoked };
  }

  /** `_id`: the signed-out sessions still remembered, each with its expiry (seconds). */
  async findRevoked(userId: string): Promise<Record<string, number>> {
    const user = await this.users
      .findById(toObjectId(userId), { revokedSessions: 1 })
      .lean<{ revokedSessions?: Record<string, number> }>()
      .exec();
    return user?.revokedSessions ?? {};
  }

  /** `_id`: remembers session `sessionId` as signed out until `expiresAt`, forgetting the `expired` ones. */
  async revoke(userId: string, sessionId: string, expiresAt: number, expired: string[]): Promise<void> {
    const forget = Object.fromEntries(expired.map((jti) => [`revokedSessions.${jti}`, '']));
    await this.users.updateOne(
      { _id: toObjectId(userId) },
      { $set: { [`revokedSessions.${sessionId}`]: expiresAt }, ...(expired.length ? { $unset: forget } : {}) },
    );
  }

  /** `_id`: a new session epoch, so every session issued before is refused. */
  async endAll(userId: string): Promise<void> {
    await this.users.updateOne(
      { _id: toObjectId(userId) },
      { $inc: { sessionEpoch: 1 }, $set: { revokedSessions: {} } },
    );
  }
}
