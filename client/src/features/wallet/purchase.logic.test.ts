import { describe, expect, it } from 'vitest';

import { explorerTxUrl, shortAddress } from './purchase.logic';

describe('purchase rules', () => {
  it('links a transaction to the explorer of its cluster', () => {
    expect(explorerTxUrl('5abc', 'devnet')).toBe('https://explorer.solana.com/tx/5abc?cluster=devnet');
    expect(explorerTxUrl('5abc', 'mainnet-beta')).toBe('https://explorer.solana.com/tx/5abc');
  });

  it('shortens long addresses only', () => {
    expect(shortAddress('7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2')).toBe('7Np4…T4K2');
    expect(shortAddress('short')).toBe('short');
  });
});
