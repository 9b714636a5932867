import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AchievementsModule } from '../achievements/achievements.module';
import { ActivitiesModule } from '../activities/activities.module';
import { AiModule } from '../ai/ai.module';
import { ReferralsService } from '../credits/referrals.service';
import { EvidenceModule } from '../evidence/evidence.module';
import { LedgerModule } from '../ledger/ledger.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { ProofCheck, ProofCheckSchema } from './proof-check.schema';
import { ProofCheckService } from './proof-check.service';
import { ProofChecker } from './proof-checker';
import { ProofChecksRepository } from './proof-checks.repository';
import { ProofDay, ProofDaySchema, ProofMedia, ProofMediaSchema } from './proof-day.schema';
import { ProofDayLifecycle } from './proof-day-lifecycle';
import { ProofDaysRepository } from './proof-days.repository';
import { ProofMediaRepository } from './proof-media.repository';
import { ProofsController } from './proofs.controller';
import { ProofsService } from './proofs.service';
import { ProofsMaintenance } from './proofs-maintenance';

/** ReferralsService is provided here (it is stateless) rather than imported with CreditsModule. */
@Module({
  imports: [
    // The model client, for the vision check.
    AiModule,
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
      { name: ProofCheck.name, schema: ProofCheckSchema },
    ]),
  ],
  controllers: [ProofsController],
  providers: [
    ProofsService,
    ProofsMaintenance,
    ProofCheckService,
    ProofDayLifecycle,
    ProofChecker,
    ReferralsService,
    ProofDaysRepository,
    ProofMediaRepository,
    ProofChecksRepository,
  ],
  exports: [ProofsService, ProofDaysRepository, ProofMediaRepository],
})
export class ProofsModule {}
