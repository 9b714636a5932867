/**
 * Queues: `ai` for every AI job, `evidence` for the local checks of proof files (seconds of CPU each,
 * kept apart so they never hold the slots of quick AI jobs), `chain` for blockchain reads,
 * `maintenance` for repeatable clean-ups.
 */
export const QUEUE_NAMES = ['ai', 'evidence', 'chain', 'maintenance', 'imports'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Optional header a client sets on an AI call to follow its job's progress at GET /api/jobs/:id. */
export const JOB_KEY_HEADER = 'x-job-key';

/** A job's id, `<queue>-<ownerId>-<key>`: GET /api/jobs/:id finds the queue from it, then checks the owner. */
export function jobId(queue: QueueName, ownerId: string, key: string): string {
  return `${queue}-${ownerId}-${key}`;
}

/** The queue a job id names, or undefined. */
export function queueOfJob(id: string): QueueName | undefined {
  return QUEUE_NAMES.find((queue) => id.startsWith(`${queue}-`));
}
