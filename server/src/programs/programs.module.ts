import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { ProfileModule } from '../profile/profile.module';
import { LoggedSetsModule } from '../training-log/logged-sets.module';
import { UsersModule } from '../users/users.module';
import { WorkoutsModule } from '../workouts/workouts.module';
import { CoachProgramsService } from './coach-programs.service';
import { ProgramEnrolment, ProgramEnrolmentSchema } from './enrolment.schema';
import { EnrolmentsRepository } from './enrolments.repository';
import { ProgramSessionsService } from './program-sessions.service';
import { ProgramsController } from './programs.controller';
import { ProgramsService } from './programs.service';

/** Programs over weeks: the catalogue, a member's enrolment, and its sessions as today's workouts. */
@Module({
  imports: [
    UsersModule,
    ProfileModule,
    WorkoutsModule,
    LoggedSetsModule,
    MongooseModule.forFeature([{ name: ProgramEnrolment.name, schema: ProgramEnrolmentSchema }]),
  ],
  controllers: [ProgramsController],
  providers: [ProgramsService, ProgramSessionsService, CoachProgramsService, EnrolmentsRepository],
  exports: [EnrolmentsRepository],
})
export class ProgramsModule {}
