import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AchievementsModule } from '../achievements/achievements.module';
import { AiModule } from '../ai/ai.module';
import { EvidenceModule } from '../evidence/evidence.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { BmiController } from './bmi.controller';
import { BmiService } from './bmi.service';
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
    MongooseModule.forFeature([{ name: BmiRecord.name, schema: BmiRecordSchema }]),
  ],
  controllers: [BmiController],
  providers: [BmiService, BmiReportAnalyzer, BmiRecordsRepository],
  exports: [BmiService, BmiRecordsRepository],
})
export class BmiModule {}
