import { Module, OnModuleInit } from '@nestjs/common';
import { InjectConnection, MongooseModule } from '@nestjs/mongoose';
import mongoose, { Connection } from 'mongoose';

import { APP_CONFIG, AppConfig } from '../config/config';

// Mongoose takes a stack trace on every query, only to word the error of a query run twice; it was
// the largest single cost of GET /api/user in a CPU profile under load.
mongoose.set('skipOriginalStackTraces', true);

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
