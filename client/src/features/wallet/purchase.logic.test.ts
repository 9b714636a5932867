import { describe, expect, it } from 'vitest';
import { CREDIT_PACKAGES, explorerTxUrl, lamportsFor, shortAddress } from './purchase.logic';

describe('purchase rules', () => {
  it('prices the four packages of SPEC.md in whole lamports', () => {
    expect(CREDIT_PACKAGES.map((p) => [p.credits, lamportsFor(p.sol), p.usd])).toEqual([
      [100, 1_000_000, 0.2],
      [500, 5_000_000, 0.95],
      [1000, 9_000_000, 1.8],
      [2500, 20_000_000, 4.25],
    ]);
  });

  it('links a transaction to the explorer of its cluster', () => {
    expect(explorerTxUrl('5abc', 'devnet')).toBe('https://explorer.solana.com/tx/5abc?cluster=devnet');
    expect(explorerTxUrl('5abc', 'mainnet-beta')).toBe('https://explorer.solana.com/tx/5abc');
  });

  it('shortens long addresses only', () => {
    expect(shortAddress('7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2')).toBe('7Np4…T4K2');
    expect(shortAddress('short')).toBe('short');
  });
});
