/**
 * Per-user budgets for the routes that queue work or move money: one signed-in user
 * could otherwise queue unbounded AI and proof-check jobs. Each group is one budget per user per
 * minute, shared by its routes and by every API replica (counted in Redis). Routes are written as
 * Express matches them: method and the route template.
 */
export const USER_RATE_LIMIT_GROUPS = {
  ai: {
    routes: [
      'POST /api/workout/generate',
      'POST /api/workout/generate-from-chat',
      'POST /api/workout/chat',
      'POST /api/bmi/analyze',
      'POST /api/proof/validate-all',
      'POST /api/proof/check',
      'POST /api/activities/read',
    ],
    message: 'Too many AI and proof-check requests, try again in a minute',
  },
  uploads: {
    routes: ['POST /api/proof/upload-url', 'POST /api/bmi/upload-url'],
    message: 'Too many uploads started, try again in a minute',
  },
  money: {
    routes: [
      'POST /api/credits/redeem',
      'POST /api/credits/earn',
      'POST /api/credits/validate-tweet',
      'POST /api/credits/purchase',
      'POST /api/goals',
    ],
    message: 'Too many credit operations, try again in a minute',
  },
} as const;

export type RateLimitGroup = keyof typeof USER_RATE_LIMIT_GROUPS;

/** The group a route belongs to, if any (`POST /api/goals`). */
export function rateLimitGroupOf(method: string, routeTemplate: string): RateLimitGroup | undefined {
  const route = `${method} ${routeTemplate}`;
  return (Object.keys(USER_RATE_LIMIT_GROUPS) as RateLimitGroup[]).find((group) =>
    (USER_RATE_LIMIT_GROUPS[group].routes as readonly string[]).includes(route),
  );
}
