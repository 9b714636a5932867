import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
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
        maxPoolSize: 50,
      }),
    }),
  ],
})
export class DatabaseModule {}
