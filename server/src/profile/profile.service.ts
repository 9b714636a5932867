import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock';
import { AppError } from '../common/errors';
import { ProfileUpdateRequest, ProfileView } from '../contract';
import { profileOf, UsersService } from '../users/users.service';
import { HealthAnswersRepository } from './health-answers.repository';
import { readProfile } from './profile.rules';
import { ProfilesRepository } from './profiles.repository';

/** The caller's profile: read it, and save it whole once every field passes profile.rules. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly profiles: ProfilesRepository,
    private readonly health: HealthAnswersRepository,
    private readonly clock: Clock,
  ) {}

  async view(userId: string): Promise<ProfileView> {
    const [user, health] = await Promise.all([this.users.findById(userId), this.health.find(userId, this.clock.now())]);
    return { ...profileOf(user), savedAt: user.profileSavedAt?.toISOString() ?? null, health };
  }

  /** A refused field changes nothing: the profile is written after every check passed (the health answers, when sent, first). */
  async save(userId: string, input: ProfileUpdateRequest, now = this.clock.now()): Promise<ProfileView> {
    const checked = readProfile(input);
    if (!checked.ok) throw new AppError(checked.code, checked.message, checked.title);
    if (checked.health) await this.health.save(userId, checked.health, now);
    await this.profiles.save(userId, checked.profile, now);
    return this.view(userId);
  }
}
