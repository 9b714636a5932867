/** docs/product.md, Programs: where a member's program stands. */
export const ENROLMENT_STATUSES = ['active', 'paused', 'stopped', 'finished'] as const;
