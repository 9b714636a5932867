// An activity file as the activity proof in a real browser: a GPX track with heart rate
// uploaded to the activity slot is read at once (what it holds and each rule, before validation),
// a fake is refused with its reason, the day validates, and the Progress page lists the activity.
import { randomInt } from 'node:crypto';

import { bodyFeatures, implausibleForBody } from '../../server/src/activities/body-plausibility.rules';
import { shapeOf } from '../../server/src/activities/series-shape.rules';
import { afternoonZone, gpxFile, samplesOf } from '../../server/test/support/activity-files';
import { seriesOf } from '../../server/test/support/activity-forgeries';
import { seriousViolations } from './a11y';
import { CHECKED, completeWorkout, dayCode, expect, proofFiles, screenshot, signInWithPhantom, test } from './fixtures';

// The browser's day is the proof day: early afternoon there, so a run that ended minutes ago was today.
const { timeZone } = afternoonZone();
test.use({ timezoneId: timeZone, viewport: { width: 390, height: 844 } });

/**
 * A GPX without device data counts as an activity only when its series look like a body's, which a
 * genuine 30-minute recording fails about once in 3,000 (bench/body-plausibility.mjs measures it by
 * length): this flow is about the screens, not the rule, so it draws until the rule counts one.
 */
const gpx = (minutes: number, heartRate: 'realistic' | 'flat' = 'realistic') => {
  const start = new Date(Date.now() - (minutes + 10) * 60_000);
  let spec = { start, minutes, seed: randomInt(1_000_000), heartRate };
  while (heartRate === 'realistic' && implausibleForBody(bodyFeatures(shapeOf(seriesOf(samplesOf(spec)))!)))
    spec = { ...spec, seed: randomInt(1_000_000) };
  return { name: 'Morning_Run.gpx', mimeType: 'application/gpx+xml', buffer: gpxFile(spec) };
};

test('a GPX file in the activity slot is read on upload, refused fakes say why, and the day validates with it', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  const session = await signInWithPhantom(page);
  const credits = await completeWorkout(page, session);
  await page.reload();
  await page.getByRole('button', { name: 'VALIDATE_NOW' }).click();
  const dialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
  const [selfie, video] = await proofFiles(await dayCode(dialog));
  await page.getByTestId('gym_selfie-input').setInputFiles(selfie);
  await page.getByTestId('workout_video-input').setInputFiles(video);
  await expect(dialog.getByTestId('proof-progress')).toHaveText('2/3', CHECKED);

  // A flat heart rate: the reason shows in the slot before any validation, and the file does not count.
  await page.getByTestId('apple_watch-input').setInputFiles(gpx(30, 'flat'));
  const refused = dialog.getByRole('list', { name: 'Activity Watch refused' });
  await expect(refused.getByText('Heart rate is a flat line (120 bpm throughout)')).toBeVisible();
  await expect(dialog.getByTestId('proof-progress')).toHaveText('2/3', CHECKED);
  await refused.scrollIntoViewIfNeeded();
  await screenshot(page, 'activity-file-refused-phone', { fullPage: false });

  // A genuine run replaces it: its figures and every check passed (within human bounds, and counting as an activity: its series look like a body's).
  await page.getByTestId('apple_watch-input').setInputFiles(gpx(30));
  const accepted = dialog.getByRole('list', { name: 'Activity Watch accepted' });
  await expect(accepted.getByRole('listitem')).toHaveCount(8);
  await expect(accepted.getByText(/counts as today’s activity/)).toBeVisible();
  await expect(dialog.getByText(/^RUNNING · 30 MIN · \d+\.\d\d KM · HR \d+\/\d+$/)).toBeVisible();
  await expect(dialog.getByText('GPX · Garmin Connect')).toBeVisible();
  await expect(dialog.getByTestId('proof-progress')).toHaveText('3/3');
  await dialog.getByText('GPX · Garmin Connect').scrollIntoViewIfNeeded();
  await screenshot(page, 'activity-file-read-phone', { fullPage: false });
  expect(await seriousViolations(page, 'activity file read')).toEqual([]);

  await dialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
  await expect(dialog.getByText(`+${credits}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'CLOSE', exact: true }).click();

  await page.goto('/progress');
  const list = page.getByRole('list', { name: 'Imported activities' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('GPX · Garmin Connect')).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Active minutes of imported activities per week, last 8 weeks' }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Validated proof days' }).getByText('SELFIE ✓ · VIDEO ✓ · WATCH ✓'),
  ).toBeVisible();
  await list.scrollIntoViewIfNeeded();
  await screenshot(page, 'activity-progress-phone', { fullPage: false });
  expect(await seriousViolations(page, 'progress with imported activities')).toEqual([]);
});
