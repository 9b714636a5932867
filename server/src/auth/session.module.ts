import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { SessionGuard } from '../common/auth.guard';
import { User, UserSchema } from '../users/user.schema';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';

/** The session guard and the sessions it checks, global so sign-in can verify tokens with the same code the guard uses. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],
  providers: [SessionGuard, SessionsService, SessionsRepository],
  exports: [SessionGuard, SessionsService],
})
export class SessionModule {}
