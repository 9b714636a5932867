/** Queues: `ai` for every AI job, `chain` for blockchain reads, `maintenance` for repeatable clean-ups. */
export const QUEUE_NAMES = ['ai', 'chain', 'maintenance'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Data every job carries so its owner (and only its owner) can read its state. */
export interface OwnedJobData {
  ownerId: string;
}
