// Training in a real browser (issue 4): generate, tick, complete, the toast, the pending banner and
// the session on the progress page; the coach chat, a workout generated from it, and the saved profile
// reaching both. The e2e server has no OpenAI key, so the local coach (the real product
// fallback) answers through the BullMQ worker.
import type { Page } from '@playwright/test';

import { docsScreenshot, expect, moveServerClock, screenshot, signInWithPhantom, test } from './fixtures';

const PHONE = { width: 390, height: 844 };

const toast = (page: Page) => page.getByRole('region', { name: 'Notifications (F8)' });
const sessionCard = (page: Page) => page.getByRole('region', { name: 'ACTIVE_SESSION' });

async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('generate a workout, tick it, complete it, and see the credits pending and the session on the progress page', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  const session = await signInWithPhantom(page);
  await page.getByRole('button', { name: 'START_TRAINING' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'TRAINING_MODULE' })).toBeVisible();
  await expect(sessionCard(page).getByText('NO_ACTIVE_SESSION')).toBeVisible();
  await expect(page.getByTestId('SESSION_TYPE')).toHaveText('NOT_SET');
  await expect(page.getByText('ENGINE: SWEAT_LOCAL_COACH_V1')).toBeVisible();
  await screenshot(page, 'training-empty-desktop');

  const generator = page.getByRole('region', { name: 'AI_GENERATOR' });
  await generator.getByLabel('TRAINING_TYPE').selectOption('hiit');
  await generator.getByRole('button', { name: 'BEGINNER' }).click();
  await generator.getByLabel('DURATION').selectOption('15');
  await generator.getByRole('button', { name: 'EXECUTE_GENERATION' }).click();
  await expect(toast(page).getByText('New Workout Generated! 💪')).toBeVisible();
  await expect(sessionCard(page).getByText('READY')).toBeVisible();
  await expect(page.getByTestId('SESSION_TYPE')).toHaveText('HIIT');
  await expect(page.getByTestId('DIFFICULTY')).toHaveText('BEGINNER');

  const boxes = sessionCard(page).getByRole('checkbox');
  const total = await boxes.count();
  expect(total).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('button', { name: 'COMPLETE_SESSION' })).toHaveCount(0);
  for (let i = 0; i < total; i++) await boxes.nth(i).check();
  await expect(page.getByTestId('completion-percent')).toHaveText('100%');
  // 15 min beginner pays 5 (docs/product.md, "Workouts and sessions").
  await expect(page.getByTestId('potential-credits')).toHaveText('5');
  await screenshot(page, 'training-ticked-desktop');
  await docsScreenshot(page, 'training');

  // The first tick started the session: half its 15 minutes pass on the server's clock.
  await expect(sessionCard(page).getByTestId('session-times')).toContainText('STARTED');
  await moveServerClock(page, session, 8);
  await page.getByRole('button', { name: 'COMPLETE_SESSION' }).click();
  await expect(toast(page).getByText('Workout Completed! 🎉')).toBeVisible();
  await expect(toast(page).getByText('5 credits pending: prove today to validate them')).toBeVisible();
  await expect(sessionCard(page).getByText('NO_ACTIVE_SESSION')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'DASHBOARD' }).click();
  const banner = page.getByRole('region', { name: 'Pending credits' });
  await expect(banner).toContainText('5 PENDING_CREDITS');
  await expect(banner.getByRole('button', { name: 'VALIDATE_NOW' })).toBeVisible();
  await docsScreenshot(page, 'dashboard');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'PROGRESS' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ANALYTICS_MODULE' })).toBeVisible();
  await expect(page.getByTestId('TOTAL_SESSIONS')).toHaveText('1');
  await expect(page.getByTestId('CREDITS_EARNED')).toHaveText('5');
  await expect(page.getByTestId('ACHIEVEMENTS')).toHaveText('2');
  const recent = page.getByRole('region', { name: 'RECENT_SESSIONS' });
  await expect(recent.getByText(/HIIT Foundations · 15 min/)).toBeVisible();
  await expect(recent.getByText('INTENSE')).toBeVisible();
  await screenshot(page, 'progress-desktop');
});

