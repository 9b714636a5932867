/** contract/system.ts JOB_KEY_HEADER (the client imports contract types only). */
const JOB_KEY_HEADER = 'x-job-key';

/** An AI call with the key the client follows its job by (GET /api/jobs/ai-<userId>-<jobKey>). */
export interface WithJobKey<T> {
  body: T;
  jobKey: string;
}

/** The POST of an AI call, carrying its job key. */
export const aiCall = <T>(url: string, { body, jobKey }: WithJobKey<T>) => ({ url, method: 'POST', body, headers: { [JOB_KEY_HEADER]: jobKey } });
