// The credits screen in a real browser (issue 3): credits granted with the operator CLI show up,
// a marketplace redeem spends them once, the ledger table, balance and chart follow, the toast
// shows; a goal is staked through its dialog; a post with the referral link earns once; the
// earning-action cards say before the click what pays; the screen is looked at on desktop and phone widths.
import type { Page } from '@playwright/test';

import { FakeTweet, PUBLISH_PATH } from '../fakes/x-api';
import { E2E_X_USER } from './fakes';
import { completeWorkout, expect, runCli, screenshot, signInWithPhantom, test } from './fixtures';
import { serverEnv } from './server';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const ledger = (page: Page) => page.getByRole('region', { name: 'TRANSACTION_LEDGER' });
const balance = (page: Page) => page.getByTestId('credits-balance');

/** Publishes a post on the fake X API that the server looks posts up on. */
async function publishPost(id: string, post: FakeTweet) {
  const res = await fetch(`${serverEnv().X_API_BASE_URL}${PUBLISH_PATH}${id}`, {
    method: 'PUT',
    body: JSON.stringify(post),
  });
  expect(res.status).toBe(200);
}

async function grant(username: string, amount: number, reason: string) {
  const result = await runCli(['credits:grant', username, String(amount), reason]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toMatch(new RegExp(`granted ${amount} to ${username}`));
}

/** Signed in with Phantom on a desktop-sized page, `credits` granted with the CLI, on /credits showing that balance. */
async function openCredits(page: Page, walletAddress: string, credits?: { amount: number; reason: string }) {
  await page.setViewportSize(DESKTOP);
  const { user } = await signInWithPhantom(page);
  expect(user.walletAddress).toBe(walletAddress);
  if (credits) await grant(user.username, credits.amount, credits.reason);
  await page.goto('/credits');
  await expect(balance(page)).toHaveText(String(credits?.amount ?? 0));
  return user;
}

test('credits granted with the CLI can be redeemed in the browser; ledger, balance and toast follow', async ({
  page,
  wallet,
}) => {
  await openCredits(page, wallet.address, { amount: 400, reason: 'Welcome bonus from support' });
  await expect(page.getByRole('heading', { level: 1, name: 'CREDITS_AND_REWARDS' })).toBeVisible();
  await expect(ledger(page).getByRole('cell', { name: 'Welcome bonus from support' })).toBeVisible();
  // 250 fits once in 400, 400 fits exactly, so both are enabled; nothing is above the balance yet.
  const gymPass = page.getByRole('button', { name: 'Redeem Gym Pass' });
  await expect(gymPass).toBeEnabled();

  await gymPass.click();
  await expect(toast(page).getByText('Redeemed Successfully!')).toBeVisible();
  await expect(toast(page).getByText(/Gym Pass: voucher GYM-[A-Z2-9]{4}-[A-Z2-9]{4}/)).toBeVisible();
  await expect(balance(page)).toHaveText('250');
  const newest = ledger(page).getByRole('row').nth(1);
  await expect(newest).toContainText('Redeemed Gym Pass');
  await expect(newest).toContainText('-150');
  await expect(newest.getByRole('cell').last()).toHaveText('250');
  await expect(ledger(page).getByRole('img', { name: 'Balance over time' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'REDEMPTION_MARKETPLACE' }).getByText(/GYM-[A-Z2-9]{4}-[A-Z2-9]{4}/),
  ).toBeVisible();
  // Supplement Bundle costs 400: above the new balance, so it is disabled.
  await expect(page.getByRole('button', { name: 'Redeem Supplement Bundle' })).toBeDisabled();

  const verify = await runCli(['ledger:verify']);
  expect(verify.code, verify.stdout).toBe(0);
  await screenshot(page, 'credits-desktop', { fullPage: true });

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, 'credits-phone', { fullPage: true });
  // Viewport-sized shots as a phone shows them, section by section.
  for (const section of [
    'CREDITS_AS_REVENUE',
    'EARNING_ACTIONS',
    'REDEMPTION_MARKETPLACE',
    'TRANSACTION_LEDGER',
    'PURCHASE_CREDITS',
  ]) {
    await page.getByRole('region', { name: section }).scrollIntoViewIfNeeded();
    await screenshot(page, `credits-phone-${section.toLowerCase()}`, { fullPage: false });
  }
});

