import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { IdentitiesRepository } from './identities.repository';
import { Identity, IdentitySchema } from './identity.schema';
import { User, UserSchema } from './user.schema';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: User.name, schema: UserSchema },
      { name: Identity.name, schema: IdentitySchema },
    ]),
  ],
  controllers: [UsersController],
  providers: [UsersService, UsersRepository, IdentitiesRepository],
  exports: [UsersService, UsersRepository],
})
export class UsersModule {}
