import { Inject, Injectable } from '@nestjs/common';

import { JobName } from '../queue/job-registry';
import { OnJob } from '../queue/on-job.decorator';
import { UPLOAD_STORAGE, UploadStorage } from './storage/upload-storage';
import { UploadsRepository } from './uploads.repository';

/** A pending upload this long past its expiry is swept (an upload that began just in time may still be streaming). */
const SWEEP_GRACE_MS = 60 * 60_000;

/** The uploads' scheduled maintenance job, apart from the uploads' requests (UploadsService). */
@Injectable()
export class UploadsSweep {
  constructor(
    private readonly uploads: UploadsRepository,
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
  ) {}

  @OnJob(JobName.UploadsSweep)
  sweepScheduled(): Promise<number> {
    return this.sweepExpired();
  }

  /** Deletes pending uploads (and any bytes) well past their expiry. Returns how many. */
  async sweepExpired(now = new Date()): Promise<number> {
    const expired = await this.uploads.pendingExpiredBefore(new Date(now.getTime() - SWEEP_GRACE_MS));
    for (const id of expired) {
      await this.storage.remove(id);
      await this.uploads.deletePending(id);
    }
    return expired.length;
  }
}
