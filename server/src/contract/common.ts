import { z } from 'zod';

import { TIME_ZONE_NAMES } from './values';

/** A MongoDB ObjectId as 24 hex characters, either case; anything else is a 400, never a cast error. */
export const ObjectIdString = z
  .string()
  .regex(/^[a-f0-9]{24}$/i, 'must be a 24-character hex id')
  // JSON Schema patterns take no flags: the document spells the case-insensitivity out.
  .meta({ pattern: '^[a-fA-F0-9]{24}$' });

/**
 * An IANA time zone name as the browser reports it (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
 * A plain string here, so that the handler refuses an unknown one with its route's own message; the
 * document lists the names it accepts (users.rules ianaTimeZone).
 */
export const TimeZoneName = z
  .string()
  .max(64)
  .meta({ enum: [...TIME_ZONE_NAMES] });

/** Routes that name a user in the path: it must be the signed-in user (403 otherwise). */
export const UserIdParam = z.strictObject({ userId: ObjectIdString });

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;
