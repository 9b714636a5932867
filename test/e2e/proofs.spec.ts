// The daily proof in a real browser (issue 6): a completed workout leaves pending credits, the
// banner opens DAILY_PROOF_VALIDATION, three real files are uploaded (XHR parts to the signed URL),
// validated by the server's proof.check job, and the result view, balance and streak follow; a
// video whose connection drops mid-upload goes on from what the server kept, and one whose phone
// goes offline mid-upload waits under the offline banner and carries on when it is back.
import { randomInt } from 'node:crypto';

import type { Page } from '@playwright/test';

import * as samples from '../../server/test/support/evidence-samples';
import { pngImage } from '../../server/test/support/proof-files';
import { seriousViolations } from './a11y';
import {
  CHECKED,
  completeWorkout,
  dayCode,
  expect,
  expectNotCovering,
  proofFiles,
  screenshot,
  signInWithPhantom,
  test,
} from './fixtures';

const PHONE = { width: 390, height: 844 };

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

const PART = 5 * 1024 * 1024;

/** A genuine workout video grown to `bytes` by a trailing `free` box, which players skip: sent in parts of PART. */
function grownWorkoutVideo(bytes: number): Buffer {
  const seed = randomInt(1_000_000);
  const genuine = samples.reusedWorkoutVideo(seed % 3, seed);
  const free = Buffer.alloc(bytes - genuine.length);
  free.writeUInt32BE(free.length);
  free.write('free', 4, 'latin1');
  return Buffer.concat([genuine, free]);
}

/**
 * Records `video`'s upload requests as the browser sends them ('METHOD range'), and makes the one
 * sending its `part` (0-based) fail once with `failure`, after `beforeFailing` (the phone losing its network).
 */
async function failVideoPartOnce(
  page: Page,
  video: Buffer,
  part: number,
  failure: 'connectionreset' | 'internetdisconnected',
  beforeFailing?: () => Promise<void>,
) {
  const videoRequests: string[] = [];
  const failing = `bytes ${part * PART}-${Math.min((part + 1) * PART, video.length) - 1}/${video.length}`;
  let failed = false;
  await page.route('**/api/uploads/**', async (route) => {
    const request = route.request();
    const range = (await request.allHeaders())['content-range'];
    // Only the video's failed part makes the client ask where an upload stands.
    const ofVideo = range?.endsWith(`/${video.length}`) || (request.method() === 'GET' && failed);
    if (ofVideo) videoRequests.push(`${request.method()} ${range ?? ''}`.trim());
    if (ofVideo && range === failing && !failed) {
      failed = true;
      await beforeFailing?.();
      return route.abort(failure);
    }
    return route.fallback();
  });
  return videoRequests;
}

/**
 * On a phone, signed in with a workout's credits pending: the proof dialog open, the day's files,
 * and a video of `videoBytes` whose second part will fail once (failVideoPartOnce).
 */
async function openWithVideoFailingOnce(
  page: Page,
  videoBytes: number,
  failure: Parameters<typeof failVideoPartOnce>[3],
  beforeFailing?: () => Promise<void>,
) {
  await page.setViewportSize(PHONE);
  const credits = await completeWorkout(page, await signInWithPhantom(page));
  const video = grownWorkoutVideo(videoBytes);
  const videoRequests = await failVideoPartOnce(page, video, 1, failure, beforeFailing);
  await page.reload();
  await page.getByRole('button', { name: 'VALIDATE_NOW' }).click();
  const dialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
  const [selfie, , watch] = await proofFiles(await dayCode(dialog));
  return { credits, video, videoRequests, dialog, selfie, watch };
}

