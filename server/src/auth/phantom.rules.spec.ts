import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';

import { buildSignInMessage, isWalletAddress, verifyWalletSignature } from './phantom.rules';

const sign = (kp: Keypair, message: string) =>
  bs58.encode(nacl.sign.detached(new TextEncoder().encode(message), kp.secretKey));

describe('wallet signature check', () => {
  const wallet = Keypair.generate();
  const address = wallet.publicKey.toBase58();
  const message = buildSignInMessage({
    publicUrl: 'http://localhost:3000',
    walletAddress: address,
    nonce: 'abc',
    issuedAt: new Date('2026-01-01T00:00:00Z'),
    expiresAt: new Date('2026-01-01T00:05:00Z'),
    cluster: 'devnet',
    statement: 'Sign in to Sweat Credits.',
  });

  it('builds a message naming the host, the wallet, the nonce and the expiry', () => {
    expect(message.split('\n')[0]).toBe('localhost:3000 wants you to sign in with your Solana account:');
    expect(message).toContain(`\n${address}\n`);
    expect(message).toContain('Nonce: abc');
    expect(message).toContain('Expiration Time: 2026-01-01T00:05:00.000Z');
  });

  it('accepts the wallet’s own signature of the exact message', () => {
    expect(verifyWalletSignature(message, sign(wallet, message), address)).toBe(true);
  });

  it('refuses another wallet’s signature, a changed message and garbage', () => {
    const other = Keypair.generate();
    expect(verifyWalletSignature(message, sign(other, message), address)).toBe(false);
    expect(verifyWalletSignature(message + ' ', sign(wallet, message), address)).toBe(false);
    expect(verifyWalletSignature(message, 'not-base58-0OIl', address)).toBe(false);
    expect(verifyWalletSignature(message, '', address)).toBe(false);
    expect(verifyWalletSignature(message, sign(wallet, message), '1111')).toBe(false);
  });

  it('knows a 32-byte base58 address from anything else', () => {
    expect(isWalletAddress(address)).toBe(true);
    expect(isWalletAddress('11111111111111111111111111111111')).toBe(true);
    expect(isWalletAddress('abc')).toBe(false);
    expect(isWalletAddress('0OIl' + address.slice(4))).toBe(false);
  });
});
