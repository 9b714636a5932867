import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { ActivitiesModule } from '../activities/activities.module';
import { BmiModule } from '../bmi/bmi.module';
import { LedgerModule } from '../ledger/ledger.module';
import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { CreditsController } from './credits.controller';
import { CreditsService } from './credits.service';
import { DomainEarnEvidence, EARN_EVIDENCE } from './earn-evidence';
import { EarningDays } from './earning-days';
import { Redemption, RedemptionSchema } from './redemption.schema';
import { RedemptionsRepository } from './redemptions.repository';
import { TweetsService } from './tweets.service';
import { XApiClient } from './x-api.client';

// ReferralsService (referrals.service.ts) is provided by ProofsModule, which pays the reward on a
// referred user's first validated proof day.
@Module({
  imports: [
    UsersModule,
    LedgerModule,
    WorkoutsModule,
    BmiModule,
    ActivitiesModule,
    MongooseModule.forFeature([{ name: Redemption.name, schema: RedemptionSchema }]),
  ],
  controllers: [CreditsController],
  providers: [
    CreditsService,
    TweetsService,
    EarningDays,
    XApiClient,
    RedemptionsRepository,
    { provide: EARN_EVIDENCE, useClass: DomainEarnEvidence },
  ],
  exports: [RedemptionsRepository],
})
export class CreditsModule {}
