import { Injectable } from '@nestjs/common';
import { ProfileUpdateRequest, ProfileView } from '../contract';
import { AppError } from '../common/errors';
import { UsersRepository } from '../users/users.repository';
import { UsersService, profileOf } from '../users/users.service';
import { readProfile } from './profile.rules';

/** The caller's profile: read it, and save it whole once every field passes profile.rules. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly repository: UsersRepository,
  ) {}

  async view(userId: string): Promise<ProfileView> {
    const user = await this.users.findById(userId);
    return { ...profileOf(user), savedAt: user.profileSavedAt?.toISOString() ?? null };
  }

  /** A refused field changes nothing: the profile is written in one update after every check passed. */
  async save(userId: string, input: ProfileUpdateRequest, now = new Date()): Promise<ProfileView> {
    const checked = readProfile(input);
    if (!checked.ok) throw new AppError(checked.code, checked.message, checked.title);
    await this.repository.saveProfile(userId, checked.profile, now);
    return this.view(userId);
  }
}
