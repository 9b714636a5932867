import type { CreditPackage, PurchaseResult } from '@contract';
import bs58 from 'bs58';
import { useState } from 'react';

import { describeError } from '../../api/api';
import { useGetConfigQuery } from '../../api/configApi';
import { useToast } from '../../app/toast/useToast';
import { useGetUserQuery } from '../auth/authApi';
import { getPhantomProvider, type PhantomProvider } from './phantom';
import { type PurchaseStep, shortAddress } from './purchase.logic';
import { useGetLinkChallengeMutation, useLinkWalletMutation, usePurchaseCreditsMutation } from './walletApi';

export type PurchaseState =
  | { phase: 'idle' }
  | { phase: 'connecting' }
  /** `withLink`: the account has no wallet yet, so the flow starts with LINK_WALLET. */
  | { phase: 'processing'; step: PurchaseStep; credits: number; withLink: boolean }
  | { phase: 'success'; result: PurchaseResult }
  | { phase: 'failure'; reason: string; signature?: string };

/** docs/product.md texts for the wallet and purchase toasts. */
const WALLET_REQUIRED = {
  title: 'Wallet Required',
  description: 'Please install Phantom wallet to purchase credits with SOL.',
};
const CONNECTION_FAILED = { title: 'Connection Failed', description: 'Failed to connect to Phantom wallet.' };
const PAYMENT_FAILED = {
  title: 'Payment Failed',
  description: 'Transaction was rejected or failed. No SOL has been charged.',
};
const RECORDING_FAILED = {
  title: 'Transaction Failed',
  description: 'Unable to record your credit purchase. Contact support if SOL was charged.',
};

/** The user closed or refused a Phantom prompt (as opposed to the server refusing the link). */
class WalletRefused extends Error {}

/** The address Phantom already trusts this site with (e.g. after a wallet sign-in), if any. */
function connectedAddress(): string | null {
  const provider = getPhantomProvider();
  return provider?.isConnected && provider.publicKey ? provider.publicKey.toString() : null;
}

/**
 * docs/product.md, Wallet purchase flow: connect Phantom; for a package, link the wallet if the account has
 * none (an X sign-in), pay the treasury on chain, then have the server verify and credit it.
 */
export function usePurchaseFlow() {
  const { toast } = useToast();
  const { data: user } = useGetUserQuery();
  const { data: config } = useGetConfigQuery();
  const [getLinkChallenge] = useGetLinkChallengeMutation();
  const [linkWallet] = useLinkWalletMutation();
  const [purchaseCredits] = usePurchaseCreditsMutation();
  const [wallet, setWallet] = useState<string | null>(connectedAddress);
  const [state, setState] = useState<PurchaseState>({ phase: 'idle' });

  const fail = (notice: { title: string; description: string }, reason = notice.description, signature?: string) => {
    toast({ ...notice, variant: 'destructive' });
    setState({ phase: 'failure', reason, signature });
  };

  const connect = async () => {
    const provider = getPhantomProvider();
    if (!provider) return toast({ ...WALLET_REQUIRED, variant: 'destructive' });
    setState({ phase: 'connecting' });
    try {
      const { publicKey } = await provider.connect();
      setWallet(publicKey.toString());
      setState({ phase: 'idle' });
      toast({ title: 'Wallet Connected!', description: shortAddress(publicKey.toString()) });
    } catch {
      setState({ phase: 'idle' });
      toast({ ...CONNECTION_FAILED, variant: 'destructive' });
    }
  };

  /** The challenge-and-sign flow of sign-in, proving this account controls `address`. */
  const link = async (provider: PhantomProvider, address: string) => {
    const challenge = await getLinkChallenge(address).unwrap();
    const { signature } = await provider.signMessage(new TextEncoder().encode(challenge.message), 'utf8').catch(() => {
      throw new WalletRefused();
    });
    await linkWallet({ walletAddress: address, nonce: challenge.nonce, signature: bs58.encode(signature) }).unwrap();
  };

  const buy = async (pack: CreditPackage) => {
    const provider = getPhantomProvider();
    if (!provider) return toast({ ...WALLET_REQUIRED, variant: 'destructive' });
    // docs/product.md: picking a package while disconnected only starts connecting.
    if (!wallet) return connect();
    if (!user || !config) return;
    if (user.walletAddress && user.walletAddress !== wallet) {
      return fail({
        title: 'Wrong Wallet',
        description: `Switch Phantom to ${shortAddress(user.walletAddress)}, the wallet linked to your account.`,
      });
    }
    const withLink = !user.walletAddress;
    const onStep = (step: PurchaseStep) => setState({ phase: 'processing', step, credits: pack.credits, withLink });

    if (withLink) {
      onStep('LINK_WALLET');
      try {
        await link(provider, wallet);
      } catch (error) {
        return fail(error instanceof WalletRefused ? CONNECTION_FAILED : describeError(error, 'Link Failed'));
      }
    }

    let signature: string;
    try {
      onStep('BUILDING');
      const { payTreasury } = await import('./solanaPayment');
      signature = await payTreasury({
        rpcUrl: config.solanaRpcUrl,
        treasury: config.treasuryAddress,
        payer: wallet,
        lamports: pack.lamports,
        sign: (transaction) =>
          provider.signTransaction
            ? provider.signTransaction(transaction)
            : Promise.reject(new Error('no signTransaction')),
        onStep,
      });
    } catch {
      return fail(PAYMENT_FAILED);
    }
    // docs/product.md pairs the toasts: the payment sent (confirmed, or past an RPC that stopped answering),
    // then the credits on the ledger; a failure between the two is 'Transaction Failed'.
    toast({ title: 'Purchase Successful!', description: `Payment of ${pack.sol} SOL sent. Adding your credits…` });

    onStep('RECORDING');
    try {
      const result = await purchaseCredits({
        transactionHash: signature,
        creditsAmount: pack.credits,
        solAmount: pack.sol,
      }).unwrap();
      setState({ phase: 'success', result });
      toast({
        title: 'Credits Added!',
        description: `${result.credits} credits added. New balance: ${result.newBalance} FC.`,
      });
    } catch (error) {
      fail(RECORDING_FAILED, describeError(error, RECORDING_FAILED.title).description, signature);
    }
  };

  // With a wallet connected a package starts a purchase, which needs the account and the chain
  // settings: until both are in, the packages wait instead of swallowing the click.
  const settingUp = Boolean(wallet) && (!user || !config);
  const busy = state.phase === 'connecting' || state.phase === 'processing' || settingUp;
  return {
    wallet,
    state,
    busy,
    connect,
    buy,
    cluster: config?.solanaCluster ?? 'devnet',
    needsLink: Boolean(wallet && user && !user.walletAddress),
  };
}
