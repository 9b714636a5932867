import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AchievementsModule } from '../achievements/achievements.module';
import { ActivitiesModule } from '../activities/activities.module';
import { AiModule } from '../ai/ai.module';
import { CreditsModule } from '../credits/credits.module';
import { EvidenceModule } from '../evidence/evidence.module';
import { LedgerModule } from '../ledger/ledger.module';
import { ProfileModule } from '../profile/profile.module';
import { UploadsModule } from '../uploads/uploads.module';
import { User, UserSchema } from '../users/user.schema';
import { UsersModule } from '../users/users.module';
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
import { StreaksRepository } from './streaks.repository';

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
    // A validated proof day pays the referral reward and pins the earning zone (credits) and moves the profile's zone.
    CreditsModule,
    ProfileModule,
    MongooseModule.forFeature([
      { name: ProofDay.name, schema: ProofDaySchema },
      { name: ProofMedia.name, schema: ProofMediaSchema },
      { name: ProofCheck.name, schema: ProofCheckSchema },
      { name: User.name, schema: UserSchema },
    ]),
  ],
  controllers: [ProofsController],
  providers: [
    ProofsService,
    ProofsMaintenance,
    ProofCheckService,
    ProofDayLifecycle,
    ProofChecker,
    StreaksRepository,
    ProofDaysRepository,
    ProofMediaRepository,
    ProofChecksRepository,
  ],
  exports: [ProofsService, ProofDaysRepository, ProofMediaRepository],
})
export class ProofsModule {}
