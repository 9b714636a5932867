import { z } from 'zod';

export const AchievementView = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  earnedAt: z.string(),
});
export type AchievementView = z.infer<typeof AchievementView>;
export const AchievementList = z.array(AchievementView);
