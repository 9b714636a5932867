/** Pure rules of buying credits with SOL: the package table, reading transfers, judging a payment. */
import bs58 from 'bs58';

import { CREDIT_PACKAGE_PRICES, type CreditPackage } from '../contract';

export const LAMPORTS_PER_SOL = 1_000_000_000;
export const SYSTEM_PROGRAM_ID = '11111111111111111111111111111111';
/** The System Program's Transfer instruction: u32 LE index 2, then u64 LE lamports. */
const SYSTEM_TRANSFER_INDEX = 2;
/** docs/product.md: a payment counts only if its block is at most an hour old. */
export const MAX_PAYMENT_AGE_SECONDS = 3600;

const toLamports = (sol: number) => Math.round(sol * LAMPORTS_PER_SOL);

/** docs/product.md, with the lamports each transfer must pay. */
export const CREDIT_PACKAGES: readonly CreditPackage[] = CREDIT_PACKAGE_PRICES.map((p) => ({
  ...p,
  lamports: toLamports(p.sol),
}));

/** The package with exactly these credits and SOL price, or null: no other combination is sold. */
export function packageFor(credits: number, sol: number): CreditPackage | null {
  return CREDIT_PACKAGES.find((p) => p.credits === credits && p.sol === sol) ?? null;
}

export interface SystemTransfer {
  from: string;
  to: string;
  lamports: number;
}

type AccountKey = string | { toBase58(): string } | { pubkey: string | { toBase58(): string } };

/** A top-level instruction in any of the shapes an RPC answer (or web3.js's decoding of it) uses. */
interface AnyInstruction {
  programIdIndex?: number;
  accounts?: Array<number | string>;
  accountKeyIndexes?: number[];
  data?: string | Uint8Array;
  programId?: string | { toBase58(): string };
  program?: string;
  parsed?: unknown;
}

/**
 * The message of a `getTransaction` answer: `json` encoding (accountKeys as strings, instructions
 * with programIdIndex and base58 data), web3.js's decoding of it (staticAccountKeys,
 * compiledInstructions with byte data), or `jsonParsed` (annotated keys, parsed system instructions).
 */
export interface AnyMessage {
  accountKeys?: AccountKey[];
  staticAccountKeys?: AccountKey[];
  instructions?: AnyInstruction[];
  compiledInstructions?: AnyInstruction[];
}

/** Addresses a v0 transaction loaded from lookup tables; they follow the static keys in index order. */
export interface LoadedAddresses {
  writable: AccountKey[];
  readonly: AccountKey[];
}

const keyString = (key: AccountKey): string =>
  typeof key === 'string' ? key : 'pubkey' in key ? keyString(key.pubkey) : key.toBase58();

/** Decodes a System Program Transfer from raw instruction parts; anything else is null. */
function decodeTransfer(programId: string, accounts: string[], data: Uint8Array): SystemTransfer | null {
  if (programId !== SYSTEM_PROGRAM_ID || data.length !== 12 || accounts.length < 2) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== SYSTEM_TRANSFER_INDEX) return null;
  const lamports = view.getBigUint64(4, true);
  if (lamports > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return { from: accounts[0], to: accounts[1], lamports: Number(lamports) };
}

function parsedTransfer(instruction: AnyInstruction): SystemTransfer | null {
  const parsed = instruction.parsed as
    { type?: string; info?: { source?: string; destination?: string; lamports?: number } } | undefined;
  if (instruction.program !== 'system' || parsed?.type !== 'transfer') return null;
  const { source, destination, lamports } = parsed.info ?? {};
  if (typeof source !== 'string' || typeof destination !== 'string' || !Number.isSafeInteger(lamports)) return null;
  return { from: source, to: destination, lamports: lamports as number };
}

/** Every top-level System Program transfer in a transaction message, whatever its encoding. */
export function systemTransfers(message: AnyMessage, loaded?: LoadedAddresses | null): SystemTransfer[] {
  const keys = [
    ...(message.staticAccountKeys ?? message.accountKeys ?? []),
    ...(loaded?.writable ?? []),
    ...(loaded?.readonly ?? []),
  ].map(keyString);
  const instructions = message.compiledInstructions ?? message.instructions ?? [];
  const transfers: SystemTransfer[] = [];
  for (const ix of instructions) {
    let transfer: SystemTransfer | null;
    if (ix.parsed !== undefined) {
      transfer = parsedTransfer(ix);
    } else {
      const data = typeof ix.data === 'string' ? bs58.decode(ix.data) : (ix.data ?? new Uint8Array());
      const programId = ix.programId !== undefined ? keyString(ix.programId) : keys[ix.programIdIndex ?? -1];
      const accounts = (ix.accountKeyIndexes ?? ix.accounts ?? []).map((a) => (typeof a === 'number' ? keys[a] : a));
      transfer = programId && accounts.every(Boolean) ? decodeTransfer(programId, accounts, data) : null;
    }
    if (transfer) transfers.push(transfer);
  }
  return transfers;
}

/** What a confirmed transaction must show to buy a package. */
export interface ExpectedPayment {
  payer: string;
  treasury: string;
  lamports: number;
  /** Seconds since the epoch. */
  now: number;
}

export interface ObservedTransaction {
  failed: boolean;
  blockTime: number | null | undefined;
  transfers: SystemTransfer[];
}

/** Why this transaction does not pay for the package (a sentence for the buyer), or null when it does. */
export function paymentProblem(tx: ObservedTransaction, expected: ExpectedPayment): string | null {
  if (tx.failed) return 'This transaction failed on chain, so it paid nothing. No credits were added.';
  const toTreasury = tx.transfers.filter((t) => t.to === expected.treasury);
  if (!toTreasury.length) return `This transaction does not pay the treasury address ${expected.treasury}.`;
  const fromPayer = toTreasury.filter((t) => t.from === expected.payer);
  if (!fromPayer.length) return `This payment was not sent from your linked wallet ${expected.payer}.`;
  const paid = fromPayer.reduce((sum, t) => sum + t.lamports, 0);
  if (paid < expected.lamports) {
    return `This transaction paid ${paid / LAMPORTS_PER_SOL} SOL but the package costs ${expected.lamports / LAMPORTS_PER_SOL} SOL.`;
  }
  if (typeof tx.blockTime !== 'number') return 'This transaction has no block time yet, so its age cannot be checked.';
  if (expected.now - tx.blockTime > MAX_PAYMENT_AGE_SECONDS)
    return 'This transaction is more than an hour old and cannot be used for a purchase.';
  return null;
}

/**
 * BullMQ retry schedule for a transaction the RPC does not show yet: 7 attempts with exponential
 * backoff (1, 2, 4 … 32 × base) cover `windowMs`; the HTTP call waits for all of them plus each
 * attempt's RPC time.
 */
export function verifyRetryPlan(
  windowMs: number,
  rpcTimeoutMs: number,
): { attempts: number; backoffMs: number; timeoutMs: number } {
  const attempts = 7;
  const backoffMs = Math.ceil(windowMs / (2 ** (attempts - 1) - 1));
  return { attempts, backoffMs, timeoutMs: windowMs + attempts * rpcTimeoutMs + 5000 };
}
