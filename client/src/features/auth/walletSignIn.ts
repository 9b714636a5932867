import bs58 from 'bs58';

import { describeError } from '../../api/api';
import type { AppThunk } from '../../app/store';
import { showToast } from '../../app/toast/toastSlice';
import { getPhantomProvider, PHANTOM_DOWNLOAD_URL } from '../wallet/phantom';
import { authApi } from './authApi';
import { startSession } from './session';

/** The user closed or refused the Phantom prompt (as opposed to the server refusing the sign-in). */
class WalletRefused extends Error {}

async function askWallet<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch {
    throw new WalletRefused();
  }
}

/**
 * Sign-In-With-Solana: connect Phantom, sign the server's single-use challenge,
 * exchange the signature for a session (ARCHITECTURE, Identity).
 */
export function signInWithPhantom(): AppThunk<Promise<void>> {
  return async (dispatch) => {
    const provider = getPhantomProvider();
    if (!provider) {
      window.open(PHANTOM_DOWNLOAD_URL, '_blank', 'noopener,noreferrer');
      dispatch(
        showToast({
          title: 'Phantom Wallet Required',
          description: 'Please install Phantom wallet or try again',
          variant: 'destructive',
        }),
      );
      return;
    }
    try {
      const { publicKey } = await askWallet(() => provider.connect());
      const walletAddress = publicKey.toString();
      const challenge = await dispatch(
        authApi.endpoints.getPhantomChallenge.initiate(walletAddress, { track: false }),
      ).unwrap();
      const { signature } = await askWallet(() =>
        provider.signMessage(new TextEncoder().encode(challenge.message), 'utf8'),
      );
      const session = await dispatch(
        authApi.endpoints.phantomSignIn.initiate(
          { walletAddress, signature: bs58.encode(signature), nonce: challenge.nonce },
          { track: false },
        ),
      ).unwrap();
      dispatch(startSession(session.user, session.token));
    } catch (error) {
      const toast =
        error instanceof WalletRefused
          ? { title: 'Connection Failed', description: 'Failed to connect to Phantom wallet.' }
          : describeError(error, 'Sign-in Failed');
      dispatch(showToast({ ...toast, variant: 'destructive' }));
    }
  };
}
