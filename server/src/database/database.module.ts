import { Module, OnModuleInit } from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import { Connection } from 'mongoose';

import { APP_CONFIG, AppConfig } from '../config/config';

/** One Mongoose connection per process; short timeouts so an outage answers 503 quickly instead of hanging. */
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        uri: config.mongodbUri,
        serverSelectionTimeoutMS: 3000,
        bufferTimeoutMS: 3000,
        maxPoolSize: config.mongodbMaxPoolSize,
      }),
    }),
  ],
})
export class DatabaseModule implements OnModuleInit {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /**
   * Every exactly-once rule is a unique index, and Mongoose builds indexes in the background: wait
   * for them before any bootstrap hook or request writes, or a fresh database takes duplicates.
   */
  async onModuleInit(): Promise<void> {
    await Promise.all(Object.values(this.connection.models).map((model) => model.init()));
  }
}