async function uploadProofs(page: Page) {
  for (const [index, { kind, ...file }] of (
    await proofFiles(await dayCode(page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' })))
  ).entries()) {
    await page.getByTestId(`${kind}-input`).setInputFiles(file);
    await expect(page.getByTestId('proof-progress')).toHaveText(`${index + 1}/3`, CHECKED);
  }
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: PHONE },
]) {
  test(`complete a workout, validate three proofs from the banner, see the result (${viewport.name})`, async ({
    page,
    wallet,
  }) => {
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

test('a refused selfie shows why in its slot before validation, is replaced, and the checked set validates', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  const session = await signInWithPhantom(page);
  const credits = await completeWorkout(page, session);
  await page.reload();
  await page.getByRole('button', { name: 'VALIDATE_PROOF' }).click();
  const dialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
  const code = await dayCode(dialog);
  // In the product’s order: the selfie, the video, the screenshot.
  const [selfie, video, watch] = (await proofFiles(code)).map(({ kind: _kind, ...file }) => file);
  await page.getByTestId('workout_video-input').setInputFiles(video);
  await page.getByTestId('apple_watch-input').setInputFiles(watch);
  await expect(dialog.getByRole('list', { name: 'Workout Video accepted' })).toBeVisible(CHECKED);
  await expect(dialog.getByRole('list', { name: 'Activity Watch accepted' })).toBeVisible(CHECKED);
  await expect(dialog.getByTestId('proof-progress')).toHaveText('2/3');

  // A selfie without anyone in it, nor today's code: its slot says why before any validation.
  await page
    .getByTestId('gym_selfie-input')
    .setInputFiles({ name: 'empty-room.png', mimeType: 'image/png', buffer: pngImage(640, 480, randomInt(1_000_000)) });
  const refused = dialog.getByRole('list', { name: 'Gym Selfie refused' });
  await expect(refused.getByText('No person found in the selfie')).toBeVisible(CHECKED);
  await expect(dialog.getByText('Pick another file to replace it.')).toBeVisible();
  await expect(toast(page).getByText('Gym Selfie Refused')).toBeVisible();
  await expect(dialog.getByTestId('proof-progress')).toHaveText('2/3');
  await expect(dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' })).toHaveCount(0);
  await refused.scrollIntoViewIfNeeded();
  await screenshot(page, 'proofs-selfie-refused-desktop', { fullPage: false });
  expect(await seriousViolations(page, 'refused selfie')).toEqual([]);
  const user = await (
    await page.request.get('/api/user', { headers: { Authorization: `Bearer ${session.token}` } })
  ).json();
  expect(user).toMatchObject({ sweatCredits: 0, pendingCredits: credits });

  // A genuine selfie replaces it: every check passes, and the day validates with the checks kept.
  await page.getByTestId('gym_selfie-input').setInputFiles(selfie);
  const accepted = dialog.getByRole('list', { name: 'Gym Selfie accepted' });
  await expect(accepted.getByText(`Code ${code} is readable`)).toBeVisible(CHECKED);
  await expect(toast(page).getByText('Gym Selfie Uploaded')).toBeVisible();
  await accepted.scrollIntoViewIfNeeded();
  await screenshot(page, 'proofs-selfie-accepted-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
  await expect(dialog.getByText(`+${credits}`)).toBeVisible();
  await expect(toast(page).getByText(`${credits} coins have been validated!`)).toBeVisible();
});

test('a 12 MB video whose connection drops mid-upload goes on from the bytes the server kept, and the day validates', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  // Its second part is cut off once (the connection dropped).
  const { credits, video, videoRequests, dialog, selfie, watch } = await openWithVideoFailingOnce(
    page,
    12 * 1024 * 1024,
    'connectionreset',
  );
  await page.getByTestId('gym_selfie-input').setInputFiles(selfie);
  await page.getByTestId('apple_watch-input').setInputFiles(watch);
  await page
    .getByTestId('workout_video-input')
    .setInputFiles({ name: 'workout.mp4', mimeType: 'video/mp4', buffer: video });

  await expect(dialog.getByRole('status').filter({ hasText: 'Connection lost — retrying (1/5)…' })).toBeVisible();
  await screenshot(page, 'proofs-retrying-phone', { fullPage: false });
  await expect(dialog.getByRole('button', { name: 'UPLOADED WORKOUT_VIDEO' })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByTestId('proof-progress')).toHaveText('3/3');
  expect(videoRequests).toEqual([
    `PATCH bytes 0-${PART - 1}/${video.length}`,
    `PATCH bytes ${PART}-${2 * PART - 1}/${video.length}`,
    // Where it stands: the first part is kept, so only the lost one is sent again.
    'GET',
    `PATCH bytes ${PART}-${2 * PART - 1}/${video.length}`,
    `PATCH bytes ${2 * PART}-${video.length - 1}/${video.length}`,
  ]);

  await dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
  await expect(dialog.getByText('PROOFS_VALIDATED')).toBeVisible();
  await expect(dialog.getByText(`+${credits}`)).toBeVisible();
});

test('offline mid-video: the banner says so, the dialog keeps its proofs, and the video carries on once back online; the day validates', async ({
  page,
  context,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  // The phone loses its network while the video's second part is on its way.
  const offline = () => context.setOffline(true);
  const { credits, video, videoRequests, dialog, selfie, watch } = await openWithVideoFailingOnce(
    page,
    8 * 1024 * 1024,
    'internetdisconnected',
    offline,
  );
  await page.getByTestId('gym_selfie-input').setInputFiles(selfie);
  await page.getByTestId('apple_watch-input').setInputFiles(watch);
  await expect(dialog.getByTestId('proof-progress')).toHaveText('2/3', CHECKED);
  await page
    .getByTestId('workout_video-input')
    .setInputFiles({ name: 'workout.mp4', mimeType: 'video/mp4', buffer: video });

  // The running app offline: a banner over the page and the open dialog (not over its Close), no OFFLINE screen, the dialog kept.
  const banner = page.getByRole('status').filter({ hasText: 'OFFLINE' });
  await expect(banner).toHaveText('OFFLINE Uploads resume when you reconnect');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expectNotCovering(banner, dialog.getByRole('button', { name: 'Close', exact: true }));
  await expect(page.getByRole('heading', { level: 1, name: 'OFFLINE' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'UPLOADED GYM_SELFIE' })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'Connection lost — retrying (1/5)…' })).toBeVisible();
  await expect(dialog.getByTestId('proof-progress')).toHaveText('2/3');
  await screenshot(page, 'proofs-offline-phone', { fullPage: false });
  // Offline past the first retries' waits (1 s, then 2 s): nothing is sent while the browser has no network.
  await page.waitForTimeout(3500);
  const partOne = `PATCH bytes 0-${PART - 1}/${video.length}`;
  const partTwo = `PATCH bytes ${PART}-${video.length - 1}/${video.length}`;
  expect(videoRequests).toEqual([partOne, partTwo]);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'UPLOADED WORKOUT_VIDEO' })).toBeVisible(CHECKED);
  await expect(dialog.getByTestId('proof-progress')).toHaveText('3/3');
  // Where it stands, then only the part that was cut off.
  expect(videoRequests).toEqual([partOne, partTwo, 'GET', partTwo]);
  await dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
  await expect(dialog.getByText('PROOFS_VALIDATED')).toBeVisible();
  await expect(dialog.getByText(`+${credits}`)).toBeVisible();
});

