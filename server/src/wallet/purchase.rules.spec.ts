import { Keypair, SystemProgram, Transaction, TransactionInstruction, VersionedMessage } from '@solana/web3.js';

import { jsonEncoding, jsonParsedEncoding, signedTransfer } from '../../../test/fakes/solana-rpc';
import {
  CREDIT_PACKAGES,
  ObservedTransaction,
  packageFor,
  paymentProblem,
  systemTransfers,
  verifyRetryPlan,
} from './purchase.rules';

const payer = Keypair.generate();
const treasury = Keypair.generate().publicKey.toBase58();

describe('credit packages', () => {
  it('sells exactly the four packages of docs/product.md at 1 SOL = 1e9 lamports', () => {
    expect(CREDIT_PACKAGES.map((p) => [p.credits, p.sol, p.usd, p.lamports])).toEqual([
      [100, 0.001, 0.2, 1_000_000],
      [500, 0.005, 0.95, 5_000_000],
      [1000, 0.009, 1.8, 9_000_000],
      [2500, 0.02, 4.25, 20_000_000],
    ]);
  });

  it('finds a package only by its exact credits and SOL price', () => {
    expect(packageFor(500, 0.005)?.lamports).toBe(5_000_000);
    expect(packageFor(2500, 0.02)?.credits).toBe(2500);
    expect(packageFor(500, 0.001)).toBeNull();
    expect(packageFor(2500, 0.001)).toBeNull();
    expect(packageFor(501, 0.005)).toBeNull();
    expect(packageFor(100, 0.0010001)).toBeNull();
  });
});

describe('reading System Program transfers from a getTransaction answer', () => {
  // A transfer next to an unrelated instruction, built and signed with real keypairs.
  const memo = new TransactionInstruction({
    programId: Keypair.generate().publicKey,
    keys: [],
    data: Buffer.from('hello'),
  });
  const tx = signedTransfer(payer, treasury, 5_000_000);
  const mixed = new Transaction({ feePayer: payer.publicKey, recentBlockhash: tx.recentBlockhash }).add(
    memo,
    tx.instructions[0],
  );
  mixed.sign(payer);
  const expected = [{ from: payer.publicKey.toBase58(), to: treasury, lamports: 5_000_000 }];

  it('reads the json encoding (programIdIndex, base58 data)', () => {
    expect(systemTransfers(jsonEncoding(mixed).message)).toEqual(expected);
  });

  it('reads web3.js’s decoding of it (compiledInstructions with bytes)', () => {
    expect(systemTransfers(VersionedMessage.deserialize(mixed.serializeMessage()))).toEqual(expected);
  });

  it('reads the jsonParsed encoding and the raw form it uses for unknown programs', () => {
    expect(systemTransfers(jsonParsedEncoding(mixed).message)).toEqual(expected);
    const raw = jsonParsedEncoding(tx).message;
    raw.instructions = [
      {
        programId: SystemProgram.programId.toBase58(),
        accounts: expected.map((e) => [e.from, e.to]).flat(),
        data: jsonEncoding(tx).message.instructions[0].data,
        stackHeight: null,
      },
    ];
    expect(systemTransfers(raw)).toEqual(expected);
  });

  it('ignores other System Program instructions and malformed ones', () => {
    const create = SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: Keypair.generate().publicKey,
      lamports: 9_000_000,
      space: 0,
      programId: SystemProgram.programId,
    });
    const other = new Transaction({ feePayer: payer.publicKey, recentBlockhash: tx.recentBlockhash }).add(create);
    expect(systemTransfers(jsonEncoding(other).message)).toEqual([]);
    expect(
      systemTransfers({
        accountKeys: [SystemProgram.programId.toBase58()],
        instructions: [{ programIdIndex: 0, accounts: [5, 6], data: jsonEncoding(tx).message.instructions[0].data }],
      }),
    ).toEqual([]);
    expect(
      systemTransfers({ instructions: [{ program: 'system', parsed: { type: 'transfer', info: { source: 'a' } } }] }),
    ).toEqual([]);
  });

  it('resolves v0 lookup-table addresses after the static keys', () => {
    const keys = [payer.publicKey.toBase58(), SystemProgram.programId.toBase58()];
    const data = jsonEncoding(tx).message.instructions[0].data;
    const message = { accountKeys: keys, instructions: [{ programIdIndex: 1, accounts: [0, 2], data }] };
    expect(systemTransfers(message, { writable: [treasury], readonly: [] })).toEqual(expected);
  });
});

describe('judging a payment', () => {
  const now = 1_750_000_000;
  const good: ObservedTransaction = {
    failed: false,
    blockTime: now - 60,
    transfers: [{ from: payer.publicKey.toBase58(), to: treasury, lamports: 5_000_000 }],
  };
  const expectation = { payer: payer.publicKey.toBase58(), treasury, lamports: 5_000_000, now };

  it('accepts a recent, successful transfer of at least the price from the payer to the treasury', () => {
    expect(paymentProblem(good, expectation)).toBeNull();
    expect(
      paymentProblem(
        { ...good, transfers: [...good.transfers, { ...good.transfers[0], lamports: 1 }] },
        { ...expectation, lamports: 5_000_001 },
      ),
    ).toBeNull();
  });

  it('names each reason for refusing', () => {
    expect(paymentProblem({ ...good, failed: true }, expectation)).toMatch(/failed on chain/);
    expect(
      paymentProblem(
        { ...good, transfers: [{ ...good.transfers[0], to: Keypair.generate().publicKey.toBase58() }] },
        expectation,
      ),
    ).toMatch(/does not pay the treasury/);
    expect(
      paymentProblem(
        { ...good, transfers: [{ ...good.transfers[0], from: Keypair.generate().publicKey.toBase58() }] },
        expectation,
      ),
    ).toMatch(/not sent from your linked wallet/);
    expect(paymentProblem(good, { ...expectation, lamports: 9_000_000 })).toBe(
      'This transaction paid 0.005 SOL but the package costs 0.009 SOL.',
    );
    expect(paymentProblem({ ...good, blockTime: now - 3601 }, expectation)).toMatch(/more than an hour old/);
    expect(paymentProblem({ ...good, blockTime: null }, expectation)).toMatch(/no block time/);
  });
});

describe('retry schedule for a transaction not visible yet', () => {
  it('spreads 7 attempts over the whole window and waits long enough for them', () => {
    const plan = verifyRetryPlan(60_000, 10_000);
    const waits = Array.from({ length: plan.attempts - 1 }, (_, i) => plan.backoffMs * 2 ** i);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60_000);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(61_000);
    expect(plan.timeoutMs).toBeGreaterThan(60_000 + 7 * 10_000);
  });
});
