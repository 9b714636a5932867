import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it, vi } from 'vitest';

import type { AppStore } from '../../app/store';
import { CREDIT_PACKAGES, jsonResponse, makeUser, mockFetch, signedInStore } from '../../test/fixtures';
import type { PhantomProvider } from './phantom';
import { PurchasePanel } from './PurchasePanel';
import type { TreasuryPayment } from './solanaPayment';

const WALLET = '7Np41oeYqPefeNQEHSv1UDhYrehxin3NStELsSKCT4K2';
const TREASURY = 'Treas11111111111111111111111111111111111111';
const SIGNATURE = '5'.repeat(88);

// The on-chain half is @solana/web3.js against an RPC; here it only reports its steps and answers a signature.
const payTreasury = vi.hoisted(() => vi.fn());
vi.mock('./solanaPayment', () => ({ payTreasury }));

function installPhantom(overrides: Partial<PhantomProvider> = {}) {
  const provider = {
    isPhantom: true,
    connect: vi.fn(() => Promise.resolve({ publicKey: { toString: () => WALLET } })),
    signMessage: vi.fn(() => Promise.resolve({ signature: new Uint8Array(64).fill(7) })),
    signTransaction: vi.fn((tx: unknown) => Promise.resolve(tx)) as PhantomProvider['signTransaction'],
    disconnect: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
  window.phantom = { solana: provider };
  return provider;
}

const CONFIG = { solanaCluster: 'devnet', solanaRpcUrl: 'http://127.0.0.1:8899', treasuryAddress: TREASURY };

type Answer = () => Response | Promise<Response>;

/** A fake API for the panel's calls; `purchase` answers POST credits/purchase, `config` GET config. */
function serve(
  user = makeUser(),
  purchase: Answer = () => jsonResponse({ credits: 500, newBalance: 620, signature: SIGNATURE }),
  config: Answer = () => jsonResponse(CONFIG),
) {
  const requests: { method: string; path: string; query: string; body: unknown }[] = [];
  mockFetch(async (url, request) => {
    const { pathname, search } = new URL(url);
    const path = pathname.replace(/^\/api\//, '');
    requests.push({
      method: request.method,
      path,
      query: search,
      body: request.method === 'POST' ? await request.clone().json() : undefined,
    });
    if (path === 'user') return jsonResponse(user);
    if (path === 'config') return config();
    if (path === 'credits/packages') return jsonResponse(CREDIT_PACKAGES);
    if (path === 'auth/phantom/challenge')
      return jsonResponse({ nonce: 'a'.repeat(32), message: 'Link this wallet', expiresAt: '2099-01-01' });
    if (path === 'auth/phantom/link') return jsonResponse({ ...user, walletAddress: WALLET });
    if (path === 'credits/purchase') return purchase();
    return jsonResponse({ statusCode: 404, message: 'no', error: 'Not Found' }, 404);
  });
  return requests;
}

function renderPanel(store: AppStore = signedInStore()) {
  render(
    <Provider store={store}>
      <PurchasePanel />
    </Provider>,
  );
  return store;
}

const toastOf = (store: AppStore) => store.getState().toast.current;
/** Picks the 500-credit package once it takes a pick (it waits for the account and the chain settings). */
async function pick500() {
  const pack = (await screen.findByRole('button', {
    name: 'Buy 500 CREDITS 0.005 SOL ≈ $0.95 USD',
  })) as HTMLButtonElement;
  await waitFor(() => expect(pack.disabled).toBe(false));
  await userEvent.click(pack);
}

describe('PurchasePanel', () => {
  it('shows the server’s four packages with SOL and USD prices, disconnected, each named by what it shows', async () => {
    serve();
    renderPanel();
    expect(screen.getByText('DISCONNECTED')).toBeTruthy();
    expect((await screen.findAllByRole('button', { name: /^Buy / })).map((b) => b.textContent)).toEqual([
      'Buy 100 CREDITS 0.001 SOL ≈ $0.20 USD',
      'Buy 500 CREDITS 0.005 SOL ≈ $0.95 USD',
      'Buy 1,000 CREDITS 0.009 SOL ≈ $1.80 USD',
      'Buy 2,500 CREDITS 0.02 SOL ≈ $4.25 USD',
    ]);
  });

  it('asks for Phantom when it is not installed', async () => {
    const requests = serve();
    const store = renderPanel();
    await pick500();
    expect(toastOf(store)).toMatchObject({
      title: 'Wallet Required',
      description: 'Please install Phantom wallet to purchase credits with SOL.',
    });
    expect(requests.some((r) => r.path === 'credits/purchase')).toBe(false);
  });

  it('only connects when a package is picked while disconnected', async () => {
    serve();
    const phantom = installPhantom();
    const store = renderPanel();
    await pick500();
    expect(await screen.findByText('CONNECTED')).toBeTruthy();
    expect(toastOf(store)?.title).toBe('Wallet Connected!');
    expect(phantom.signTransaction).not.toHaveBeenCalled();
    expect(payTreasury).not.toHaveBeenCalled();
  });

  it('says so when connecting fails', async () => {
    serve();
    installPhantom({ connect: () => Promise.reject(new Error('User rejected the request.')) });
    const store = renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'CONNECT_WALLET' }));
    await waitFor(() =>
      expect(toastOf(store)).toMatchObject({
        title: 'Connection Failed',
        description: 'Failed to connect to Phantom wallet.',
      }),
    );
    expect(screen.getByText('DISCONNECTED')).toBeTruthy();
  });

  it('keeps the packages disabled while the chain settings load, so an early pick is not swallowed', async () => {
    let releaseConfig: () => void = () => undefined;
    const configHeld = new Promise<void>((resolve) => (releaseConfig = resolve));
    serve(makeUser({ walletAddress: WALLET }), undefined, () => configHeld.then(() => jsonResponse(CONFIG)));
    installPhantom({ isConnected: true, publicKey: { toString: () => WALLET } });
    renderPanel(signedInStore(makeUser({ walletAddress: WALLET })));
    const packs = (await screen.findAllByRole('button', { name: /^Buy / })) as HTMLButtonElement[];
    expect(packs.every((pack) => pack.disabled)).toBe(true);
    releaseConfig();
    await waitFor(() => expect(packs.every((pack) => !pack.disabled)).toBe(true));
  });

  it('links the wallet of an X account, pays, records the purchase and links the transaction', async () => {
    let finishRecording: () => void = () => undefined;
    const recorded = new Promise<void>((resolve) => (finishRecording = resolve));
    const requests = serve(makeUser(), () =>
      recorded.then(() => jsonResponse({ credits: 500, newBalance: 620, signature: SIGNATURE })),
    );
    const phantom = installPhantom({ isConnected: true, publicKey: { toString: () => WALLET } });
    let finishPayment: (signature: string) => void = () => undefined;
    payTreasury.mockImplementation(({ onStep }: TreasuryPayment) => {
      onStep('CONFIRMING');
      return new Promise((resolve) => (finishPayment = resolve));
    });
    const store = renderPanel();
    expect(await screen.findByText('CONNECTED')).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.path === 'config')).toBe(true));
    await pick500();

    // While paying: the current step is shown and every package is disabled.
    expect(await screen.findByText('CONFIRMING')).toHaveProperty('ariaCurrent', 'step');
    expect(screen.getByText('LINK_WALLET')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Buy / }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    finishPayment(SIGNATURE);

    // Paid first, then recorded: one toast for each (docs/product.md).
    await waitFor(() =>
      expect(toastOf(store)).toMatchObject({
        title: 'Purchase Successful!',
        description: 'Payment of 0.005 SOL sent. Adding your credits…',
      }),
    );
    expect(await screen.findByText('RECORDING')).toHaveProperty('ariaCurrent', 'step');
    finishRecording();
    expect(await screen.findByText(/PURCHASE_COMPLETE/)).toBeTruthy();
    expect(toastOf(store)).toMatchObject({
      title: 'Credits Added!',
      description: '500 credits added. New balance: 620 FC.',
    });
    expect(screen.getByRole('link', { name: /VIEW_TRANSACTION/ }).getAttribute('href')).toBe(
      `https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`,
    );
    expect(phantom.signMessage).toHaveBeenCalledWith(new TextEncoder().encode('Link this wallet'), 'utf8');
    expect(requests.find((r) => r.path === 'auth/phantom/challenge')?.query).toBe(
      `?walletAddress=${WALLET}&purpose=link`,
    );
    expect(requests.find((r) => r.path === 'auth/phantom/link')?.body).toMatchObject({
      walletAddress: WALLET,
      nonce: 'a'.repeat(32),
    });
    expect(payTreasury).toHaveBeenCalledWith(
      expect.objectContaining({
        rpcUrl: 'http://127.0.0.1:8899',
        treasury: TREASURY,
        payer: WALLET,
        lamports: 5_000_000,
      }),
    );
    expect(requests.find((r) => r.path === 'credits/purchase')?.body).toEqual({
      transactionHash: SIGNATURE,
      creditsAmount: 500,
      solAmount: 0.005,
    });
  });

  it('reports a rejected payment without recording anything', async () => {
    const requests = serve(makeUser({ walletAddress: WALLET }));
    installPhantom({ isConnected: true, publicKey: { toString: () => WALLET } });
    payTreasury.mockRejectedValue(new Error('User rejected the request.'));
    const store = renderPanel(signedInStore(makeUser({ walletAddress: WALLET })));
    await waitFor(() => expect(requests.some((r) => r.path === 'config')).toBe(true));
    await pick500();
    await waitFor(() =>
      expect(toastOf(store)).toMatchObject({
        title: 'Payment Failed',
        description: 'Transaction was rejected or failed. No SOL has been charged.',
      }),
    );
    expect(requests.some((r) => r.path === 'credits/purchase' || r.path === 'auth/phantom/link')).toBe(false);
  });

  it('reports a purchase the server refuses, with its reason and the transaction', async () => {
    const refusal = {
      statusCode: 400,
      message: 'This transaction paid 0.001 SOL but the package costs 0.005 SOL.',
      error: 'Payment Not Verified',
    };
    const requests = serve(makeUser({ walletAddress: WALLET }), () => jsonResponse(refusal, 400));
    installPhantom({ isConnected: true, publicKey: { toString: () => WALLET } });
    payTreasury.mockResolvedValue(SIGNATURE);
    const store = renderPanel(signedInStore(makeUser({ walletAddress: WALLET })));
    await waitFor(() => expect(requests.some((r) => r.path === 'config')).toBe(true));
    await pick500();
    expect(await screen.findByText(/paid 0.001 SOL but the package costs 0.005 SOL/)).toBeTruthy();
    expect(toastOf(store)).toMatchObject({
      title: 'Transaction Failed',
      description: 'Unable to record your credit purchase. Contact support if SOL was charged.',
    });
    expect(screen.getByRole('link', { name: /VIEW_TRANSACTION/ })).toBeTruthy();
  });
});
