import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PassportModule } from '@nestjs/passport';

import { UsersModule } from '../users/users.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { AuthChallenge, AuthChallengeSchema, LoginCode, LoginCodeSchema } from './challenge.schema';
import { AuthChallengesRepository, LoginCodesRepository } from './challenges.repository';
import { AuthRateLimitGuard, LoginCodeRateLimitGuard } from './rate-limit.guard';
import { ReferralController } from './referral';
import { X_STRATEGY_PROVIDER, XAuthGuard } from './x.strategy';
import { XLinkStartGuard } from './x-link.guard';

@Module({
  imports: [
    PassportModule,
    UsersModule,
    MongooseModule.forFeature([
      { name: AuthChallenge.name, schema: AuthChallengeSchema },
      { name: LoginCode.name, schema: LoginCodeSchema },
    ]),
  ],
  controllers: [AuthController, ReferralController],
  providers: [
    AuthService,
    AuthRateLimitGuard,
    LoginCodeRateLimitGuard,
    X_STRATEGY_PROVIDER,
    XAuthGuard,
    XLinkStartGuard,
    AuthChallengesRepository,
    LoginCodesRepository,
  ],
  exports: [AuthChallengesRepository, LoginCodesRepository],
})
export class AuthModule {}
