import { createSecretKey } from 'node:crypto';

import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';

import { AchievementsModule } from './achievements/achievements.module';
import { ActivitiesModule } from './activities/activities.module';
import { AuthModule } from './auth/auth.module';
import { SessionModule } from './auth/session.module';
import { BmiModule } from './bmi/bmi.module';
import { ClockModule } from './clock/clock.module';
import { SessionGuard } from './common/auth.guard';
import { SingleUseModule } from './common/single-use';
import { APP_CONFIG, AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { CreditsModule } from './credits/credits.module';
import { DatabaseModule } from './database/database.module';
import { GoalsModule } from './goals/goals.module';
import { HealthModule } from './health/health.module';
import { ImportsModule } from './imports/imports.module';
import { LedgerModule } from './ledger/ledger.module';
import { ObservabilityModule } from './observability/observability.module';
import { ProfileModule } from './profile/profile.module';
import { ProgramsModule } from './programs/programs.module';
import { ProofsModule } from './proofs/proofs.module';
import { QueueModule } from './queue/queue.module';
import { RateLimitsModule } from './rate-limits/rate-limits.module';
import { UserThrottlerGuard } from './rate-limits/user-throttler.guard';
import { RedisModule } from './redis/redis.module';
import { TrainingLogModule } from './training-log/training-log.module';
import { UploadsModule } from './uploads/uploads.module';
import { UsersModule } from './users/users.module';
import { WalletModule } from './wallet/wallet.module';
import { WorkoutsModule } from './workouts/workouts.module';

@Module({
  imports: [
    ConfigModule,
    ClockModule,
    DatabaseModule,
    RedisModule,
    QueueModule,
    ObservabilityModule,
    RateLimitsModule,
    JwtModule.registerAsync({
      global: true,
      inject: [APP_CONFIG],
      // A KeyObject: given a string, jsonwebtoken first tries (and fails) to parse it as a public key
      // on every verify, a thrown exception per authenticated request.
      useFactory: (config: AppConfig) => ({ secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')) }),
    }),
    SessionModule,
    SingleUseModule,
    HealthModule,
    UsersModule,
    AuthModule,
    LedgerModule,
    CreditsModule,
    GoalsModule,
    WalletModule,
    UploadsModule,
    BmiModule,
    WorkoutsModule,
    ProgramsModule,
    ImportsModule,
    TrainingLogModule,
    AchievementsModule,
    ProofsModule,
    ActivitiesModule,
    ProfileModule,
  ],
  // In this order: the rate limits count per user, known once the session is checked.
  providers: [
    { provide: APP_GUARD, useExisting: SessionGuard },
    { provide: APP_GUARD, useClass: UserThrottlerGuard },
  ],
})
export class AppModule {}
