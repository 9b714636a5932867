// axe-core on every screen and every open dialog (the BMI upload under way, the BMI and proof result
// views too), with toasts on screen, at 1366×900 and 390×844
//: no serious or critical violation anywhere. Each scan's findings are collected, so a
// failure lists every screen that has one, not just the first.
import type { Page } from '@playwright/test';

import { pdfWithLines } from '../../server/test/support/uploads';
import { A11Y_VIEWPORTS, seriousViolations } from './a11y';
import {
  CHECKED,
  completeWorkout,
  dayCode,
  expect,
  proofFiles,
  screenshot,
  type Session,
  signInWithPhantom,
  test,
} from './fixtures';

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });

/** A workout completed (credits pending, so the proof dialog opens) and a new one waiting on the training page. */
async function seedTraining(page: Page, session: Session) {
  await completeWorkout(page, session);
  const generated = await page.request.post('/api/workout/generate', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { userId: session.user.id },
  });
  expect(generated.ok()).toBe(true);
}

async function closeDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

for (const viewport of A11Y_VIEWPORTS) {
  test(`no serious or critical axe violation on any screen, dialog or toast (${viewport.name})`, async ({
    page,
    wallet,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport.size);
    const found: string[] = [];
    const scan = async (where: string) =>
      void found.push(...(await seriousViolations(page, `${where} (${viewport.name})`)));

    await page.goto('/');
    const connect = page.getByRole('button', { name: 'CONNECT_PHANTOM_WALLET' });
    await expect(connect).toBeVisible();
    await scan('login');
    wallet.rejectNext();
    await connect.click();
    await expect(toast(page).getByText('Connection Failed')).toBeVisible();
    await scan('login, error toast');
    await screenshot(page, `a11y-login-error-toast-${viewport.name}`, { fullPage: false });

    const session = await signInWithPhantom(page);
    await seedTraining(page, session);
    await page.reload();
    await expect(page.getByRole('button', { name: 'VALIDATE_NOW' })).toBeVisible();
    await scan('dashboard');

    await page.getByRole('button', { name: 'UPLOAD_BMI' }).click();
    const bmiDialog = page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' });
    await expect(bmiDialog.getByRole('button', { name: 'browse files' })).toBeVisible();
    await scan('BMI upload dialog');
    await bmiDialog
      .getByTestId('bmi-report-input')
      .setInputFiles({ name: 'inbody.pdf', mimeType: 'application/pdf', buffer: await pdfWithLines(['BMI 22.7']) });
    await expect(bmiDialog.getByRole('button', { name: /^Upload 1 file$/ })).toBeVisible();
    await scan('BMI upload dialog, file picked');
    await screenshot(page, `a11y-bmi-picked-${viewport.name}`, { fullPage: false });
    // Held on its way, the upload shows its progress (in the product’s accent) until let go.
    let letUploadGo!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (letUploadGo = resolve));
    await page.route('**/api/uploads/**', async (route) => uploadHeld.then(() => route.fallback()), { times: 1 });
    await bmiDialog.getByRole('button', { name: /^Upload 1 file$/ }).click();
    await expect(bmiDialog.getByRole('progressbar', { name: 'inbody.pdf upload' })).toBeVisible();
    await expect(bmiDialog.getByRole('progressbar', { name: 'inbody.pdf upload' })).toHaveCSS(
      'accent-color',
      'rgb(198, 255, 61)',
    );
    await scan('BMI upload dialog, uploading');
    await screenshot(page, `a11y-bmi-uploading-${viewport.name}`, { fullPage: false });
    letUploadGo();
    await expect(bmiDialog.getByTestId('result-BMI')).toHaveText('22.7', CHECKED);
    await scan('BMI result');
    await screenshot(page, `a11y-bmi-result-${viewport.name}`, { fullPage: false });
    await closeDialog(page, 'BMI_REPORT_UPLOAD');

    await page.getByRole('button', { name: 'VALIDATE_NOW' }).click();
    const proofDialog = page.getByRole('dialog', { name: 'DAILY_PROOF_VALIDATION' });
    await expect(proofDialog.getByTestId('proof-progress')).toHaveText('0/3');
    await scan('proof dialog');
    const [{ kind, ...selfie }, ...others] = await proofFiles(await dayCode(proofDialog));
    await proofDialog.getByTestId(`${kind}-input`).setInputFiles(selfie);
    await expect(toast(page).getByText('Gym Selfie Uploaded')).toBeVisible(CHECKED);
    await scan('proof dialog, success toast');
    await screenshot(page, `a11y-proof-toast-${viewport.name}`, { fullPage: false });
    for (const { kind: other, ...file } of others) await proofDialog.getByTestId(`${other}-input`).setInputFiles(file);
    await expect(proofDialog.getByTestId('proof-progress')).toHaveText('3/3', CHECKED);
    await proofDialog.getByRole('button', { name: 'VALIDATE_ALL_PROOFS' }).click();
    await expect(proofDialog.getByText('PROOFS_VALIDATED')).toBeVisible();
    await scan('proof result');
    await screenshot(page, `a11y-proof-result-${viewport.name}`, { fullPage: false });
    await closeDialog(page, 'DAILY_PROOF_VALIDATION');

    await page.goto('/workouts');
    // Two questions and their answers overflow the chat log, which then scrolls.
    const coach = page.getByRole('region', { name: 'AI_FITNESS_COACH' });
    for (const question of ['How do I lose weight?', 'What should I train today?']) {
      await coach.getByRole('textbox', { name: 'Message' }).fill(question);
      await coach.getByRole('textbox', { name: 'Message' }).press('Enter');
      await expect(coach.getByText(question)).toBeVisible();
    }
    await expect(coach.getByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' })).toBeVisible();
    await expect(coach.getByText('THINKING')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'ACTIVE_SESSION' }).getByText('READY')).toBeVisible();
    await scan('workouts');
    // The coach's thinking indicator, held on screen by a slow answer.
    await page.route('**/api/workout/chat', async (route) =>
      setTimeout(() => void route.continue().catch(() => undefined), 3000),
    );
    await coach.getByRole('textbox', { name: 'Message' }).fill('And tomorrow?');
    await coach.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect(coach.getByText('THINKING')).toBeVisible();
    await scan('workouts, coach thinking');

    await page.goto('/progress');
    await page.getByLabel('HEIGHT (CM)').fill('180');
    await page.getByLabel('WEIGHT (KG)').fill('77.5');
    await page.getByRole('button', { name: 'CALCULATE_BMI' }).click();
    await expect(toast(page).getByText(/Your BMI is 23.9/)).toBeVisible();
    await scan('progress, success toast');

    await page.goto('/credits');
    await expect(page.getByRole('heading', { level: 1, name: 'CREDITS_AND_REWARDS' })).toBeVisible();
    // Scanned with the earning actions' states shown: READY (workout, weight), the streak's and the steps' bars, what is missing.
    await expect(
      page
        .getByRole('region', { name: 'EARNING_ACTIONS' })
        .getByRole('progressbar', { name: 'Weekly Streak progress' }),
    ).toBeVisible();
    await scan('credits');
    await page.getByRole('button', { name: '+ ADD_GOAL' }).click();
    await expect(page.getByRole('dialog', { name: 'ADD_GOAL' })).toBeVisible();
    await scan('add goal dialog');
    await screenshot(page, `a11y-add-goal-${viewport.name}`, { fullPage: false });
    await closeDialog(page, 'ADD_GOAL');
    await page.getByRole('button', { name: 'INFO' }).click();
    await expect(
      page.getByRole('dialog', { name: 'COMMUNITY_POOL_RULES' }).getByRole('listitem').first(),
    ).toBeVisible();
    await scan('pool info dialog');
    await screenshot(page, `a11y-pool-info-${viewport.name}`, { fullPage: false });
    await closeDialog(page, 'COMMUNITY_POOL_RULES');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'USER_PROFILE' })).toBeVisible();
    await page.getByRole('group', { name: 'EQUIPMENT' }).getByLabel('DUMBBELLS').check();
    await scan('profile');
    // A refused field: its error tied to the input, the refusal toast on screen.
    await page.getByLabel('WEIGHT (KG)').fill('12');
    await page.getByRole('button', { name: 'SAVE_PROFILE' }).click();
    await expect(toast(page).getByText('Invalid Input')).toBeVisible();
    await scan('profile, field error and toast');
    await screenshot(page, `a11y-profile-error-${viewport.name}`, { fullPage: false });

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'ABOUT_SWEAT_CREDITS' })).toBeVisible();
    await scan('about');

    await page.goto('/no-such-page');
    await expect(page.getByText('/no-such-page')).toBeVisible();
    await scan('404');
    await screenshot(page, `a11y-not-found-${viewport.name}`, { fullPage: false });

    console.log(`axe (${viewport.name}): ${found.length} serious or critical findings\n${found.join('\n')}`);
    expect(found).toEqual([]);
  });
}

test('with reduced motion asked for, nothing moves: no animation or transition on a dialog, a toast or a button', async ({
  page,
  wallet,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInWithPhantom(page);
  expect(wallet.requests).toContain('signMessage');
  await page.getByRole('button', { name: 'UPLOAD_BMI' }).click();
  await expect(page.getByRole('dialog', { name: 'BMI_REPORT_UPLOAD' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/progress');
  await page.getByRole('button', { name: 'CALCULATE_BMI' }).click();
  await expect(toast(page).getByText('Invalid Input')).toBeVisible();
  expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
  const transition = await page
    .getByRole('button', { name: 'CALCULATE_BMI' })
    .evaluate((button) => getComputedStyle(button).transitionDuration);
  expect(transition).toBe('0s');
});
