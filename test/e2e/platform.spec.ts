// The platform in a real browser: Phantom and X sign-in, the shell's navigation on desktop and
// phone widths, 404, logout, and the wallet-missing / wallet-refused paths (issue 2).
import type { Page } from '@playwright/test';

import { E2E_X_USER } from './fakes';
import { expect, runCli, screenshot, signInWithPhantom, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const dashboardTitle = (page: Page) => page.getByRole('heading', { level: 1, name: 'SWEAT_CREDITS_SYS' });
const connectButton = (page: Page) => page.getByRole('button', { name: 'CONNECT_PHANTOM_WALLET' });
const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

/** Each section of the top nav, where it leads and a text that proves its screen is shown. */
const SCREENS = [
  { link: 'WORKOUTS', path: '/workouts', title: 'TRAINING_MODULE' },
  { link: 'PROGRESS', path: '/progress', title: 'ANALYTICS_MODULE' },
  { link: 'CREDITS', path: '/credits', title: /CREDITS/ },
  {
    link: 'ABOUT',
    path: '/about',
    title: 'ABOUT_SWEAT_CREDITS',
    text: 'Consistency is the hardest part of getting fit',
  },
  { link: 'DASHBOARD', path: '/', title: 'SWEAT_CREDITS_SYS' },
];

/** The page scrolls only vertically: nothing sticks out to the right. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('Phantom sign-in shows the dashboard with the upper-cased username and the _SYS header', async ({
  page,
  wallet,
}) => {
  await page.goto('/');
  await expect(connectButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'SIGN_IN_WITH_X' })).toBeEnabled();
  await expect(page.getByText('POWERED BY')).toBeVisible();
  await screenshot(page, 'login-desktop');

  const { user, token } = await signInWithPhantom(page);
  expect(user.walletAddress).toBe(wallet.address);
  expect(wallet.requests).toEqual(['connect', 'signMessage']);
  expect(token.length).toBeGreaterThan(20);
  await expect(page.getByText(`OPERATOR: ${user.username.toUpperCase()}`)).toBeVisible();
  await expect(page.getByRole('banner').getByText(user.username, { exact: true })).toBeVisible();
  const today = new Date()
    .toLocaleDateString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' })
    .toUpperCase();
  await expect(page.getByText(today)).toBeVisible();
  await screenshot(page, 'dashboard-desktop');

  // The session survives a reload (stored token verified again).
  await page.reload();
  await expect(dashboardTitle(page)).toBeVisible();
});

test('the operator CLI reaches the database the browser signed into', async ({ page, wallet }) => {
  const { user } = await signInWithPhantom(page);
  const listed = await runCli(['users:list', '--limit', '100000']);
  expect(listed.code).toBe(0);
  expect(listed.stdout).toMatch(new RegExp(`^${user.username}\\s+${user.id}\\s+0$`, 'm'));
  expect(user.walletAddress).toBe(wallet.address);
});

test('every top-nav link reaches its screen and marks itself active', async ({ page, wallet }) => {
  await signInWithPhantom(page);
  const mainNav = page.getByRole('navigation', { name: 'Main' });
  for (const screen of SCREENS) {
    await mainNav.getByRole('link', { name: screen.link, exact: true }).click();
    await expect(page).toHaveURL(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
    if (screen.text) await expect(page.getByText(screen.text)).toBeVisible();
    await expect(mainNav.getByRole('link', { name: screen.link, exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(mainNav.locator('[aria-current="page"]')).toHaveCount(1);
    await screenshot(page, `screen-${screen.link.toLowerCase()}-desktop`);
  }
  // /dashboard is the same screen as /.
  await page.goto('/dashboard');
  await expect(dashboardTitle(page)).toBeVisible();
  expect(wallet.requests).toContain('signMessage');
});

test('the bottom nav at 390 px: five entries (the profile), active follows the route, content stays clear, hidden when wide', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await expect(connectButton(page)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'login-mobile');

  await signInWithPhantom(page);
  const bottomNav = page.getByRole('navigation', { name: 'Sections' });
  await expect(bottomNav).toBeVisible();
  await expect(bottomNav.getByRole('link')).toHaveText(['SYS', 'TRAIN', 'DATA', 'CRED', 'USER']);
  await expect(bottomNav.getByRole('link', { name: 'SYS' })).toHaveAttribute('aria-current', 'page');
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'dashboard-mobile', { fullPage: false });

  // The end of the dashboard can be scrolled clear of the fixed bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const navTop = (await bottomNav.boundingBox())!.y;
  const lastBlock = page.locator('.app-main > * > *').last();
  const lastBottom = await lastBlock.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(lastBottom).toBeLessThanOrEqual(navTop);
  await screenshot(page, 'dashboard-mobile-end', { fullPage: false });

  const entries = [
    { label: 'TRAIN', path: '/workouts', title: 'TRAINING_MODULE' },
    { label: 'DATA', path: '/progress', title: 'ANALYTICS_MODULE' },
    { label: 'CRED', path: '/credits', title: /CREDITS/ },
    { label: 'USER', path: '/profile', title: 'USER_PROFILE' },
    { label: 'SYS', path: '/', title: 'SWEAT_CREDITS_SYS' },
  ];
  for (const entry of entries) {
    const link = bottomNav.getByRole('link', { name: entry.label });
    await link.click();
    await expect(page).toHaveURL(entry.path);
    await expect(page.getByRole('heading', { level: 1, name: entry.title })).toBeVisible();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(bottomNav.locator('[aria-current="page"]')).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    if (entry.label !== 'SYS')
      await screenshot(page, `screen-${entry.label.toLowerCase()}-mobile`, { fullPage: false });
  }

  // Active is dark text on the accent, inactive is grey: they must not look the same.
  const colorOf = (label: string) =>
    bottomNav.getByRole('link', { name: label }).evaluate((el) => getComputedStyle(el).color);
  expect(await colorOf('SYS')).not.toBe(await colorOf('TRAIN'));

  // Prefix rule: a deeper path under /workouts keeps TRAIN active (and shows the 404 card).
  await page.goto('/workouts/unknown');
  await expect(bottomNav.getByRole('link', { name: 'TRAIN' })).toHaveAttribute('aria-current', 'page');

  // About has no bottom entry: none is active there.
  await page.goto('/about');
  await expect(bottomNav.locator('[aria-current="page"]')).toHaveCount(0);

  await page.setViewportSize(DESKTOP);
  await expect(bottomNav).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(wallet.requests).toContain('signMessage');
});

test('a new page opens at its top, and Back returns to where the last one was scrolled (phone)', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize(PHONE);
  await signInWithPhantom(page);
  const bottomNav = page.getByRole('navigation', { name: 'Sections' });
  await bottomNav.getByRole('link', { name: 'CRED' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /CREDITS/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'PURCHASE_CREDITS' })).toBeVisible();
  // Every section in (the earning actions' states arrive last): a section growing later would move the scroll.
  await expect(page.getByText('0/7 days to Weekly Streak')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const creditsScroll = await page.evaluate(() => window.scrollY);
  expect(creditsScroll).toBeGreaterThan(500);

  await bottomNav.getByRole('link', { name: 'TRAIN' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'TRAINING_MODULE' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: /CREDITS/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(creditsScroll);
  expect(wallet.requests).toContain('connect');
});

test('an unknown path shows the Page Not Found card with a way back', async ({ page, wallet }) => {
  await signInWithPhantom(page);
  await page.goto('/no-such-module');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('/no-such-module')).toBeVisible();
  await screenshot(page, 'not-found-desktop');
  await page.getByRole('link', { name: 'RETURN_TO_DASHBOARD' }).click();
  await expect(page).toHaveURL('/');
  await expect(dashboardTitle(page)).toBeVisible();
  expect(wallet.requests).toContain('connect');
});

test('LOGOUT returns to the login screen, forgets the token, disconnects Phantom; a reload stays signed out', async ({
  page,
  wallet,
}) => {
  await signInWithPhantom(page);
  await page.getByRole('link', { name: 'CREDITS', exact: true }).click();
  await page.getByRole('button', { name: 'LOGOUT' }).click();
  await expect(connectButton(page)).toBeVisible();
  await expect(page).toHaveURL('/');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await expect.poll(() => wallet.requests).toContain('disconnect');

  await page.reload();
  await expect(connectButton(page)).toBeVisible();
  await expect(dashboardTitle(page)).toHaveCount(0);
});

test('without Phantom the connect button opens the wallet download site and says so', async ({ page }) => {
  await page.goto('/');
  const popup = page.waitForEvent('popup');
  await connectButton(page).click();
  // The popup opens blank (noopener) and then navigates; the route fixture answers it offline.
  await (await popup).waitForURL('https://phantom.app/download');
  await expect(toast(page).getByText('Phantom Wallet Required')).toBeVisible();
  await expect(toast(page).getByText('Please install Phantom wallet or try again')).toBeVisible();
  await screenshot(page, 'login-no-phantom-toast');
  await expect(connectButton(page)).toBeEnabled();
});

test('refusing in Phantom leaves the visitor signed out with a clear toast', async ({ page, wallet }) => {
  await page.goto('/');
  wallet.rejectNext();
  await connectButton(page).click();
  await expect(toast(page).getByText('Connection Failed')).toBeVisible();
  await expect(toast(page).getByText('Failed to connect to Phantom wallet.')).toBeVisible();
  expect(wallet.requests).toEqual(['connect']);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // Trying again works.
  await connectButton(page).click();
  await expect(dashboardTitle(page)).toBeVisible();
});

test('X sign-in goes through the (fake) X OAuth provider and lands signed in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'SIGN_IN_WITH_X' }).click();
  await expect(dashboardTitle(page)).toBeVisible();
  await expect(page.getByText(`OPERATOR: ${E2E_X_USER.screenName.toUpperCase()}`)).toBeVisible();
  // The single-use login code was taken out of the address bar.
  expect(new URL(page.url()).search).toBe('');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
});
