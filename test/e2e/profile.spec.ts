// the profile and settings screen, in a real browser against the real server.
import type { ProfileView } from '../../server/src/contract';
import { expect, screenshot, signInWithPhantom, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const TABLET = { width: 768, height: 1024 };

test('a limitation, equipment and imperial units are saved, survive a reload, and heights show in ft/in elsewhere', async ({
  page,
  wallet,
}) => {
  await page.setViewportSize(DESKTOP);
  const session = await signInWithPhantom(page);
  expect(wallet.requests).toContain('signMessage');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PROFILE', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'USER_PROFILE' })).toBeVisible();
  await expect(page.getByTestId('profile-saved-at')).toHaveText('NOT_SAVED_YET');
  await screenshot(page, 'profile-empty-desktop');

  await page.getByLabel('AGE (YEARS)').fill('38');
  await page.getByRole('button', { name: 'IMPERIAL' }).click();
  await page.getByLabel('FEET').fill('5');
  await page.getByLabel('INCHES').fill('11');
  await page.getByLabel('WEIGHT (LB)').fill('170');
  await page.getByRole('group', { name: 'GOAL' }).getByLabel('BUILD_MUSCLE').check();
  const equipment = page.getByRole('group', { name: 'EQUIPMENT' });
  await equipment.getByLabel('DUMBBELLS').check();
  await equipment.getByLabel('PULLUP_BAR').check();
  await page.getByRole('group', { name: 'LIMITATIONS' }).getByLabel('KNEE').check();
  await page.getByLabel('TIME_ZONE').selectOption('America/Denver');
  await page.getByRole('button', { name: 'SAVE_PROFILE' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Profile Saved')).toBeVisible();
  await expect(page.getByTestId('profile-saved-at')).toContainText('LAST_SAVED:');

  // Stored metric, whatever the screen shows.
  const stored = (await (
    await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${session.token}` } })
  ).json()) as ProfileView;
  expect(stored).toMatchObject({
    age: 38,
    height: 180,
    weight: 77.11,
    goal: 'build_muscle',
    equipment: ['dumbbells', 'pullup_bar'],
    limitations: ['knee'],
    units: 'imperial',
    timeZone: 'America/Denver',
  });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'USER_PROFILE' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'IMPERIAL' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('FEET')).toHaveValue('5');
  await expect(page.getByLabel('INCHES')).toHaveValue('11');
  await expect(page.getByLabel('WEIGHT (LB)')).toHaveValue('170');
  await expect(page.getByRole('group', { name: 'LIMITATIONS' }).getByLabel('KNEE')).toBeChecked();
  await expect(equipment.getByLabel('DUMBBELLS')).toBeChecked();
  await expect(equipment.getByLabel('PULLUP_BAR')).toBeChecked();
  await expect(equipment.getByLabel('KETTLEBELL')).not.toBeChecked();
  await expect(page.getByLabel('TIME_ZONE')).toHaveValue('America/Denver');
  await screenshot(page, 'profile-saved-desktop');

  // Elsewhere: the dashboard's biometric panel in feet, inches and pounds.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD', exact: true }).click();
  const biometrics = page.getByRole('region', { name: 'BIOMETRIC_DATA' });
  await expect(biometrics.getByText('5 FT 11 IN')).toBeVisible();
  await expect(biometrics.getByText('170 LB')).toBeVisible();

  // The calculator keeps the product’s cm and kg, echoing them in the user's units; its result reaches the profile.
  await page.goto('/progress');
  await page.getByLabel('HEIGHT (CM)').fill('183');
  await page.getByLabel('WEIGHT (KG)').fill('80');
  await expect(page.locator('#bmi-height-echo')).toHaveText('= 6 FT 0 IN');
  await expect(page.locator('#bmi-weight-echo')).toHaveText('= 176.4 LB');
  await page.getByRole('button', { name: 'CALCULATE_BMI' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText(/Your BMI is 23.9/)).toBeVisible();
  await screenshot(page, 'profile-progress-imperial-desktop');
  await page.goto('/profile');
  await expect(page.getByLabel('FEET')).toHaveValue('6');
  await expect(page.getByLabel('INCHES')).toHaveValue('0');
  await expect(page.getByLabel('WEIGHT (LB)')).toHaveValue('176.4');

  // A refused value is shown beside its field, and nothing is saved.
  await page.getByLabel('AGE (YEARS)').fill('9');
  await page.getByRole('button', { name: 'SAVE_PROFILE' }).click();
  await expect(page.getByText('Age must be a whole number between 13-100 years.').first()).toBeVisible();
  await expect(page.getByLabel('AGE (YEARS)')).toBeFocused();
  await expect(page.getByLabel('AGE (YEARS)')).toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(page.getByLabel('AGE (YEARS)')).toHaveValue('38');

  // The narrowest width with the top bar's six links: they still fit beside the username.
  await page.setViewportSize(TABLET);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PROFILE', exact: true }),
  ).toBeVisible();
  await screenshot(page, 'profile-tablet', { fullPage: false });

  await page.setViewportSize(PHONE);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'USER' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'USER_PROFILE' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, 'profile-mobile', { fullPage: false });

  // The health screening (docs/product.md, Health screening): optional, private, weeks beside the answer; a pregnancy shapes the next plan.
  const pregnancy = page.getByRole('group', { name: 'PREGNANCY' });
  await expect(page.getByText(/Optional and private: only you see these answers/)).toBeVisible();
  await pregnancy.getByLabel('PREGNANT', { exact: true }).check();
  await page.getByLabel('WEEKS_PREGNANT').fill('22');
  await page.getByRole('button', { name: 'SAVE_PROFILE' }).click();
  await expect(page.getByRole('region', { name: 'Notifications (F8)' }).getByText('Profile Saved')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  const screened = (await (
    await page.request.get('/api/profile', { headers: { Authorization: `Bearer ${session.token}` } })
  ).json()) as ProfileView;
  expect(screened.health).toEqual({
    pregnancy: 'pregnant',
    pregnancyWeeks: 22,
    weeksSinceBirth: null,
    usedToHighImpact: false,
    conditions: [],
  });
  const plan = await (
    await page.request.post('/api/workout/generate', {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { userId: session.user.id, type: 'hiit', difficulty: 'advanced', duration: 30 },
    })
  ).json();
  expect(plan.difficulty).toBe('intermediate');
  expect(plan.notes[0]).toMatch(/midwife or doctor/);
  await screenshot(page, 'profile-mobile-full');
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'BIOMETRIC_DATA' }).getByText('6 FT 0 IN')).toBeVisible();
});
