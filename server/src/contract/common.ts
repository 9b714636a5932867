import { z } from 'zod';

/** A MongoDB ObjectId as 24 hex characters; anything else is a 400, never a cast error. */
export const ObjectIdString = z.string().regex(/^[a-f0-9]{24}$/i, 'must be a 24-character hex id');

/** Routes that name a user in the path: it must be the signed-in user (403 otherwise). */
export const UserIdParam = z.strictObject({ userId: ObjectIdString });

export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;
