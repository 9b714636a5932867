import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Achievement, AchievementSchema } from './achievement.schema';
import { AchievementsController } from './achievements.controller';
import { AchievementsRepository } from './achievements.repository';
import { AchievementsService } from './achievements.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Achievement.name, schema: AchievementSchema }])],
  controllers: [AchievementsController],
  providers: [AchievementsService, AchievementsRepository],
  exports: [AchievementsService, AchievementsRepository],
})
export class AchievementsModule {}
