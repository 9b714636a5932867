import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types, isValidObjectId } from 'mongoose';
import { APP_CONFIG, AppConfig } from '../config/config';
import { UserView } from '../contract';
import { notFound } from '../common/errors';
import { isDuplicateKey } from '../database/duplicate-key';
import { Identity } from './identity.schema';
import { User, UserDocument } from './user.schema';
import { dayIn, effectiveStreak, profileRank, referralLink } from './users.rules';
import { revocationPlan } from '../auth/session.rules';

const MAX_USERNAME_ATTEMPTS = 8;

export interface NewUserProfile {
  walletAddress?: string;
  twitterId?: string;
  twitterHandle?: string;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(Identity.name) private readonly identities: Model<Identity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async findById(userId: string): Promise<UserDocument> {
    return this.existing(userId, (id) => this.users.findById(id).exec());
  }

  /** The IANA zone the user's days are counted in (their calendar, not the server's). */
  async timeZoneOf(userId: string): Promise<string> {
    const user = await this.existing(userId, (id) => this.users.findById(id, { timeZone: 1 }).lean().exec());
    return user.timeZone ?? 'UTC';
  }

  async view(userId: string): Promise<UserView> {
    // Lean: a plain object is all a view needs, and hydrating a document costs more than the read.
    return this.toView(await this.existing(userId, (id) => this.users.findById(id).lean().exec()));
  }

  /** `find` run for a well-formed id only; 404 for a malformed or unknown one. */
  private async existing<T>(userId: string, find: (id: string) => Promise<T | null>): Promise<T> {
    const user = isValidObjectId(userId) ? await find(userId) : null;
    if (!user) throw notFound('User not found');
    return user;
  }

  async findIdentity(key: string): Promise<UserDocument | null> {
    const identity = await this.identities.findById(key).lean();
    return identity ? this.users.findById(identity.userId) : null;
  }

  /**
   * The account behind an identity, created on first sign-in. Two concurrent first sign-ins of the
   * same identity race on the identity's `_id`: the loser removes its fresh account and uses the winner's.
   */
  async signInIdentity(
    key: string,
    profile: NewUserProfile,
    usernameFor: (attempt: number) => string,
    referrerUsername?: string,
  ): Promise<{ user: UserDocument; created: boolean }> {
    const existing = await this.findIdentity(key);
    if (existing) return { user: existing, created: false };

    const referrer = referrerUsername ? await this.users.findOne({ username: referrerUsername }, { _id: 1 }).lean() : null;
    const user = await this.createWithFreeUsername(profile, usernameFor, referrer?._id ?? null);
    try {
      await this.identities.create({ _id: key, userId: user._id });
      return { user, created: true };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.users.deleteOne({ _id: user._id });
      const winner = await this.findIdentity(key);
      if (!winner) throw err;
      return { user: winner, created: false };
    }
  }

  /** Links a further identity (a wallet for an X account). One identity belongs to one account. */
  async linkIdentity(userId: string, key: string, patch: NewUserProfile): Promise<'linked' | 'already-yours' | 'taken'> {
    try {
      await this.identities.create({ _id: key, userId: new Types.ObjectId(userId) });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const owner = await this.identities.findById(key).lean();
      return owner?.userId.toString() === userId ? 'already-yours' : 'taken';
    }
    await this.users.updateOne({ _id: userId }, { $set: patch });
    return 'linked';
  }

  /**
   * What a session token is checked against on every request, in one lean read by `_id`: the
   * user's session epoch and whether this session was signed out. Null when there is no such user.
   */
  async sessionState(userId: string, sessionId: string): Promise<{ epoch: number; revoked: boolean } | null> {
    const user = await this.users.findById(userId, { sessionEpoch: 1, [`revokedSessions.${sessionId}`]: 1 }).lean();
    return user && { epoch: user.sessionEpoch ?? 0, revoked: user.revokedSessions?.[sessionId] !== undefined };
  }

  /** Signs one session out; it is remembered until `expiresAt` (seconds), when its token dies anyway. */
  async revokeSession(userId: string, sessionId: string, expiresAt: number, now = Date.now()): Promise<void> {
    const user = await this.users.findById(userId, { revokedSessions: 1 }).lean();
    const { expired, endAll } = revocationPlan(user?.revokedSessions ?? {}, Math.floor(now / 1000));
    if (endAll) return this.endAllSessions(userId);
    const forget = Object.fromEntries(expired.map((jti) => [`revokedSessions.${jti}`, '']));
    await this.users.updateOne({ _id: userId }, { $set: { [`revokedSessions.${sessionId}`]: expiresAt }, ...(expired.length ? { $unset: forget } : {}) });
  }

  /** "Sign out everywhere": every session issued so far is refused from now on. */
  async endAllSessions(userId: string): Promise<void> {
    await this.users.updateOne({ _id: userId }, { $inc: { sessionEpoch: 1 }, $set: { revokedSessions: {} } });
  }

  private async createWithFreeUsername(
    profile: NewUserProfile,
    usernameFor: (attempt: number) => string,
    referredBy: Types.ObjectId | null,
  ): Promise<UserDocument> {
    for (let attempt = 0; attempt < MAX_USERNAME_ATTEMPTS; attempt++) {
      try {
        return await this.users.create({
          username: usernameFor(attempt),
          walletAddress: profile.walletAddress ?? null,
          twitterId: profile.twitterId ?? null,
          twitterHandle: profile.twitterHandle ?? null,
          referredBy,
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    }
    throw new Error('Could not find a free username');
  }

  /** The user as the client sees it, from a document or a lean read (where maps are plain objects). */
  toView(user: Omit<User, 'revokedSessions'> & { _id: Types.ObjectId }, now = new Date()): UserView {
    const streak = effectiveStreak(user.currentStreak, user.lastProofDay, dayIn(now, user.timeZone ?? 'UTC'));
    return {
      id: user._id.toString(),
      username: user.username,
      walletAddress: user.walletAddress,
      twitterHandle: user.twitterHandle,
      sweatCredits: user.sweatCredits,
      pendingCredits: user.pendingCredits,
      dailyStreak: streak,
      currentStreak: streak,
      longestStreak: user.longestStreak,
      profileRank: profileRank({
        totalWorkouts: user.totalWorkouts,
        longestStreak: user.longestStreak,
        reportMonths: user.reportMonths.length,
      }),
      fitnessLevel: user.fitnessLevel,
      height: user.height,
      weight: user.weight,
      age: user.age,
      totalWorkouts: user.totalWorkouts,
      latestBmi: user.latestBmi,
      referralLink: referralLink(this.config.publicUrl, user.username),
      createdAt: user.createdAt.toISOString(),
    };
  }
}
