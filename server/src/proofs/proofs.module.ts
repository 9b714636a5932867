import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AchievementsModule } from '../achievements/achievements.module';
import { ActivitiesModule } from '../activities/activities.module';
import { EvidenceModule } from '../evidence/evidence.module';
import { ReferralsService } from '../credits/referrals.service';
import { WorkoutsModule } from '../workouts/workouts.module';
import { LedgerModule } from '../ledger/ledger.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { ProofChecker } from './proof-checker';
import { ProofDay, ProofDaySchema, ProofMedia, ProofMediaSchema } from './proof-day.schema';
import { ProofDayLifecycle } from './proof-day-lifecycle';
import { ProofDaysRepository } from './proof-days.repository';
import { ProofMediaRepository } from './proof-media.repository';
import { ProofsController } from './proofs.controller';
import { ProofsService } from './proofs.service';

/** ReferralsService is provided here (it is stateless) rather than imported with CreditsModule. */
@Module({
  imports: [
    UsersModule,
    LedgerModule,
    UploadsModule,
    AchievementsModule,
    // An activity file in the activity slot is read, claimed and stored there.
    ActivitiesModule,
    EvidenceModule,
    // The referral reward asks whether the referee has a session that counts.
    WorkoutsModule,
    MongooseModule.forFeature([
      { name: ProofDay.name, schema: ProofDaySchema },
      { name: ProofMedia.name, schema: ProofMediaSchema },
    ]),
  ],
  controllers: [ProofsController],
  providers: [ProofsService, ProofDayLifecycle, ProofChecker, ReferralsService, ProofDaysRepository, ProofMediaRepository],
  exports: [ProofsService, ProofDaysRepository, ProofMediaRepository],
})
export class ProofsModule {}
