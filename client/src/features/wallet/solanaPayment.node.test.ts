// @vitest-environment node
import { Keypair, type Transaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type FakeSolanaRpc, startFakeSolanaRpc } from '../../../../test/fakes/solana-rpc';
import type { PurchaseStep } from './purchase.logic';
import { payTreasury } from './solanaPayment';

/** The on-chain half of a purchase, with real web3.js against the fake Solana JSON-RPC on loopback. */
describe('payTreasury', () => {
  const treasury = Keypair.generate().publicKey.toBase58();
  let rpc: FakeSolanaRpc;
  beforeAll(async () => {
    rpc = await startFakeSolanaRpc();
  });
  afterAll(() => rpc.close());

  function payment(payer: Keypair, onStep: (step: PurchaseStep) => void = () => undefined) {
    return payTreasury({
      rpcUrl: rpc.url,
      treasury,
      payer: payer.publicKey.toBase58(),
      lamports: 5_000_000,
      sign: async (transaction: Transaction) => {
        transaction.sign(payer);
        return transaction;
      },
      onStep,
    });
  }

  it('signs, sends and confirms the transfer; the treasury receives it', async () => {
    const steps: PurchaseStep[] = [];
    const before = rpc.balance(treasury);
    const signature = await payment(Keypair.generate(), (step) => steps.push(step));
    expect(rpc.transactions.has(signature)).toBe(true);
    expect(rpc.balance(treasury)).toBe(before + 5_000_000);
    expect(steps).toEqual(['SIGNING', 'SENDING', 'CONFIRMING']);
  });

  it('throws when the transfer failed on chain: no SOL moved', async () => {
    rpc.sendOptions = { err: { InstructionError: [0, 'Custom'] } };
    try {
      const before = rpc.balance(treasury);
      await expect(payment(Keypair.generate())).rejects.toThrow(/failed/);
      expect(rpc.balance(treasury)).toBe(before);
    } finally {
      rpc.sendOptions = {};
    }
  });

  it('throws when the transfer is still unconfirmed once its blockhash has expired', async () => {
    rpc.sendOptions = { hiddenForMs: 60_000 };
    try {
      await expect(
        payment(Keypair.generate(), (step) => {
          if (step === 'CONFIRMING') rpc.advanceBlocks(151);
        }),
      ).rejects.toThrow(/expired unconfirmed/);
    } finally {
      rpc.sendOptions = {};
    }
  });

  it('answers the signature when the RPC stops answering after the send, since the SOL may have moved', async () => {
    const before = rpc.balance(treasury);
    try {
      const signature = await payment(Keypair.generate(), (step) => {
        if (step === 'CONFIRMING') rpc.outage = '503';
      });
      expect(rpc.transactions.has(signature)).toBe(true);
      expect(rpc.balance(treasury)).toBe(before + 5_000_000);
    } finally {
      rpc.outage = null;
    }
  });

  it('throws when the wallet refuses to sign', async () => {
    await expect(
      payTreasury({
        rpcUrl: rpc.url,
        treasury,
        payer: Keypair.generate().publicKey.toBase58(),
        lamports: 1,
        sign: () => Promise.reject(new Error('User rejected the request.')),
        onStep: () => undefined,
      }),
    ).rejects.toThrow('User rejected the request.');
  });
});
