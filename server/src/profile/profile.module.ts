import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { UsersModule } from '../users/users.module';
import { HealthAnswersRepository } from './health-answers.repository';
import { HealthAnswersRecord, HealthAnswersRecordSchema } from './health-answers.schema';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';

/** The profile and settings screen's API; the fields live on the user (UsersRepository owns them), the health answers in their own collection. */
@Module({
  imports: [
    UsersModule,
    MongooseModule.forFeature([{ name: HealthAnswersRecord.name, schema: HealthAnswersRecordSchema }]),
  ],
  controllers: [ProfileController],
  providers: [ProfileService, HealthAnswersRepository],
  exports: [HealthAnswersRepository],
})
export class ProfileModule {}
