import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';

import { CurrentUser, SessionUser } from '../common/auth.guard';
import { Returns } from '../common/validation';
import { UserView } from '../contract';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('user')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @Returns(UserView)
  /** The user the session guard has just read: one database read for the whole request. */
  me(@CurrentUser() me: SessionUser): UserView {
    return this.users.toView(me.user);
  }
}
