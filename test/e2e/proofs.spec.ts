// The daily proof in a real browser (issue 6): a completed workout leaves pending credits, the
// banner opens DAILY_PROOF_VALIDATION, three real files are uploaded (XHR PUT to the signed URL),
// validated by the server's proof.check job, and the result view, balance and streak follow.
import type { Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { pngImage } from '../../server/test/support/proof-files';
import { completeWorkout, dayCode, expect, proofFiles, screenshot, signInWithPhantom, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

async function uploadProofs(page: Page) {
  for (const [index, { kind, ...file }] of proofFiles(await dayCode(page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' }))).entries()) {
    await page.getByTestId(`${kind}-input`).setInputFiles(file);
    await expect(page.getByTestId('proof-progress')).toHaveText(`${index + 1}/3`);
  }
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: PHONE },
]) {
  test(`complete a workout, validate three proofs from the banner, see the result (${viewport.name})`, async ({ page, wallet }) => {
    expect(wallet.address).toBeTruthy();
    await page.setViewportSize(viewport.size);
    const session = await signInWithPhantom(page);
    const credits = await completeWorkout(page, session);
    await page.reload();

    await expect(page.getByText(`${credits} PENDING_CREDITS`)).toBeVisible();
    await page.getByRole('button', { name: 'VALIDATE_NOW' }).click();
    const dialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('proof-progress')).toHaveText('0/3');
    await expect(dialog.getByTestId('proof-pending')).toHaveText(String(credits));
    await expect(dialog.getByTestId('proof-challenge')).toHaveText(/^[A-Z2-9]{6}$/);
    await expect(dialog.getByText('Missing a day resets the streak to 0')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' })).toHaveCount(0);
    await screenshot(page, `proofs-dialog-${viewport.name}`, { fullPage: false });

    await uploadProofs(page);
    await expect(dialog.getByRole('button', { name: 'UPLOADED ACTIVITY_WATCH' })).toBeVisible();
    await screenshot(page, `proofs-uploaded-${viewport.name}`, { fullPage: false });

    await dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
    await expect(dialog.getByText('PROOFS_VALIDATED')).toBeVisible();
    await expect(dialog.getByText(`+${credits}`)).toBeVisible();
    await expect(dialog.getByText('1 DAY', { exact: true })).toBeVisible();
    await expect(toast(page).getByText(`${credits} coins have been validated!`)).toBeVisible();
    await screenshot(page, `proofs-result-${viewport.name}`, { fullPage: false });

    await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('PENDING_CREDITS')).toHaveCount(0);
    await expect(page.getByTestId('FITNESS_CREDITS')).toHaveText(String(credits));
    await expect(page.getByTestId('DAILY_STREAK')).toHaveText('1');
    await expect(page.getByRole('button', { name: 'VALIDATE_PROOF' })).toBeDisabled();
    await screenshot(page, `proofs-dashboard-after-${viewport.name}`);

    // The validated day is listed on the progress page with its coins and streak.
    await page.goto('/progress');
    const history = page.getByRole('list', { name: 'Validated proof days' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByText(`+${credits} FC`)).toBeVisible();
    await expect(history.getByText('STREAK 1')).toBeVisible();
    await expect(history.getByText('SELFIE ✓ · VIDEO ✓ · WATCH ✓')).toBeVisible();
    await screenshot(page, `proofs-history-${viewport.name}`);
  });
}

test("a refused proof shows 'Validation Failed' with the server's message, credits nothing, and can be replaced", async ({ page, wallet }) => {
  expect(wallet.address).toBeTruthy();
  const session = await signInWithPhantom(page);
  const credits = await completeWorkout(page, session);
  await page.reload();
  await page.getByRole('button', { name: 'VALIDATE_PROOF' }).click();
  const dialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
  const seed = randomInt(1_000_000);
  // In SPEC order: the selfie, the video, the screenshot.
  const [selfie, video, watch] = proofFiles(await dayCode(dialog)).map(({ kind: _kind, ...file }) => file);
  await page.getByTestId('gym_selfie-input').setInputFiles(selfie);
  await page.getByTestId('workout_video-input').setInputFiles(video);
  // A 10×10 "screenshot": the proof.check job refuses it.
  await page.getByTestId('apple_watch-input').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: pngImage(10, 10, seed) });
  await expect(dialog.getByTestId('proof-progress')).toHaveText('3/3');
  await dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
  await expect(toast(page).getByText('Validation Failed')).toBeVisible();
  await expect(toast(page).getByText('Activity-watch screenshot: The image is too small (10×10); send a real photo or screenshot')).toBeVisible();
  await screenshot(page, 'proofs-refused-desktop', { fullPage: false });
  await expect(dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' })).toBeVisible();
  const user = await (await page.request.get('/api/user', { headers: { Authorization: `Bearer ${session.token}` } })).json();
  expect(user).toMatchObject({ sweatCredits: 0, pendingCredits: credits });

  // The refused screenshot is replaced in its slot; the other two files were released and count again.
  await page.getByTestId('apple_watch-input').setInputFiles(watch);
  await expect(toast(page).getByText('Activity Watch Uploaded')).toBeVisible();
  await dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
  await expect(dialog.getByText(`+${credits}`)).toBeVisible();
});
