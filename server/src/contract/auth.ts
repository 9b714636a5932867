import { z } from 'zod';

import { UserView } from './user';

/**
 * Base58 Solana address: 32 bytes, 32 to 44 characters of the bitcoin alphabet. Not every such
 * text decodes to 32 bytes, which no pattern short of a huge one can tell; the challenge refuses
 * the others (400 AUTH_INVALID_WALLET), and the document names the rule as its own format.
 */
export const WalletAddress = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'walletAddress must be a base58 Solana address')
  .meta({ format: 'solana-address', description: 'a Solana public key: base58 of exactly 32 bytes' });

export const PhantomChallenge = z.object({ nonce: z.string(), message: z.string(), expiresAt: z.string() });
export type PhantomChallenge = z.infer<typeof PhantomChallenge>;

export const PhantomSignIn = z.strictObject({
  walletAddress: WalletAddress,
  // A missing or garbled signature is an authentication failure (401), not a form error.
  signature: z.string().max(200).default(''),
  nonce: z.string().regex(/^[a-f0-9]{32}$/, 'nonce is malformed'),
});
export type PhantomSignIn = z.infer<typeof PhantomSignIn>;

export const AuthSession = z.object({ user: UserView, token: z.string() });
export type AuthSession = z.infer<typeof AuthSession>;

/** GET /api/auth/verify answers the user, plus a session token when it was given a single-use login code. */
export const VerifyResponse = UserView.extend({ token: z.string().optional() });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** POST /api/auth/twitter/link-code: what the profile navigates with, to `/api/auth/twitter?link=<code>`. */
export const XLinkCode = z.object({ code: z.string(), expiresAt: z.string() });
export type XLinkCode = z.infer<typeof XLinkCode>;

/** `GET /api/auth/twitter?link=<code>`: the start of "link your X account" instead of a sign-in. */
export const XStartQuery = z.strictObject({
  link: z
    .string()
    .regex(/^[a-f0-9]{48}$/, 'link code is malformed')
    .optional(),
});
