/**
 * The on-chain half of a purchase, loaded with `import()` only when a package is bought, so
 * @solana/web3.js stays out of every first-load bundle.
 */
import './bufferGlobal';

import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';

import type { PurchaseStep } from './purchase.logic';

const STATUS_POLL_MS = 1000;

export interface TreasuryPayment {
  rpcUrl: string;
  treasury: string;
  /** The connected wallet's address: it pays the transfer and its fee. */
  payer: string;
  lamports: number;
  /** The wallet's signTransaction. */
  sign: (transaction: Transaction) => Promise<Transaction>;
  onStep: (step: PurchaseStep) => void;
}

/** The cluster said the transfer did not happen: it failed on chain or expired unconfirmed. */
class TransferNotMade extends Error {}

/**
 * Builds, signs, sends and confirms a System Program transfer to the treasury; answers its
 * signature. Throws when no SOL moved; once sent, an RPC that stops answering is no such proof (the
 * transfer may have landed), so the signature is answered and the server's verification decides.
 */
export async function payTreasury({
  rpcUrl,
  treasury,
  payer,
  lamports,
  sign,
  onStep,
}: TreasuryPayment): Promise<string> {
  const connection = new Connection(rpcUrl, 'confirmed');
  const feePayer = new PublicKey(payer);
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
  const transaction = new Transaction({ feePayer, blockhash, lastValidBlockHeight }).add(
    SystemProgram.transfer({ fromPubkey: feePayer, toPubkey: new PublicKey(treasury), lamports }),
  );
  onStep('SIGNING');
  const signed = await sign(transaction);
  onStep('SENDING');
  const signature = await connection.sendRawTransaction(signed.serialize());
  onStep('CONFIRMING');
  try {
    await waitForConfirmation(connection, signature, lastValidBlockHeight);
  } catch (err) {
    if (err instanceof TransferNotMade) throw err;
  }
  return signature;
}

/**
 * Polls the signature's status until the cluster confirms it or its blockhash expires. Not web3.js's
 * confirmTransaction: that one waits on a websocket at the RPC port + 1, which neither the page's
 * Content-Security-Policy nor every RPC provider allows.
 */
async function waitForConfirmation(
  connection: Connection,
  signature: string,
  lastValidBlockHeight: number,
): Promise<void> {
  for (;;) {
    const {
      value: [status],
    } = await connection.getSignatureStatuses([signature]);
    if (status?.err) throw new TransferNotMade(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    if ((await connection.getBlockHeight('confirmed')) > lastValidBlockHeight)
      throw new TransferNotMade(`Transaction ${signature} expired unconfirmed`);
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
}
