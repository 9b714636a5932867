import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { User, UserSchema } from '../users/user.schema';
import { UsersModule } from '../users/users.module';
import { HealthAnswersRepository } from './health-answers.repository';
import { HealthAnswersRecord, HealthAnswersRecordSchema } from './health-answers.schema';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { ProfilesRepository } from './profiles.repository';

/** The profile and settings screen's API; the fields live on the user (UsersRepository owns them), the health answers in their own collection. */
@Module({
  imports: [
    UsersModule,
    MongooseModule.forFeature([
      { name: HealthAnswersRecord.name, schema: HealthAnswersRecordSchema },
      { name: User.name, schema: UserSchema },
    ]),
  ],
  controllers: [ProfileController],
  providers: [ProfileService, HealthAnswersRepository, ProfilesRepository],
  exports: [HealthAnswersRepository, ProfilesRepository],
})
export class ProfileModule {}
