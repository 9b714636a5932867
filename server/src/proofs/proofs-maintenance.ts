import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG, AppConfig } from '../config/config';
import { DAY_MS, PROOF_UPLOAD_PURPOSES } from '../contract';
import { JobName } from '../queue/job-registry';
import { OnJob } from '../queue/on-job.decorator';
import { UploadsService } from '../uploads/uploads.service';
import { ProofDayLifecycle } from './proof-day-lifecycle';
import { ProofDaysRepository } from './proof-days.repository';
import { PROOF_MEDIA_RETENTION_DAYS, stuckAfterMs } from './proofs.rules';

/** The proofs' scheduled maintenance job, apart from the requests (ProofsService). */
@Injectable()
export class ProofsMaintenance {
  constructor(
    private readonly days: ProofDaysRepository,
    private readonly lifecycle: ProofDayLifecycle,
    private readonly uploads: UploadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The scheduled clean-up: days whose request died, and proof files past their retention. */
  @OnJob(JobName.ProofsMaintenance)
  async maintain(): Promise<{ healed: number; filesDeleted: number }> {
    return { healed: await this.healStuckDays(), filesDeleted: await this.sweepOldMedia() };
  }

  /**
   * The maintenance job's first half: days whose request died mid-way, whatever day they were for
   * (a same-day retry heals its own day earlier). Still `checking` → released (files usable again);
   * `checked` → completed, so drained pending credits always reach the balance. Returns how many.
   */
  async healStuckDays(now = new Date()): Promise<number> {
    const stuck = await this.days.listInStateBefore(
      ['checking', 'checked'],
      new Date(now.getTime() - stuckAfterMs(this.config.aiJobTimeoutMs)),
    );
    for (const day of stuck) {
      if (day.status === 'checking') await this.lifecycle.release(day);
      else await this.lifecycle.completeAfterCrash(day);
    }
    return stuck.length;
  }

  /**
   * The maintenance job's second half: deletes proof files past retention, used in a proof or not;
   * the upload records, proof days and check results stay (the upload marks its file removed).
   */
  async sweepOldMedia(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - PROOF_MEDIA_RETENTION_DAYS * DAY_MS);
    const old = await this.uploads.storedBefore([...PROOF_UPLOAD_PURPOSES], cutoff);
    for (const id of old) await this.uploads.removeFile(id);
    return old.length;
  }
}
