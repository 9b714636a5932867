import http from 'node:http';

import { Keypair, PublicKey, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';

import { FakeServer, sendJson, startFake } from './http-fake';

/**
 * A Solana JSON-RPC node on loopback, enough for web3.js 1.x: the server's `getTransaction`
 * (`json` and `jsonParsed`) and the browser's getLatestBlockhash → sendTransaction →
 * getSignatureStatuses / getBlockHeight. Transactions are real, signed web3.js transactions; the
 * fake checks their signatures and derives balances from the transfers they carry.
 */

const FEE_PER_SIGNATURE = 5000;
const STARTING_BALANCE = 2_000_000_000;

export interface StoredTransaction {
  tx: Transaction;
  slot: number;
  blockTime: number | null;
  err: unknown;
  /** getTransaction answers null until this time (ms since epoch): "not confirmed yet". */
  visibleAt: number;
  /** getTransaction answers null this many more times before showing it. */
  hiddenLookups: number;
  preBalances: number[];
  postBalances: number[];
}

export interface AddOptions {
  /** A transaction error (e.g. `{ InstructionError: [0, 'Custom'] }`); the transfer then moves nothing. */
  err?: unknown;
  /** Seconds since the epoch; defaults to now. */
  blockTime?: number | null;
  /** Hide the transaction for this long after it lands. */
  hiddenForMs?: number;
  /** Answer null to the first this-many getTransaction calls (a deterministic "not found yet"). */
  hiddenForLookups?: number;
}

export interface FakeSolanaRpc extends FakeServer {
  /** `null` serves normally; '503' answers every call with 503; 'reset' drops every connection. */
  outage: null | '503' | 'reset';
  /** Options applied to the next sendTransaction calls (delay visibility, fail them). */
  sendOptions: AddOptions;
  transactions: Map<string, StoredTransaction>;
  /** Stores a signed transaction as landed; answers its signature. */
  land(tx: Transaction, options?: AddOptions): string;
  balance(address: string): number;
  /** Moves the block height on, as time passes on a cluster (blockhashes expire after 150). */
  advanceBlocks(count: number): void;
}

/** A signed SOL transfer, as the browser builds it. */
export function signedTransfer(
  from: Keypair,
  to: PublicKey | string,
  lamports: number,
  blockhash = bs58.encode(Keypair.generate().publicKey.toBytes()),
): Transaction {
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: new PublicKey(to), lamports }),
  );
  tx.sign(from);
  return tx;
}

/** The `transaction` field of a getTransaction answer in `json` encoding. */
export function jsonEncoding(tx: Transaction) {
  const message = tx.compileMessage();
  return {
    signatures: tx.signatures.map((s) => bs58.encode(s.signature ?? new Uint8Array(64))),
    message: {
      header: message.header,
      accountKeys: message.accountKeys.map((k) => k.toBase58()),
      recentBlockhash: message.recentBlockhash,
      instructions: message.instructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: ix.accounts,
        data: ix.data,
        stackHeight: null,
      })),
    },
  };
}

/** The same in `jsonParsed` encoding: annotated keys, system transfers parsed, anything else raw. */
export function jsonParsedEncoding(tx: Transaction) {
  const message = tx.compileMessage();
  const keys = message.accountKeys.map((k) => k.toBase58());
  return {
    signatures: jsonEncoding(tx).signatures,
    message: {
      accountKeys: keys.map((pubkey, i) => ({
        pubkey,
        signer: message.isAccountSigner(i),
        writable: message.isAccountWritable(i),
        source: 'transaction',
      })),
      recentBlockhash: message.recentBlockhash,
      instructions: tx.instructions.map((ix) => {
        if (
          ix.programId.equals(SystemProgram.programId) &&
          SystemInstruction.decodeInstructionType(ix) === 'Transfer'
        ) {
          const { fromPubkey, toPubkey, lamports } = SystemInstruction.decodeTransfer(ix);
          return {
            program: 'system',
            programId: SystemProgram.programId.toBase58(),
            parsed: {
              type: 'transfer',
              info: { source: fromPubkey.toBase58(), destination: toPubkey.toBase58(), lamports: Number(lamports) },
            },
            stackHeight: null,
          };
        }
        return {
          programId: ix.programId.toBase58(),
          accounts: ix.keys.map((k) => k.pubkey.toBase58()),
          data: bs58.encode(ix.data),
          stackHeight: null,
        };
      }),
    },
  };
}

