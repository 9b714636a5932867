import { z } from 'zod';

import { ProfileFields } from './profile';
import { PROFILE_RANKS } from './values';
import { Difficulty } from './workouts';

export const ProfileRank = z.enum(PROFILE_RANKS);
export type ProfileRank = z.infer<typeof ProfileRank>;

/** The signed-in user as every screen reads it (docs/product.md). */
export const UserView = z.object({
  id: z.string(),
  username: z.string(),
  walletAddress: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  /** Whether an X account is linked (at X sign-in or from the profile): posts pay only from it. */
  xLinked: z.boolean(),
  sweatCredits: z.number().int().min(0),
  pendingCredits: z.number().int().min(0),
  dailyStreak: z.number().int().min(0),
  currentStreak: z.number().int().min(0),
  longestStreak: z.number().int().min(0),
  profileRank: ProfileRank,
  /** Earned from the sessions a user completes (workouts.rules fitnessLevel). */
  fitnessLevel: Difficulty,
  ...ProfileFields.shape,
  totalWorkouts: z.number().int().min(0),
  latestBmi: z.number().nullable(),
  referralLink: z.string(),
  createdAt: z.string(),
});
export type UserView = z.infer<typeof UserView>;
