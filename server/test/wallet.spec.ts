import { randomBytes } from 'node:crypto';

import { Connection, Keypair, Transaction } from '@solana/web3.js';

import { FakeSolanaRpc, signedTransfer, startFakeSolanaRpc } from '../../test/fakes/solana-rpc';
import { AuthService } from '../src/auth/auth.service';
import { LedgerService } from '../src/ledger/ledger.service';
import { LedgerReadsService } from '../src/ledger/ledger-reads.service';
import { twitterIdentity } from '../src/users/identity.schema';
import { twitterUsername } from '../src/users/users.rules';
import { UsersService } from '../src/users/users.service';
import { SignedIn, signIn, signMessage, startTestApp, TestApp } from './harness';

const PACKAGE_500 = { creditsAmount: 500, solAmount: 0.005 };
const LAMPORTS_500 = 5_000_000;

describe('buying credits with SOL, verified against a fake Solana RPC', () => {
  let t: TestApp;
  let rpc: FakeSolanaRpc;
  let ledger: LedgerService;
  let reads: LedgerReadsService;
  const treasury = Keypair.generate().publicKey.toBase58();

  beforeAll(async () => {
    rpc = await startFakeSolanaRpc();
    t = await startTestApp({
      SOLANA_RPC_URL: rpc.url,
      TREASURY_ADDRESS: treasury,
      PURCHASE_CONFIRM_WINDOW_MS: '1500',
      SOLANA_RPC_TIMEOUT_MS: '2000',
    });
    ledger = t.app.get(LedgerService);
    reads = t.app.get(LedgerReadsService);
  });
  afterEach(() => {
    rpc.outage = null;
  });
  afterAll(async () => {
    await t.close();
    await rpc.close();
  });

  /** Sends a signed transaction through the RPC with web3.js, as the browser does. */
  const send = (tx: Transaction) => new Connection(rpc.url, 'confirmed').sendRawTransaction(tx.serialize());
  const purchase = (buyer: SignedIn, transactionHash: string, pack = PACKAGE_500) =>
    t.http
      .post('/api/credits/purchase')
      .set(buyer.auth)
      .send({ transactionHash, ...pack });
  const balanceOf = async (buyer: SignedIn) =>
    (await t.http.get('/api/user').set(buyer.auth).expect(200)).body.sweatCredits as number;
  const getTransactionCalls = (signature: string) =>
    rpc.requests.filter((r) => r.body.includes('"getTransaction"') && r.body.includes(signature)).length;

  /** A user who signed in with X only, and a session for them. */
  async function xUser(): Promise<SignedIn> {
    const id = randomBytes(6).toString('hex');
    const { user } = await t.app
      .get(UsersService)
      .signInIdentity(twitterIdentity(id), { twitterId: id, twitterHandle: `x_${id}` }, (a) =>
        twitterUsername(`x_${id}`, a),
      );
    const token = await t.app.get(AuthService).sessionToken(user);
    return {
      keypair: Keypair.generate(),
      token,
      user: t.app.get(UsersService).toView(user),
      auth: { Authorization: `Bearer ${token}` },
    };
  }

  /** The wallet-link flow: a `purpose=link` challenge signed by `keypair`; expects `status`. */
  async function linkWallet(who: SignedIn, keypair: Keypair, status: number) {
    const walletAddress = keypair.publicKey.toBase58();
    const challenge = await t.http
      .get('/api/auth/phantom/challenge')
      .query({ walletAddress, purpose: 'link' })
      .expect(200);
    return t.http
      .post('/api/auth/phantom/link')
      .set(who.auth)
      .send({ walletAddress, nonce: challenge.body.nonce, signature: signMessage(keypair, challenge.body.message) })
      .expect(status);
  }

  it('lists the four packages of docs/product.md', async () => {
    const buyer = await signIn(t);
    const res = await t.http.get('/api/credits/packages').set(buyer.auth).expect(200);
    expect(res.body.map((p: { credits: number; sol: number; usd: number }) => [p.credits, p.sol, p.usd])).toEqual([
      [100, 0.001, 0.2],
      [500, 0.005, 0.95],
      [1000, 0.009, 1.8],
      [2500, 0.02, 4.25],
    ]);
  });

  it('credits a good purchase once and lists it in the ledger with the signature as reference', async () => {
    const buyer = await signIn(t);
    const signature = await send(signedTransfer(buyer.keypair, treasury, LAMPORTS_500));
    const res = await purchase(buyer, signature).expect(200);
    expect(res.body).toEqual({ credits: 500, newBalance: 500, signature });
    expect(await balanceOf(buyer)).toBe(500);
    const rows = await t.http.get(`/api/transactions/${buyer.user.id}`).set(buyer.auth).expect(200);
    expect(rows.body).toEqual([
      expect.objectContaining({
        amount: 500,
        balance: 500,
        kind: 'purchase',
        ref: signature,
        reason: 'Purchased 500 credits (0.005 SOL)',
      }),
    ]);
    const call = JSON.parse(
      rpc.requests.find((r) => r.body.includes('"getTransaction"') && r.body.includes(signature))!.body,
    );
    // No encoding given: the RPC answers `json` (compiled instructions), which the rules decode.
    expect(call.params[1]).toEqual({ commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
  });

  it('credits the same signature sent 20 times at once exactly once', async () => {
    const buyer = await signIn(t);
    const signature = await send(signedTransfer(buyer.keypair, treasury, 20_000_000));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => purchase(buyer, signature, { creditsAmount: 2500, solAmount: 0.02 })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.body.credits))).toEqual(new Set([2500]));
    expect(await balanceOf(buyer)).toBe(2500);
    const rows = await t.http.get(`/api/transactions/${buyer.user.id}`).set(buyer.auth).expect(200);
    expect(rows.body).toHaveLength(1);
    // Replayed later, it still answers the one purchase and credits nothing.
    const replay = await purchase(buyer, signature, { creditsAmount: 2500, solAmount: 0.02 }).expect(200);
    expect(replay.body).toEqual({ credits: 2500, newBalance: 2500, signature });
  });

  it.each([
    [
      'underpaid',
      (buyer: SignedIn) => signedTransfer(buyer.keypair, treasury, 1_000_000),
      /paid 0.001 SOL but the package costs 0.005 SOL/,
    ],
    [
      'paid to another address',
      (buyer: SignedIn) => signedTransfer(buyer.keypair, Keypair.generate().publicKey, LAMPORTS_500),
      /does not pay the treasury/,
    ],
    [
      'paid from another wallet',
      () => signedTransfer(Keypair.generate(), treasury, LAMPORTS_500),
      /not sent from your linked wallet/,
    ],
  ])('refuses a transaction %s (400) and credits nothing', async (_case, build, reason) => {
    const buyer = await signIn(t);
    const signature = await send(build(buyer));
    const res = await purchase(buyer, signature).expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      code: 'PURCHASE_NOT_VERIFIED',
      message: expect.stringMatching(reason),
      error: 'Payment Not Verified',
    });
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('refuses a failed transaction and one older than an hour', async () => {
    const buyer = await signIn(t);
    const failed = rpc.land(signedTransfer(buyer.keypair, treasury, LAMPORTS_500), {
      err: { InstructionError: [0, { Custom: 1 }] },
    });
    expect((await purchase(buyer, failed).expect(400)).body.message).toMatch(/failed on chain/);
    const old = rpc.land(signedTransfer(buyer.keypair, treasury, LAMPORTS_500), {
      blockTime: Math.floor(Date.now() / 1000) - 2 * 3600,
    });
    expect((await purchase(buyer, old).expect(400)).body.message).toMatch(/more than an hour old/);
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('retries a transaction the RPC does not show yet, then credits it', async () => {
    const buyer = await signIn(t);
    rpc.sendOptions = { hiddenForLookups: 2 };
    const signature = await send(signedTransfer(buyer.keypair, treasury, LAMPORTS_500)).finally(
      () => (rpc.sendOptions = {}),
    );
    const res = await purchase(buyer, signature).expect(200);
    expect(res.body.newBalance).toBe(500);
    expect(getTransactionCalls(signature)).toBe(3);
  });

  it('answers 409 "not confirmed yet" when the transaction never shows up, crediting nothing', async () => {
    const buyer = await signIn(t);
    const signature = rpc.land(signedTransfer(buyer.keypair, treasury, LAMPORTS_500), { hiddenForMs: 60_000 });
    const res = await purchase(buyer, signature).expect(409);
    expect(res.body).toEqual({
      statusCode: 409,
      code: 'PURCHASE_NOT_CONFIRMED',
      message: expect.stringMatching(/not confirmed yet/),
      error: 'Not Confirmed Yet',
    });
    expect(getTransactionCalls(signature)).toBe(7);
    expect(await balanceOf(buyer)).toBe(0);
  });

  it.each(['503', 'reset'] as const)(
    'answers 503 while the RPC is down (%s), crediting nothing; a retry later succeeds',
    async (outage) => {
      const buyer = await signIn(t);
      const signature = rpc.land(signedTransfer(buyer.keypair, treasury, LAMPORTS_500));
      rpc.outage = outage;
      const res = await purchase(buyer, signature).expect(503);
      expect(res.body.error).toBe('Network Unavailable');
      expect(await balanceOf(buyer)).toBe(0);
      rpc.outage = null;
      expect((await purchase(buyer, signature).expect(200)).body.newBalance).toBe(500);
    },
  );

  it('refuses a signature already credited to another account (409)', async () => {
    const buyer = await signIn(t);
    const other = await signIn(t);
    const signature = await send(signedTransfer(buyer.keypair, treasury, LAMPORTS_500));
    await ledger.post({
      userId: other.user.id,
      amount: 500,
      kind: 'purchase',
      reason: 'earlier claim',
      idempotencyKey: `purchase:${signature}`,
      ref: signature,
    });
    const res = await purchase(buyer, signature).expect(409);
    expect(res.body).toEqual({
      statusCode: 409,
      code: 'PURCHASE_SIGNATURE_USED',
      message: expect.stringMatching(/already used .* another account/),
      error: 'Already Used',
    });
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('answers 400 for packages not on sale and malformed bodies, 401 without a session', async () => {
    const buyer = await signIn(t);
    const signature = await send(signedTransfer(buyer.keypair, treasury, 20_000_000));
    const wrong = await purchase(buyer, signature, { creditsAmount: 2500, solAmount: 0.001 }).expect(400);
    expect(wrong.body.error).toBe('Invalid Package');
    await purchase(buyer, signature, { creditsAmount: 250, solAmount: 0.005 }).expect(400);
    await purchase(buyer, 'not-a-signature').expect(400);
    await t.http
      .post('/api/credits/purchase')
      .set(buyer.auth)
      .send({ transactionHash: { $gt: '' }, ...PACKAGE_500 })
      .expect(400);
    await t.http
      .post('/api/credits/purchase')
      .set(buyer.auth)
      .send({ transactionHash: signature, ...PACKAGE_500, userId: buyer.user.id })
      .expect(400);
    await t.http
      .post('/api/credits/purchase')
      .send({ transactionHash: signature, ...PACKAGE_500 })
      .expect(401);
    expect(await balanceOf(buyer)).toBe(0);
  });

  describe('an X user links a wallet first', () => {
    it('asks a user without a wallet to link one (400)', async () => {
      const member = await xUser();
      const signature = await send(signedTransfer(Keypair.generate(), treasury, LAMPORTS_500));
      const res = await purchase(member, signature).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        code: 'PURCHASE_WALLET_REQUIRED',
        message: expect.stringMatching(/Link a Phantom wallet/),
        error: 'Wallet Required',
      });
    });

    it('links a wallet by signing the challenge, then buys with it', async () => {
      const member = await xUser();
      const wallet = Keypair.generate();
      const linked = await linkWallet(member, wallet, 200);
      expect(linked.body.walletAddress).toBe(wallet.publicKey.toBase58());
      expect(linked.body.id).toBe(member.user.id);
      const signature = await send(signedTransfer(wallet, treasury, 1_000_000));
      expect(
        (await purchase(member, signature, { creditsAmount: 100, solAmount: 0.001 }).expect(200)).body.newBalance,
      ).toBe(100);
    });

    it('refuses a wallet that belongs to another account (409) and a link signed by another key (401)', async () => {
      const owner = await signIn(t);
      const member = await xUser();
      const taken = await linkWallet(member, owner.keypair, 409);
      expect(taken.body.error).toBe('Wallet In Use');
      const first = await xUser();
      const wallet = Keypair.generate();
      await linkWallet(first, wallet, 200);
      await linkWallet(await xUser(), wallet, 409);

      const walletAddress = Keypair.generate().publicKey.toBase58();
      const challenge = await t.http
        .get('/api/auth/phantom/challenge')
        .query({ walletAddress, purpose: 'link' })
        .expect(200);
      await t.http
        .post('/api/auth/phantom/link')
        .set(member.auth)
        .send({
          walletAddress,
          nonce: challenge.body.nonce,
          signature: signMessage(Keypair.generate(), challenge.body.message),
        })
        .expect(401);
      expect((await t.http.get('/api/user').set(member.auth).expect(200)).body.walletAddress).toBeNull();
    });
  });

  it('leaves every ledger chain and cached balance sound', async () => {
    expect((await reads.verify()).problems).toEqual([]);
  });
});