test('refusals on the credits screen: a post needs a linked X account, and an unmet earn action says why before the click', async ({
  page,
  wallet,
}) => {
  await openCredits(page, wallet.address, { amount: 100, reason: 'Starter credits' });

  // A wallet member has no X account linked: the post field and its button say why they are off.
  const needsX = /^Posts earn credits only from your own X account/;
  await expect(page.getByLabel('Post URL')).toBeDisabled();
  await expect(page.getByLabel('Post URL')).toHaveAccessibleDescription(needsX);
  await expect(page.getByRole('button', { name: 'VALIDATE_TWEET_FOR_CREDITS' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'VALIDATE_TWEET_FOR_CREDITS' })).toHaveAccessibleDescription(needsX);

  // No session completed today: CLAIM says so instead of failing silently, and a click sends nothing.
  const claim = page.getByRole('button', { name: 'Claim Complete Workout' });
  await expect(claim).toHaveAttribute('aria-disabled', 'true');
  await expect(claim).toHaveAccessibleDescription('Complete at least half of a workout today');
  const earnCalls: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/credits/earn') && earnCalls.push(r.url()));
  // Still focusable, so a keyboard user reaches it and hears the reason; pressing it does nothing.
  await claim.focus();
  await page.keyboard.press('Enter');
  await expect(claim).toBeFocused();
  await expect(claim).toHaveText('CLAIM');
  expect(earnCalls).toEqual([]);
  await expect(balance(page)).toHaveText('100');
  await expect(page.getByRole('button', { name: 'Redeem Gym Pass' })).toBeDisabled();

  await page.getByRole('button', { name: 'INFO' }).click();
  await expect(page.getByRole('dialog', { name: 'COMMUNITY_POOL_RULES' })).toContainText('12,450');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '+ ADD_GOAL' }).click();
  await expect(page.getByRole('dialog', { name: 'ADD_GOAL' })).toBeVisible();
  await screenshot(page, 'credits-add-goal', { fullPage: false });
});

test('earning-action cards say before the click what pays: READY after a workout, the streak’s days, then claimed', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize(DESKTOP);
  const session = await signInWithPhantom(page);
  expect(session.user.walletAddress).toBe(wallet.address);
  await completeWorkout(page, session);
  await page.goto('/credits');
  const earning = page.getByRole('region', { name: 'EARNING_ACTIONS' });
  const claim = (title: string) => earning.getByRole('button', { name: `Claim ${title}` });

  await expect(claim('Complete Workout')).toHaveAccessibleDescription('READY');
  await expect(claim('Complete Workout')).not.toHaveAttribute('aria-disabled', 'true');
  const streak = earning.getByRole('progressbar', { name: 'Weekly Streak progress' });
  await expect(streak).toHaveAttribute('aria-valuenow', '0');
  await expect(streak).toHaveAttribute('aria-valuemax', '7');
  await expect(claim('Weekly Streak')).toHaveAccessibleDescription('0/7 days to Weekly Streak');
  await expect(claim('Log Weight')).toHaveAttribute('aria-disabled', 'true');
  // 10K Steps counts the steps read from imported activity files: none yet.
  await expect(earning.getByRole('progressbar', { name: '10K Steps progress' })).toHaveAttribute(
    'aria-valuemax',
    '10000',
  );
  await expect(claim('10K Steps')).toHaveAccessibleDescription("0/10,000 steps in today's imported activity files");
  await earning.scrollIntoViewIfNeeded();
  await screenshot(page, 'credits-earning-actions-desktop', { fullPage: false });
  await page.setViewportSize(PHONE);
  await earning.scrollIntoViewIfNeeded();
  await screenshot(page, 'credits-earning-actions-phone', { fullPage: false });

  await claim('Complete Workout').click();
  await expect(toast(page).getByText('Credits Earned!')).toBeVisible();
  // Complete Workout waits in pending credits for the day's proofs, in the card's own words.
  await expect(toast(page).getByText('10 credits pending: prove today to validate them')).toBeVisible();
  await expect(balance(page)).toHaveText('0');
  await expect(claim('Complete Workout')).toHaveAccessibleDescription('Already claimed today');
  await expect(claim('Complete Workout')).toHaveAttribute('aria-disabled', 'true');
  await screenshot(page, 'credits-earning-actions-claimed-phone', { fullPage: false });
});

