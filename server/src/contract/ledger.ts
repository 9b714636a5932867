import { z } from 'zod';

import { ObjectIdString } from './common';
import { LEDGER_PAGE_MAX, LEDGER_PAGE_SIZE } from './values';

/** One ledger row as the TRANSACTION_LEDGER table shows it; `balance` is the exact balance after it. */
export const TransactionView = z.object({
  id: z.string(),
  seq: z.number().int(),
  createdAt: z.string(),
  reason: z.string(),
  kind: z.string(),
  amount: z.number().int(),
  balance: z.number().int().min(0),
  ref: z.string().nullable(),
});
export type TransactionView = z.infer<typeof TransactionView>;

export const TransactionList = z.array(TransactionView);

export const TransactionsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_SIZE),
  /** Seq cursor: rows older than this one (the last row's `seq` of the previous page). */
  before: z.coerce.number().int().min(1).optional(),
});
export type TransactionsQuery = z.infer<typeof TransactionsQuery>;

export const OptionalUserIdParam = z.strictObject({ userId: ObjectIdString.optional() });
