import type { JobStateView } from '@contract';
import { JOB_KEY_HEADER, jobId, type QueueName } from '@contract/values';

import { api } from './api';

/** An AI call with the key the client follows its job by (GET /api/jobs/ai-<userId>-<jobKey>). */
export interface WithJobKey<T> {
  body: T;
  jobKey: string;
}

/** The POST of an AI call, carrying its job key. */
export const aiCall = <T>(url: string, { body, jobKey }: WithJobKey<T>) => ({
  url,
  method: 'POST',
  body,
  headers: { [JOB_KEY_HEADER]: jobKey },
});

/** A fresh key for following one AI job (contract JobKey: 8–64 letters, digits, dashes). */
export function newJobKey(): string {
  return crypto.randomUUID();
}

const jobsApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** Progress of a running AI job; polled while the call that started it is pending. */
    getJob: builder.query<JobStateView, string>({
      query: (id) => `jobs/${id}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

const POLL_MS = 400;

/**
 * Progress (0–100) of the caller's job (an AI job unless `queue` says) while `active`; null before the worker has reported any.
 * Polled from the start: until the call that was just sent has queued the job, the server answers
 * 'waiting' for the caller's own id.
 */
export function useJobProgress(
  userId: string | undefined,
  jobKey: string | null,
  active: boolean,
  queue: QueueName = 'ai',
): number | null {
  const id = userId && jobKey ? jobId(queue, userId, jobKey) : '';
  const { data } = jobsApi.useGetJobQuery(id, { skip: !active || !id, pollingInterval: POLL_MS });
  return active && data ? data.progress : null;
}
