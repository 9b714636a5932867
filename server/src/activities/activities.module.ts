import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { UploadsModule } from '../uploads/uploads.module';
import { ActivitiesController } from './activities.controller';
import { ActivitiesRepository } from './activities.repository';
import { ActivitiesService } from './activities.service';
import { Activity, ActivityClaim, ActivityClaimSchema, ActivitySchema } from './activity.schema';
import { ActivityClaimsRepository } from './activity-claims.repository';

/** Imported activity files: read in the worker, claimed once, listed, and their steps counted for earning. */
@Module({
  imports: [
    UploadsModule,
    MongooseModule.forFeature([
      { name: Activity.name, schema: ActivitySchema },
      { name: ActivityClaim.name, schema: ActivityClaimSchema },
    ]),
  ],
  controllers: [ActivitiesController],
  providers: [ActivitiesService, ActivitiesRepository, ActivityClaimsRepository],
  exports: [ActivitiesService],
})
export class ActivitiesModule {}
