import { createPublicKey, verify } from 'node:crypto';

import bs58 from 'bs58';

/** Sign-In-With-Solana style message: what Phantom shows the user and signs. */
export function buildSignInMessage(input: {
  publicUrl: string;
  walletAddress: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
  cluster: string;
  statement: string;
}): string {
  const url = new URL(input.publicUrl);
  return [
    `${url.host} wants you to sign in with your Solana account:`,
    input.walletAddress,
    '',
    input.statement,
    '',
    `URI: ${url.origin}`,
    'Version: 1',
    `Chain ID: ${input.cluster}`,
    `Nonce: ${input.nonce}`,
    `Issued At: ${input.issuedAt.toISOString()}`,
    `Expiration Time: ${input.expiresAt.toISOString()}`,
  ].join('\n');
}

/**
 * True when `signature` (base58) is the ed25519 signature of `message` (UTF-8) by `walletAddress`.
 * Node's native ed25519: a pure-JS verify (tweetnacl) took ~12 ms of the event loop per sign-in.
 */
export function verifyWalletSignature(message: string, signature: string, walletAddress: string): boolean {
  try {
    const publicKey = bs58.decode(walletAddress);
    const sig = bs58.decode(signature);
    if (publicKey.length !== 32 || sig.length !== 64) return false;
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    });
    return verify(null, Buffer.from(message, 'utf8'), key, sig);
  } catch {
    return false;
  }
}

/** A base58 string that decodes to exactly 32 bytes (an ed25519 public key). */
export function isWalletAddress(value: string): boolean {
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}
