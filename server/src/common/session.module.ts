import { Global, Module } from '@nestjs/common';

import { UsersModule } from '../users/users.module';
import { SessionGuard } from './auth.guard';

/** The session guard, global so sign-in can verify tokens with the same code the guard uses. */
@Global()
@Module({ imports: [UsersModule], providers: [SessionGuard], exports: [SessionGuard] })
export class SessionModule {}
