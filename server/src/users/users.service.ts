import { Inject, Injectable } from '@nestjs/common';

import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { FALLBACK_TIME_ZONE, ProfileFields, UserView } from '../contract';
import { isDuplicateKey } from '../database/duplicate-key';
import { IdentitiesRepository } from './identities.repository';
import { UserRecord, UsersRepository } from './users.repository';
import { dayIn, effectiveStreak, profileRank, referralLink } from './users.rules';

const MAX_USERNAME_ATTEMPTS = 8;

export interface NewUserProfile {
  walletAddress?: string;
  twitterId?: string;
  twitterHandle?: string;
}

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly identities: IdentitiesRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 404 for a malformed or unknown id. */
  async findById(userId: string): Promise<UserRecord> {
    return found(await this.users.findById(userId));
  }

  async view(userId: string): Promise<UserView> {
    return this.toView(await this.findById(userId));
  }

  async findIdentity(key: string): Promise<UserRecord | null> {
    const userId = await this.identities.findUserId(key);
    return userId ? this.users.findById(userId) : null;
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
  ): Promise<{ user: UserRecord; created: boolean }> {
    const existing = await this.findIdentity(key);
    if (existing) return { user: existing, created: false };

    const referrerId = referrerUsername ? await this.users.findIdByUsername(referrerUsername) : null;
    const user = await this.createWithFreeUsername(profile, usernameFor, referrerId);
    try {
      await this.identities.create(key, user.id);
      return { user, created: true };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      await this.users.delete(user.id);
      const winner = await this.findIdentity(key);
      if (!winner) throw err;
      return { user: winner, created: false };
    }
  }

  /** Links a further identity (a wallet for an X account). One identity belongs to one account. */
  async linkIdentity(
    userId: string,
    key: string,
    patch: NewUserProfile,
  ): Promise<'linked' | 'already-yours' | 'taken'> {
    try {
      await this.identities.create(key, userId);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return (await this.identities.findUserId(key)) === userId ? 'already-yours' : 'taken';
    }
    await this.users.setIdentityFields(userId, patch);
    return 'linked';
  }

  private async createWithFreeUsername(
    profile: NewUserProfile,
    usernameFor: (attempt: number) => string,
    referredBy: string | null,
  ): Promise<UserRecord> {
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

  toView(user: UserRecord, now = new Date()): UserView {
    const streak = effectiveStreak(
      user.currentStreak,
      user.lastProofDay,
      dayIn(now, user.timeZone ?? FALLBACK_TIME_ZONE),
    );
    return {
      id: user.id,
      username: user.username,
      walletAddress: user.walletAddress,
      twitterHandle: user.twitterHandle,
      xLinked: !!user.twitterId,
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
      ...profileOf(user),
      totalWorkouts: user.totalWorkouts,
      latestBmi: user.latestBmi,
      referralLink: referralLink(this.config.publicUrl, user.username),
      createdAt: user.createdAt.toISOString(),
    };
  }
}

/** The profile fields of a stored user, with the defaults of users stored before the profile existed. */
export function profileOf(user: UserRecord): ProfileFields {
  return {
    age: user.age,
    height: user.height,
    weight: user.weight,
    goal: user.goal ?? null,
    equipment: user.equipment ?? [],
    limitations: user.limitations ?? [],
    units: user.units ?? 'metric',
    timeZone: user.timeZone ?? FALLBACK_TIME_ZONE,
  };
}

function found<T>(user: T | null): T {
  if (!user) throw new AppError('USER_UNKNOWN', 'User not found');
  return user;
}
