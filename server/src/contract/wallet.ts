import { z } from 'zod';

import { CREDIT_PACKAGE_PRICES } from './values';

/** A Solana transaction signature: 64 bytes in base58 (87 or 88 characters, fewer with leading zeros). */
export const TransactionSignature = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'transactionHash must be a base58 Solana transaction signature');

/** docs/product.md; `lamports` is what the transfer must pay (1 SOL = 1e9). */
export const CreditPackage = z.object({
  credits: z.number().int(),
  sol: z.number(),
  usd: z.number(),
  lamports: z.number().int(),
});
export type CreditPackage = z.infer<typeof CreditPackage>;

export const CreditPackageList = z.array(CreditPackage);

/** docs/product.md: `POST /api/credits/purchase` after the browser sent and confirmed the transfer. */
export const PurchaseRequest = z
  .strictObject({
    transactionHash: TransactionSignature,
    creditsAmount: z.number().int().positive(),
    solAmount: z.number().positive(),
  })
  // The packages, as the document states them; another pair is 400 PURCHASE_INVALID_PACKAGE, listing them.
  .meta({
    anyOf: CREDIT_PACKAGE_PRICES.map((p) => ({
      properties: { creditsAmount: { enum: [p.credits] }, solAmount: { enum: [p.sol] } },
    })),
  });
export type PurchaseRequest = z.infer<typeof PurchaseRequest>;

export const PurchaseResult = z.object({
  credits: z.number().int(),
  newBalance: z.number().int().min(0),
  signature: z.string(),
});
export type PurchaseResult = z.infer<typeof PurchaseResult>;