test('a goal staked in the browser: refused beyond the balance, then staked, listed with its progress and in the ledger', async ({
  page,
  wallet,
}) => {
  await openCredits(page, wallet.address, { amount: 300, reason: 'Goal money' });

  await page.getByRole('button', { name: '+ ADD_GOAL' }).click();
  const dialog = page.getByRole('dialog', { name: 'ADD_GOAL' });
  await dialog.getByLabel('TITLE').fill('Three sessions this week');
  await expect(dialog.getByLabel('METRIC')).toHaveValue('workouts');
  await dialog.getByLabel('TARGET').fill('3');
  const inAWeek = new Date(Date.now() + 7 * 24 * 3600_000).toISOString().slice(0, 10);
  await dialog.getByLabel('DEADLINE').fill(inAWeek);
  await dialog.getByLabel(/^STAKE/).fill('500');
  await dialog.getByRole('button', { name: 'STAKE_AND_SET_GOAL' }).click();
  await expect(dialog.getByText('You have 300 credits')).toBeVisible();
  await expect(balance(page)).toHaveText('300');

  await dialog.getByLabel(/^STAKE/).fill('120');
  await dialog.getByRole('button', { name: 'STAKE_AND_SET_GOAL' }).click();
  await expect(toast(page).getByText('Goal Set!')).toBeVisible();
  await expect(toast(page).getByText('120 credits staked on "Three sessions this week"')).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(balance(page)).toHaveText('180');
  const goals = page.getByRole('region', { name: 'PREDICTION_GOALS' });
  await expect(goals.getByText('Three sessions this week')).toBeVisible();
  await expect(goals.getByText('ACTIVE')).toBeVisible();
  await expect(goals.getByText('0 / 3 WORKOUT DAYS')).toBeVisible();
  const dueShown = new Date(`${inAWeek}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(goals.getByText(`DUE ${dueShown}`)).toBeVisible();
  await expect(goals.getByRole('progressbar', { name: 'Three sessions this week progress' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  const newest = ledger(page).getByRole('row').nth(1);
  await expect(newest).toContainText('Staked on goal: Three sessions this week');
  await expect(newest).toContainText('-120');

  const verify = await runCli(['ledger:verify']);
  expect(verify.code, verify.stdout).toBe(0);
  await goals.scrollIntoViewIfNeeded();
  await screenshot(page, 'credits-goal-staked', { fullPage: false });
});

// Posts pay only when the member's own X account posted them: this member signs in with the fake
// provider's one X account (shared with purchase.spec.ts, so the balance is read, not assumed).
test("a post with the referral link by the member's own X account earns +50 once; the same post again is refused and changes nothing", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByRole('button', { name: 'SIGN_IN_WITH_X' }).click();
  await expect(page.getByText(`OPERATOR: ${E2E_X_USER.screenName.toUpperCase()}`)).toBeVisible();
  const user = await page.evaluate(async () =>
    (await fetch('/api/user', { headers: { Authorization: `Bearer ${localStorage.getItem('authToken')}` } })).json(),
  );
  await page.goto('/credits');
  await expect(balance(page)).toHaveText(/^\d+$/);
  const before = Number(await balance(page).textContent());
  const postId = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await publishPost(postId, { text: `Day 1 of training, join me: ${user.referralLink}`, authorId: E2E_X_USER.id });
  const postUrl = `https://x.com/e2e_runner/status/${postId}`;

  // Not a post URL: refused before any request, nothing changes.
  await page.getByLabel('Post URL').fill('https://example.com/not-a-post');
  await page.getByRole('button', { name: 'VALIDATE_TWEET_FOR_CREDITS' }).click();
  await expect(toast(page).getByText('Invalid Tweet URL')).toBeVisible();
  await expect(toast(page).getByText('Please paste a valid Twitter/X URL')).toBeVisible();
  await expect(balance(page)).toHaveText(String(before));

  await page.getByLabel('Post URL').fill(postUrl);
  await page.getByRole('button', { name: 'VALIDATE_TWEET_FOR_CREDITS' }).click();
  await expect(toast(page).getByText('Tweet Validated!')).toBeVisible();
  await expect(toast(page).getByText('+50 credits added to your balance')).toBeVisible();
  await expect(balance(page)).toHaveText(String(before + 50));
  await expect(page.getByLabel('Post URL')).toHaveValue('');
  const newest = ledger(page).getByRole('row').nth(1);
  await expect(newest).toContainText('Shared referral link on X');
  await expect(newest).toContainText('+50');

  await page.getByLabel('Post URL').fill(postUrl);
  await page.getByRole('button', { name: 'VALIDATE_TWEET_FOR_CREDITS' }).click();
  await expect(toast(page).getByText('Validation Failed')).toBeVisible();
  await expect(toast(page).getByText("Tweet already validated or doesn't contain referral link")).toBeVisible();
  await expect(balance(page)).toHaveText(String(before + 50));
  await screenshot(page, 'credits-post-refused', { fullPage: false });
});
