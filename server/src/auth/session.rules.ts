import { z } from 'zod';

import { ObjectIdString } from '../contract';

/**
 * What a session token carries: its user (`sub`), its own id (`jti`, what signing out names), the
 * user's session epoch when it was issued (`ep`, what "sign out everywhere" moves on) and its end.
 */
const SessionClaimsSchema = z.object({
  sub: ObjectIdString,
  typ: z.literal('session'),
  jti: z.uuid(),
  ep: z.number().int().min(0),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type SessionClaims = z.infer<typeof SessionClaimsSchema>;

/** The claims of a verified token when they make a whole session token, else null (a 401). */
export function sessionClaims(payload: unknown): SessionClaims | null {
  const parsed = SessionClaimsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** Signed-out sessions a user's record remembers at most; a sign-out past it ends them all instead. */
export const MAX_REVOKED_SESSIONS = 50;

/**
 * Signing out one more session: which remembered ones have expired anyway (forgotten now), and
 * whether the list is full, in which case every session ends (it stays bounded on every read).
 */
export function revocationPlan(
  revoked: Record<string, number>,
  nowSeconds: number,
): { expired: string[]; endAll: boolean } {
  const expired = Object.keys(revoked).filter((jti) => revoked[jti] <= nowSeconds);
  return { expired, endAll: Object.keys(revoked).length - expired.length >= MAX_REVOKED_SESSIONS };
}

/** A single-use login code (X sign-in hands one to the client) as opposed to a session token. */
export function isLoginCode(token: string): boolean {
  return /^[a-f0-9]{48}$/.test(token);
}
