import { Global, Module } from '@nestjs/common';
import { SessionGuard } from './auth.guard';

/** The session guard, global so sign-in can verify tokens with the same code the guard uses. */
@Global()
@Module({ providers: [SessionGuard], exports: [SessionGuard] })
export class SessionModule {}
