import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { ActivitiesModule } from '../activities/activities.module';
import { BmiModule } from '../bmi/bmi.module';
import { LedgerModule } from '../ledger/ledger.module';
import { User, UserSchema } from '../users/user.schema';
import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';
import { DomainEarnEvidence, EARN_EVIDENCE } from './earn-evidence';
import { EarningDays } from './earning-days';
import { EarningPinsRepository } from './earning-pins.repository';
import { Redemption, RedemptionSchema } from './redemption.schema';
import { RedemptionsRepository } from './redemptions.repository';
import { ReferralsService } from './referrals.service';
import { TweetsService } from './tweets.service';
import { XApiClient } from './x-api.client';

@Module({
  imports: [
    UsersModule,
    LedgerModule,
    WorkoutsModule,
    BmiModule,
    ActivitiesModule,
    MongooseModule.forFeature([
      { name: Redemption.name, schema: RedemptionSchema },
      { name: User.name, schema: UserSchema },
    ]),
  ],
  controllers: [CreditsController],
  providers: [
    CreditsService,
    TweetsService,
    EarningDays,
    EarningPinsRepository,
    ReferralsService,
    XApiClient,
    RedemptionsRepository,
    { provide: EARN_EVIDENCE, useClass: DomainEarnEvidence },
  ],
  // Proofs pay the referral reward and pin the earning zone on a validated proof day.
  exports: [RedemptionsRepository, ReferralsService, EarningDays],
})
export class CreditsModule {}