test('an upload refused on the way (its URL expired) says why with RETRY, which sends it again on a new URL; keyboard and axe as the rest of the dialog', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  await page.setViewportSize(PHONE);
  const session = await signInWithPhantom(page);
  await completeWorkout(page, session);
  const expired = {
    statusCode: 403,
    code: 'UPLOAD_URL_EXPIRED',
    message: 'This upload URL has expired',
    error: 'Forbidden',
  };
  let refused = false;
  await page.route('**/api/uploads/**', (route) => {
    if (refused) return route.fallback();
    refused = true;
    return route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(expired) });
  });
  await page.reload();
  await page.getByRole('button', { name: 'VALIDATE_NOW' }).click();
  const dialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
  const [selfie] = await proofFiles(await dayCode(dialog));
  await page.getByTestId('gym_selfie-input').setInputFiles(selfie);

  await expect(dialog.getByText('This upload URL has expired')).toBeVisible();
  await expect(toast(page).getByText('Upload Failed')).toBeVisible();
  const retry = dialog.getByRole('button', { name: 'RETRY GYM_SELFIE' });
  await screenshot(page, 'proofs-upload-failed-phone', { fullPage: false });
  expect(await seriousViolations(page, 'failed upload')).toEqual([]);

  await retry.focus();
  await page.keyboard.press('Enter');
  const done = dialog.getByRole('button', { name: 'UPLOADED GYM_SELFIE' });
  await expect(done).toBeVisible();
  // RETRY went away with the upload; focus stayed in the slot, on its button.
  await expect(done).toBeFocused();
  await expect(dialog.getByText('This upload URL has expired')).toHaveCount(0);
  await expect(dialog.getByTestId('proof-progress')).toHaveText('1/3');
});
