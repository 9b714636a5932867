import { z } from 'zod';

import { ObjectIdString } from './common';
import { singleLineText } from './text';
import { EARN_ACTIONS, MARKETPLACE_COSTS, TWEET_URL_PATTERN } from './values';

/** docs/product.md: the fixed catalogue of the REDEMPTION_MARKETPLACE. */
export const MarketplaceItemId = z.enum(Object.keys(MARKETPLACE_COSTS) as [keyof typeof MARKETPLACE_COSTS]);
export type MarketplaceItemId = z.infer<typeof MarketplaceItemId>;

export const MarketplaceItem = z.object({
  id: MarketplaceItemId,
  title: z.string(),
  description: z.string(),
  cost: z.number().int().positive(),
  category: z.enum(['discount', 'access', 'product', 'service']),
  available: z.boolean(),
  icon: z.string(),
});
export type MarketplaceItem = z.infer<typeof MarketplaceItem>;
export const MarketplaceList = z.array(MarketplaceItem);

export const RedeemRequest = z
  .strictObject({
    userId: ObjectIdString,
    itemId: MarketplaceItemId,
    /** Must equal the catalogue's cost: the server never takes a price from the client. */
    cost: z.number().int().positive(),
    /** A fresh uuid per click makes a retried request redeem once; the server makes one up when absent. */
    requestId: z.uuid().optional(),
  })
  // Each item with its own cost, as the document states it; another cost is 400 CREDITS_INVALID_COST, naming the price.
  .meta({
    anyOf: Object.entries(MARKETPLACE_COSTS).map(([id, cost]) => ({
      properties: { itemId: { enum: [id] }, cost: { enum: [cost] } },
    })),
  });
export type RedeemRequest = z.infer<typeof RedeemRequest>;

export const RedemptionView = z.object({
  id: z.string(),
  itemId: MarketplaceItemId,
  title: z.string(),
  cost: z.number().int(),
  voucherCode: z.string(),
  createdAt: z.string(),
});
export type RedemptionView = z.infer<typeof RedemptionView>;
export const RedemptionList = z.array(RedemptionView);

export const RedeemResponse = z.object({ redemption: RedemptionView, balance: z.number().int().min(0) });
export type RedeemResponse = z.infer<typeof RedeemResponse>;

/** docs/product.md. */
export const EarnAction = z.enum(EARN_ACTIONS);
export type EarnAction = z.infer<typeof EarnAction>;

export const EarnRequest = z.strictObject({
  userId: ObjectIdString,
  action: EarnAction,
  /** Sent by the docs/product.md client; ignored, the server decides the amount. */
  credits: z.number().optional(),
});
export type EarnRequest = z.infer<typeof EarnRequest>;

export const EarnResponse = z.object({
  action: EarnAction,
  credits: z.number().int(),
  balance: z.number().int().min(0),
  pendingCredits: z.number().int().min(0),
  /** The credits went to pending credits, validated with the day's proofs (Complete Workout). */
  pending: z.boolean(),
});
export type EarnResponse = z.infer<typeof EarnResponse>;

/** How far along an earning action that takes more than one step is (the Weekly Streak's days). */
export const EarnProgress = z.object({
  current: z.number().int().min(0),
  target: z.number().int().positive(),
  unit: z.string(),
});
export type EarnProgress = z.infer<typeof EarnProgress>;

/** An earning action as CLAIM would find it now: the claim applies this same rule. */
export const EarnActionState = z.object({
  action: EarnAction,
  credits: z.number().int(),
  /** Done in its period and not paid for it yet: CLAIM pays now. */
  claimable: z.boolean(),
  /** Already paid in its period (today; the Weekly Streak this ISO week). */
  alreadyClaimed: z.boolean(),
  progress: EarnProgress.nullable(),
  /** What stands between the user and the claim, in a few words ("3/7 days to Weekly Streak"); null when claimable. */
  missing: z.string().nullable(),
  /** The claim pays into pending credits, validated with the day's proofs, not into the balance. */
  pending: z.boolean(),
});
export type EarnActionState = z.infer<typeof EarnActionState>;
export const EarnActionList = z.array(EarnActionState);

export const ValidateTweetRequest = z.strictObject({
  userId: ObjectIdString,
  /** Any text, so that one not matching TWEET_URL is answered with docs/product.md 'Invalid Tweet URL'; the document states the pattern. */
  tweetUrl: z.string().max(500).meta({ pattern: TWEET_URL_PATTERN }),
  /** Sent by the docs/product.md client; ignored, the server computes the user's own link. */
  referralLink: singleLineText(z.string().max(500)).optional(),
});
export type ValidateTweetRequest = z.infer<typeof ValidateTweetRequest>;

export const ValidateTweetResponse = z.object({
  tweetId: z.string(),
  credits: z.number().int(),
  balance: z.number().int().min(0),
});
export type ValidateTweetResponse = z.infer<typeof ValidateTweetResponse>;

export const PoolView = z.object({
  balance: z.number().int().min(0),
  /** Short lines the INFO dialog shows. */
  rules: z.array(z.string()),
});
export type PoolView = z.infer<typeof PoolView>;
