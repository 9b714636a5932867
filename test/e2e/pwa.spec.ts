// The installable app: a valid manifest with loading icons and iOS's home-screen icon, a
// service worker that takes control, and without a network a reload opens the app's OFFLINE screen,
// not a browser error (axe-clean at both sizes).
import { seriousViolations } from './a11y';
import { expect, screenshot, signInWithPhantom, test } from './fixtures';

test('the manifest makes the app installable: name, standalone, start URL, 192/512 and maskable icons that load', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'Sweat Credits',
    short_name: 'Sweat',
    display: 'standalone',
    start_url: '/',
    scope: '/',
  });
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose?: string }) => `${icon.sizes}${icon.purpose ? ` ${icon.purpose}` : ''}`,
  );
  expect(sizes).toEqual(['192x192', '512x512', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
  }
  // iOS ignores the manifest's icons: its home screen takes the apple-touch-icon, 180 px square.
  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const png = await request.get(touchIcon!);
  expect([touchIcon, png.status(), png.headers()['content-type']]).toEqual(['/apple-touch-icon.png', 200, 'image/png']);
  const header = await png.body();
  expect([header.readUInt32BE(16), header.readUInt32BE(20)]).toEqual([180, 180]);
});

for (const viewport of [
  { name: 'phone', size: { width: 390, height: 844 } },
  { name: 'desktop', size: { width: 1366, height: 900 } },
]) {
  test(`the service worker takes control, offline a reload shows the OFFLINE screen, and a running app shows a banner (${viewport.name})`, async ({
    page,
    context,
    wallet,
  }) => {
    expect(wallet.address).toBeTruthy();
    await page.setViewportSize(viewport.size);
    await signInWithPhantom(page);
    // The worker installs, precaches the app and claims the page.
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready) !== null && navigator.serviceWorker.controller !== null,
      null,
      { timeout: 20_000 },
    );

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'OFFLINE' })).toBeVisible();
    await expect(page.getByText('Reconnect to sync your training.')).toBeVisible();
    await screenshot(page, `pwa-offline-${viewport.name}`, { fullPage: false });
    expect(await seriousViolations(page, `OFFLINE screen (${viewport.name})`)).toEqual([]);

    // Back online, the session is checked again and the signed-in app returns by itself.
    await context.setOffline(false);
    const dashboard = page.getByRole('heading', { level: 1, name: 'SWEAT_CREDITS_SYS' });
    await expect(dashboard).toBeVisible();

    // Running, the app that loses its network keeps its screen under a banner, which goes when the network returns.
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: 'OFFLINE' });
    await expect(banner).toHaveText('OFFLINE Uploads resume when you reconnect');
    await expect(dashboard).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'OFFLINE' })).toHaveCount(0);
    await screenshot(page, `pwa-offline-banner-${viewport.name}`, { fullPage: false });
    expect(await seriousViolations(page, `offline banner (${viewport.name})`)).toEqual([]);
    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
  });
}
