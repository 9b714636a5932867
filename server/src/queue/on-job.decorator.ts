import { SetMetadata } from '@nestjs/common';
import type { Job } from 'bullmq';

import type { JobData, JobName, JobResult } from './job-registry';

export const ON_JOB = Symbol('on-job');

/** A job handler as the registry types it: the job's own data in, its result out. */
export type JobHandlerMethod<N extends JobName> = (job: Job<JobData<N>, JobResult<N>>) => Promise<JobResult<N>>;

/**
 * Marks a provider's method as the handler of one job; WorkersService finds every such method at
 * start and refuses to start on a job with two handlers or none. The method's signature is checked
 * against the registry's data and result types for that name.
 */
export function OnJob<N extends JobName>(name: N) {
  // `value` only (not TypedPropertyDescriptor, whose setter would make the check invariant): a
  // handler may take fewer arguments than a job, as a scheduled clean-up that ignores its data does.
  return (target: object, key: string | symbol, descriptor: { value?: JobHandlerMethod<N> }) =>
    SetMetadata(ON_JOB, name)(target, key, descriptor as PropertyDescriptor);
}