test('chat three messages with the coach and generate the workout it describes (phone width)', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  await page.setViewportSize(PHONE);
  await signInWithPhantom(page);
  await page.goto('/workouts');
  const coach = page.getByRole('region', { name: 'AI_FITNESS_COACH' });
  const input = coach.getByRole('textbox', { name: 'Message' });
  const generateFromChat = coach.getByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' });

  await input.fill('How do I lose weight?');
  await input.press('Enter');
  await expect(coach.getByText(/calorie deficit/)).toBeVisible();
  await expect(generateFromChat).toHaveCount(0);

  await input.fill('I want a 30 minute yoga session');
  await input.press('Shift+Enter');
  await input.pressSequentially('my wrist hurts');
  await input.press('Enter');
  await expect(
    coach.getByText(/30-minute .* yoga session with bodyweight only, nothing that loads your wrist/),
  ).toBeVisible();
  await expect(generateFromChat).toBeVisible();

  await input.fill('Thanks, what should I train today?');
  await input.press('Enter');
  await expect(coach.getByText(/start fresh|fully recovered/)).toBeVisible();
  await screenshot(page, 'training-chat-phone', { fullPage: false });

  await generateFromChat.click();
  await expect(toast(page).getByText('Workout Generated!')).toBeVisible();
  await expect(toast(page).getByText('Custom workout created based on our conversation')).toBeVisible();
  await expect(sessionCard(page).getByText(/Yoga Flow .* · 30 min/)).toBeVisible();
  await expect(sessionCard(page).getByText(/wrist/).first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.goto('/workouts');
  await expect(sessionCard(page).getByText('READY')).toBeVisible();
  // The conversation is kept on the server: it shows again after leaving the page.
  await expect(coach.getByText('How do I lose weight?')).toBeVisible();
  await expect(generateFromChat).toBeVisible();
  await screenshot(page, 'training-phone', { fullPage: false });
  await page.goto('/progress');
  await expect(page.getByText('NO_SESSION_DATA')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, 'progress-phone', { fullPage: false });
});

test('the coach works from the saved profile: its units, limitation and equipment reach the answers and the workout from the chat', async ({
  page,
  wallet,
}) => {
  expect(wallet.address).toBeTruthy();
  await signInWithPhantom(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'IMPERIAL' }).click();
  await page.getByLabel('WEIGHT (LB)').fill('200');
  await page.getByRole('group', { name: 'EQUIPMENT' }).getByLabel('DUMBBELLS').check();
  await page.getByRole('group', { name: 'LIMITATIONS' }).getByLabel('KNEE').check();
  await page.getByRole('button', { name: 'SAVE_PROFILE' }).click();
  await expect(toast(page).getByText('Profile Saved')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'WORKOUTS', exact: true }).click();
  const coach = page.getByRole('region', { name: 'AI_FITNESS_COACH' });
  const input = coach.getByRole('textbox', { name: 'Message' });
  await input.fill('How do I lose 10 pounds?');
  await input.press('Enter');
  await expect(coach.getByText(/Losing 10 lb .* at your 200 lb/)).toBeVisible();
  await input.fill('I have 20 minutes for my legs');
  await input.press('Enter');
  await expect(
    coach.getByText(
      /20-minute beginner strength session for your legs and glutes with dumbbells, nothing that loads your knee/,
    ),
  ).toBeVisible();

  await coach.getByRole('button', { name: 'GENERATE_WORKOUT_FROM_CHAT' }).click();
  await expect(toast(page).getByText('Workout Generated!')).toBeVisible();
  await expect(sessionCard(page).getByText(/Legs & Glutes Strength Foundations · 20 min/)).toBeVisible();
  await expect(sessionCard(page).getByText(/Nothing that loads your knee/)).toBeVisible();
  await expect(sessionCard(page).getByText(/Uses only what you have: dumbbells/)).toBeVisible();
  // Reloaded, the conversation is still there.
  await page.reload();
  await expect(coach.getByText('I have 20 minutes for my legs')).toBeVisible();
});
