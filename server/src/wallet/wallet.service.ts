import { Inject, Injectable } from '@nestjs/common';
import { Connection, VersionedTransactionResponse } from '@solana/web3.js';
import { Job } from 'bullmq';

import { AppError } from '../common/errors';
import { APP_CONFIG, AppConfig } from '../config/config';
import { CreditPackage, PurchaseRequest, PurchaseResult } from '../contract';
import { LedgerService } from '../ledger/ledger.service';
import { LedgerReadsService } from '../ledger/ledger-reads.service';
import { JobRefusal } from '../queue/job-errors';
import { JobData, JobName } from '../queue/job-registry';
import { JobsService } from '../queue/jobs.service';
import { OnJob } from '../queue/on-job.decorator';
import { UsersService } from '../users/users.service';
import { CREDIT_PACKAGES, packageFor, paymentProblem, systemTransfers, verifyRetryPlan } from './purchase.rules';

type VerifyPurchaseJob = JobData<JobName.PurchaseVerify>;

/** Buying credits with SOL: the browser pays the treasury, the server verifies the transfer on chain and credits once. */
@Injectable()
export class WalletService {
  private readonly connection: Connection;

  constructor(
    private readonly ledger: LedgerService,
    private readonly ledgerReads: LedgerReadsService,
    private readonly users: UsersService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const { rpcUrl, rpcTimeoutMs } = config.solana;
    this.connection = new Connection(rpcUrl, {
      commitment: 'confirmed',
      disableRetryOnRateLimit: true,
      // web3.js waits forever by default; a hung RPC must count as unreachable. It also only passes
      // on rejections that are `instanceof Error` in its own realm and hangs on others (as fetch's
      // errors are under Jest), so network failures are re-thrown as plain Errors.
      fetch: (input, init) =>
        fetch(input, { ...init, signal: AbortSignal.timeout(rpcTimeoutMs) }).catch((err: unknown) => {
          throw new Error(`Solana RPC unreachable: ${String((err as { message?: unknown })?.message ?? err)}`);
        }),
    });
  }

  packages(): readonly CreditPackage[] {
    return CREDIT_PACKAGES;
  }

  async purchase(userId: string, request: PurchaseRequest): Promise<PurchaseResult> {
    const pack = packageFor(request.creditsAmount, request.solAmount);
    if (!pack) {
      const offer = CREDIT_PACKAGES.map((p) => `${p.credits} for ${p.sol} SOL`).join(', ');
      throw new AppError(
        'PURCHASE_INVALID_PACKAGE',
        `There is no package of ${request.creditsAmount} credits for ${request.solAmount} SOL. Packages: ${offer}.`,
        'Invalid Package',
      );
    }
    const { walletAddress } = await this.users.view(userId);
    if (!walletAddress)
      throw new AppError(
        'PURCHASE_WALLET_REQUIRED',
        'Link a Phantom wallet to your account before buying credits with SOL.',
        'Wallet Required',
      );
    const plan = verifyRetryPlan(this.config.solana.purchaseConfirmWindowMs, this.config.solana.rpcTimeoutMs);
    const data: VerifyPurchaseJob = {
      ownerId: userId,
      signature: request.transactionHash,
      walletAddress,
      credits: pack.credits,
      sol: pack.sol,
      lamports: pack.lamports,
    };
    return this.jobs.run(JobName.PurchaseVerify, data, plan);
  }

  /**
   * The `purchase.verify` job. A transaction the RPC does not show yet, or an RPC that cannot be
   * reached, is retried by BullMQ with backoff; on the last attempt it becomes a refusal
   * (409 / 503) with nothing credited. The credit is posted here, in the worker, so a buyer whose
   * HTTP call timed out is still credited, once (`purchase:<signature>`).
   */
  @OnJob(JobName.PurchaseVerify)
  async verifyAndCredit(job: Job<VerifyPurchaseJob>): Promise<PurchaseResult> {
    const { ownerId, signature, walletAddress, credits, sol, lamports } = job.data;
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    let answer: VersionedTransactionResponse | null;
    try {
      answer = await this.connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      });
    } catch (err) {
      if (!lastAttempt) throw err;
      throw new JobRefusal(
        'PURCHASE_RPC_UNAVAILABLE',
        'The Solana network cannot be reached right now. No credits were added; please try again shortly.',
        'Network Unavailable',
      );
    }
    if (!answer) {
      if (!lastAttempt) throw new Error(`transaction ${signature} not visible yet`);
      throw new JobRefusal(
        'PURCHASE_NOT_CONFIRMED',
        'Your transaction is not confirmed yet. No credits were added; try again in a minute.',
        'Not Confirmed Yet',
      );
    }
    const problem = paymentProblem(
      {
        failed: answer.meta?.err != null,
        blockTime: answer.blockTime,
        transfers: systemTransfers(answer.transaction.message, answer.meta?.loadedAddresses),
      },
      { payer: walletAddress, treasury: this.config.solana.treasury, lamports, now: Math.floor(Date.now() / 1000) },
    );
    if (problem) throw new JobRefusal('PURCHASE_NOT_VERIFIED', problem, 'Payment Not Verified');

    const { entry, duplicate } = await this.ledger.post({
      userId: ownerId,
      amount: credits,
      kind: 'purchase',
      reason: `Purchased ${credits} credits (${sol} SOL)`,
      idempotencyKey: `purchase:${signature}`,
      ref: signature,
    });
    if (duplicate && entry.userId !== ownerId) {
      throw new JobRefusal(
        'PURCHASE_SIGNATURE_USED',
        'This transaction was already used to buy credits on another account.',
        'Already Used',
      );
    }
    // A replay by the same buyer answers the original purchase, crediting nothing new.
    return { credits: entry.amount, newBalance: await this.ledgerReads.balance(ownerId), signature };
  }
}
