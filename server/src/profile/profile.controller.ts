import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { assertSelf, CurrentUser, SessionUser } from '../common/auth.guard';
import { Returns, ValidBody } from '../common/validation';
import { PROFILE_ERRORS, ProfileUpdateRequest, ProfileView } from '../contract';
import { ProfileService } from './profile.service';

@ApiTags('profile')
@ApiBearerAuth()
@Controller('profile')
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  /** The caller's profile (age, measurements, goal, equipment, limitations, units, time zone). */
  @Get()
  @Returns(ProfileView)
  view(@CurrentUser() me: SessionUser): Promise<ProfileView> {
    return this.profile.view(me.userId);
  }

  /** Saves the caller's whole profile; the first invalid field is refused with its own code and nothing changes. */
  @Put()
  @Returns(ProfileView, 200, ...PROFILE_ERRORS)
  save(
    @CurrentUser() me: SessionUser,
    @ValidBody(ProfileUpdateRequest) body: ProfileUpdateRequest,
  ): Promise<ProfileView> {
    assertSelf(me, body.userId);
    return this.profile.save(me.userId, body);
  }
}
