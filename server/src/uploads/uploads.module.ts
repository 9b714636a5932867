import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { APP_CONFIG, AppConfig } from '../config/config';
import { DiskStorage } from './storage/disk.storage';
import { S3Storage } from './storage/s3.storage';
import { UPLOAD_STORAGE } from './storage/upload-storage';
import { Upload, UploadSchema } from './upload.schema';
import { UploadReceiver } from './upload-receiver';
import { UploadUrlSigner } from './upload-url-signer';
import { UploadsController } from './uploads.controller';
import { UploadsRepository } from './uploads.repository';
import { UploadsService } from './uploads.service';
import { UploadsSweep } from './uploads-sweep';

@Module({
  imports: [MongooseModule.forFeature([{ name: Upload.name, schema: UploadSchema }])],
  controllers: [UploadsController],
  providers: [
    UploadsService,
    UploadsSweep,
    UploadReceiver,
    UploadUrlSigner,
    UploadsRepository,
    {
      provide: UPLOAD_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.storage.driver === 's3' ? new S3Storage(config.storage.s3) : new DiskStorage(config.dataDir),
    },
  ],
  exports: [UploadsService, UploadsRepository],
})
export class UploadsModule {}
