import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AchievementsModule } from '../achievements/achievements.module';
import { AiModule } from '../ai/ai.module';
import { EvidenceModule } from '../evidence/evidence.module';
import { ProfileModule } from '../profile/profile.module';
import { UploadsModule } from '../uploads/uploads.module';
import { User, UserSchema } from '../users/user.schema';
import { UsersModule } from '../users/users.module';
import { BmiController } from './bmi.controller';
import { BmiService } from './bmi.service';
import { BmiCachesRepository } from './bmi-caches.repository';
import { BmiRecord, BmiRecordSchema } from './bmi-record.schema';
import { BmiRecordsRepository } from './bmi-records.repository';
import { BmiReportAnalyzer } from './bmi-report.analyzer';

@Module({
  imports: [
    // The model client, for the report's reading.
    AiModule,
    UsersModule,
    UploadsModule,
    AchievementsModule,
    EvidenceModule,
    // A measurement or a report moves the profile's height and weight.
    ProfileModule,
    MongooseModule.forFeature([
      { name: BmiRecord.name, schema: BmiRecordSchema },
      { name: User.name, schema: UserSchema },
    ]),
  ],
  controllers: [BmiController],
  providers: [BmiService, BmiReportAnalyzer, BmiRecordsRepository, BmiCachesRepository],
  exports: [BmiService, BmiRecordsRepository],
})
export class BmiModule {}