export async function startFakeSolanaRpc(): Promise<FakeSolanaRpc> {
  const transactions = new Map<string, StoredTransaction>();
  const balances = new Map<string, number>();
  let slot = 1000;
  const balanceOf = (address: string) => balances.get(address) ?? STARTING_BALANCE;

  function land(tx: Transaction, options: AddOptions = {}): string {
    if (!tx.verifySignatures()) throw new Error('transaction signatures do not verify');
    const signature = bs58.encode(tx.signature!);
    const existing = transactions.get(signature);
    if (existing) return signature;
    const keys = tx.compileMessage().accountKeys.map((k) => k.toBase58());
    const preBalances = keys.map(balanceOf);
    const fee = FEE_PER_SIGNATURE * tx.signatures.length;
    balances.set(keys[0], balanceOf(keys[0]) - fee);
    if (!options.err) {
      for (const ix of tx.instructions) {
        if (!ix.programId.equals(SystemProgram.programId) || SystemInstruction.decodeInstructionType(ix) !== 'Transfer')
          continue;
        const { fromPubkey, toPubkey, lamports } = SystemInstruction.decodeTransfer(ix);
        balances.set(fromPubkey.toBase58(), balanceOf(fromPubkey.toBase58()) - Number(lamports));
        balances.set(toPubkey.toBase58(), balanceOf(toPubkey.toBase58()) + Number(lamports));
      }
    }
    transactions.set(signature, {
      tx,
      slot: ++slot,
      blockTime: options.blockTime === undefined ? Math.floor(Date.now() / 1000) : options.blockTime,
      err: options.err ?? null,
      visibleAt: Date.now() + (options.hiddenForMs ?? 0),
      hiddenLookups: options.hiddenForLookups ?? 0,
      preBalances,
      postBalances: keys.map(balanceOf),
    });
    return signature;
  }

  const visible = (signature: string) => {
    const stored = transactions.get(signature);
    return stored && stored.visibleAt <= Date.now() ? stored : null;
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getVersion: () => ({ 'solana-core': '2.1.0-fake', 'feature-set': 1 }),
    getHealth: () => 'ok',
    getSlot: () => slot,
    getBlockHeight: () => slot,
    getBalance: ([address]) => ({ context: { slot }, value: balanceOf(String(address)) }),
    getLatestBlockhash: () => ({
      context: { slot },
      value: { blockhash: bs58.encode(Keypair.generate().publicKey.toBytes()), lastValidBlockHeight: slot + 150 },
    }),
    sendTransaction: ([encoded, config]) => {
      const encoding = (config as { encoding?: string } | undefined)?.encoding ?? 'base58';
      const bytes =
        encoding === 'base64' ? Buffer.from(String(encoded), 'base64') : Buffer.from(bs58.decode(String(encoded)));
      return land(Transaction.from(bytes), fake.sendOptions);
    },
    getSignatureStatuses: ([signatures]) => ({
      context: { slot },
      value: (signatures as string[]).map((signature) => {
        const stored = visible(signature);
        return stored
          ? { slot: stored.slot, confirmations: null, err: stored.err, confirmationStatus: 'confirmed' }
          : null;
      }),
    }),
    getTransaction: ([signature, config]) => {
      const stored = visible(String(signature));
      if (!stored || stored.hiddenLookups-- > 0) return null;
      const parsed = (config as { encoding?: string } | undefined)?.encoding === 'jsonParsed';
      return {
        slot: stored.slot,
        blockTime: stored.blockTime,
        version: 'legacy',
        transaction: parsed ? jsonParsedEncoding(stored.tx) : jsonEncoding(stored.tx),
        meta: {
          err: stored.err,
          status: stored.err ? { Err: stored.err } : { Ok: null },
          fee: FEE_PER_SIGNATURE * stored.tx.signatures.length,
          preBalances: stored.preBalances,
          postBalances: stored.postBalances,
          innerInstructions: [],
          logMessages: [],
          preTokenBalances: [],
          postTokenBalances: [],
          rewards: [],
          loadedAddresses: { writable: [], readonly: [] },
          computeUnitsConsumed: 150,
        },
      };
    },
  };

  function answer(call: { id?: unknown; method?: string; params?: unknown[] }) {
    const method = methods[call.method ?? ''];
    if (!method) return { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32601, message: 'Method not found' } };
    try {
      return { jsonrpc: '2.0', id: call.id ?? null, result: method(call.params ?? []) };
    } catch (err) {
      return { jsonrpc: '2.0', id: call.id ?? null, error: { code: -32002, message: (err as Error).message } };
    }
  }

  const server = await startFake((req, res: http.ServerResponse) => {
    // Browsers preflight the JSON POST from the app's origin.
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type, solana-client');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (fake.outage === 'reset') return res.socket?.destroy();
    if (fake.outage === '503') return sendJson(res, 503, { error: 'service unavailable' });
    const body = JSON.parse(req.body || 'null') as unknown;
    sendJson(res, 200, Array.isArray(body) ? body.map(answer) : answer(body as object));
  });

  const fake: FakeSolanaRpc = Object.assign(server, {
    outage: null,
    sendOptions: {},
    transactions,
    land,
    balance: balanceOf,
    advanceBlocks: (count: number) => {
      slot += count;
    },
  });
  return fake;
}
