import bs58 from 'bs58';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createAppStore } from '../../app/store';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import type { PhantomProvider } from '../wallet/phantom';
import { signInWithPhantom } from './walletSignIn';

const WALLET = '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2';
const SIGNATURE = new Uint8Array(64).fill(7);

function installPhantom(overrides: Partial<PhantomProvider> = {}) {
  const provider = {
    isPhantom: true,
    connect: vi.fn(() => Promise.resolve({ publicKey: { toString: () => WALLET } })),
    signMessage: vi.fn(() => Promise.resolve({ signature: SIGNATURE })),
    disconnect: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
  window.phantom = { solana: provider };
  return provider;
}

describe('signInWithPhantom', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs the challenge message and sends the base58 signature with the nonce', async () => {
    const provider = installPhantom();
    const fetchMock = mockFetch((url) =>
      url.includes('/challenge')
        ? jsonResponse({
            nonce: 'a'.repeat(32),
            message: 'Sign in to Sweat Credits',
            expiresAt: '2030-01-01T00:00:00Z',
          })
        : jsonResponse({ user: makeUser(), token: 'session-jwt' }),
    );
    const store = createAppStore();
    await store.dispatch(signInWithPhantom());

    expect(new TextDecoder().decode(vi.mocked(provider.signMessage).mock.calls[0][0])).toBe('Sign in to Sweat Credits');
    const challengeRequest = fetchMock.mock.calls[0][0] as Request;
    expect(new URL(challengeRequest.url).searchParams.get('walletAddress')).toBe(WALLET);
    const signInRequest = fetchMock.mock.calls[1][0] as Request;
    expect(await signInRequest.json()).toEqual({
      walletAddress: WALLET,
      signature: bs58.encode(SIGNATURE),
      nonce: 'a'.repeat(32),
    });
    expect(localStorage.getItem('authToken')).toBe('session-jwt');
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it('opens the Phantom download site when no wallet is installed', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const store = createAppStore();
    await store.dispatch(signInWithPhantom());

    expect(open).toHaveBeenCalledWith('https://phantom.app/download', '_blank', 'noopener,noreferrer');
    expect(store.getState().toast.current?.description).toBe('Please install Phantom wallet or try again');
  });

  it('reports a refused connection as Connection Failed', async () => {
    installPhantom({ connect: vi.fn(() => Promise.reject(new Error('User rejected the request.'))) });
    const store = createAppStore();
    await store.dispatch(signInWithPhantom());

    expect(store.getState().toast.current).toMatchObject({
      title: 'Connection Failed',
      description: 'Failed to connect to Phantom wallet.',
      variant: 'destructive',
    });
    expect(store.getState().auth.status).not.toBe('signedIn');
  });

  it("shows the server's reason when it refuses the signature", async () => {
    installPhantom();
    mockFetch((url) =>
      url.includes('/challenge')
        ? jsonResponse({ nonce: 'b'.repeat(32), message: 'm', expiresAt: '2030-01-01T00:00:00Z' })
        : jsonResponse({ statusCode: 401, message: 'Signature does not match the wallet', error: 'Unauthorized' }, 401),
    );
    const store = createAppStore();
    await store.dispatch(signInWithPhantom());

    expect(store.getState().toast.current).toMatchObject({
      title: 'Unauthorized',
      description: 'Signature does not match the wallet',
    });
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});
