import { useGetJobQuery } from './workoutsApi';

const POLL_MS = 400;

/** Progress (0–100) of the caller's AI job while `active`; null before the worker has reported any. */
export function useJobProgress(userId: string | undefined, jobKey: string | null, active: boolean): number | null {
  const jobId = userId && jobKey ? `ai-${userId}-${jobKey}` : '';
  const { data } = useGetJobQuery(jobId, { skip: !active || !jobId, pollingInterval: POLL_MS });
  return active && data ? data.progress : null;
}
