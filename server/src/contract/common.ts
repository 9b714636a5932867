import { z } from 'zod';

/** A MongoDB ObjectId as 24 hex characters; anything else is a 400, never a cast error. */
export const ObjectIdString = z.string().regex(/^[a-f0-9]{24}$/i, 'must be a 24-character hex id');

/** The one error shape every failure answers with. `error` is the short title a toast shows. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  error: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Routes that name a user in the path: it must be the signed-in user (403 otherwise). */
export const UserIdParam = z.strictObject({ userId: ObjectIdString });
