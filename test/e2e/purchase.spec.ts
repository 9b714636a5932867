// Buying credits with SOL in a real browser (issue 7): the injected Phantom signs a real transfer,
// the page sends it to the fake Solana RPC, and the server verifies it there before crediting.
import type { Page } from '@playwright/test';

import { E2E_X_USER } from './fakes';
import { expect, screenshot, signInWithPhantom, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

const panel = (page: Page) => page.getByRole('region', { name: 'PURCHASE_CREDITS' });
const package500 = (page: Page) => panel(page).getByRole('button', { name: 'Buy 500 CREDITS 0.005 SOL ≈ $0.95 USD' });
const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

test('buys the 500 package with Phantom: connect first, then pay, verify and credit', async ({ page, wallet }) => {
  const { token } = await signInWithPhantom(page);
  await page.goto('/credits');
  await expect(panel(page).getByText('DISCONNECTED')).toBeVisible();
  await panel(page).scrollIntoViewIfNeeded();
  await screenshot(page, 'purchase-panel-desktop', { fullPage: false });

  // Picking a package while disconnected only connects.
  wallet.requests.length = 0;
  await package500(page).click();
  await expect(panel(page).getByText('CONNECTED', { exact: true })).toBeVisible();
  await expect(toast(page).getByText('Wallet Connected!')).toBeVisible();
  expect(wallet.requests).toEqual(['connect']);

  await package500(page).click();
  await expect(toast(page).getByText('Credits Added!')).toBeVisible({ timeout: 30_000 });
  expect(wallet.requests).toEqual(['connect', 'signTransaction']);
  await expect(panel(page).getByText(/PURCHASE_COMPLETE: \+500 CREDITS · BALANCE 500 FC/)).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('500');
  const explorer = panel(page).getByRole('link', { name: /VIEW_TRANSACTION/ });
  const href = await explorer.getAttribute('href');
  expect(href).toMatch(/^https:\/\/explorer\.solana\.com\/tx\/[1-9A-HJ-NP-Za-km-z]{64,88}\?cluster=devnet$/);
  await expect(page.getByRole('cell', { name: 'Purchased 500 credits (0.005 SOL)' })).toBeVisible();
  await panel(page).scrollIntoViewIfNeeded();
  await screenshot(page, 'purchase-success-desktop', { fullPage: false });

  // The server's ledger holds the purchase once, referenced by the transaction signature.
  const signature = href!.split('/tx/')[1].split('?')[0];
  const user = await (await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).json();
  const rows = await (
    await page.request.get(`/api/transactions/${user.id}`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  expect(rows).toEqual([expect.objectContaining({ amount: 500, balance: 500, kind: 'purchase', ref: signature })]);
});

test('the purchase panel fits a phone and refuses a rejected payment without charging', async ({ page, wallet }) => {
  await page.setViewportSize(PHONE);
  await signInWithPhantom(page);
  await page.goto('/credits');
  await panel(page).getByRole('button', { name: 'CONNECT_WALLET' }).click();
  await expect(panel(page).getByText('CONNECTED', { exact: true })).toBeVisible();
  await panel(page).scrollIntoViewIfNeeded();
  await screenshot(page, 'purchase-panel-phone', { fullPage: false });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

  wallet.rejectNext();
  await package500(page).click();
  await expect(toast(page).getByText('Payment Failed')).toBeVisible();
  await expect(toast(page).getByText('Transaction was rejected or failed. No SOL has been charged.')).toBeVisible();
  await expect(page.getByTestId('credits-balance')).toHaveText('0');
  await panel(page).scrollIntoViewIfNeeded();
  await screenshot(page, 'purchase-failed-phone', { fullPage: false });
});

// The one X account of the fake OAuth provider gets this wallet linked: no other spec may link it.
test('an X account links the connected wallet by signing, then buys with it', async ({ page, wallet }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'SIGN_IN_WITH_X' }).click();
  await expect(page.getByText(`OPERATOR: ${E2E_X_USER.screenName.toUpperCase()}`)).toBeVisible();
  await page.goto('/credits');
  await panel(page).getByRole('button', { name: 'CONNECT_WALLET' }).click();
  await expect(panel(page).getByText('your first purchase links it to this account')).toBeVisible();
  const before = Number(await page.getByTestId('credits-balance').textContent());

  await panel(page).getByRole('button', { name: 'Buy 100 CREDITS 0.001 SOL ≈ $0.20 USD' }).click();
  await expect(toast(page).getByText('Credits Added!')).toBeVisible({ timeout: 30_000 });
  expect(wallet.requests).toEqual(['connect', 'signMessage', 'signTransaction']);
  await expect(page.getByTestId('credits-balance')).toHaveText(String(before + 100));
  await expect(panel(page).getByText('your first purchase links it to this account')).toBeHidden();
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const user = await (await page.request.get('/api/user', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect(user.walletAddress).toBe(wallet.address);
});
